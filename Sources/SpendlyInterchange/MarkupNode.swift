import Foundation
import SpendlyCore

/// An element of a markup file (OFX, CAMT): its name, text, attributes and children, with the
/// line it starts on. OFX 1.x SGML and every XML file are read into this one shape.
public final class MarkupNode {
  public let name: String
  public var text: String?
  public var attributes: [String: String]
  public var children: [MarkupNode] = []
  public let line: Int

  init(name: String, text: String? = nil, attributes: [String: String] = [:], line: Int) {
    self.name = name
    self.text = text
    self.attributes = attributes
    self.line = line
  }

  /// No bank file nests deeper than this (an OFX statement is about 8 levels, CAMT about 12):
  /// a file that does is refused while it is read, so no walk of the tree can run out of stack.
  public static let maximumDepth = 64

  /// The message for a file nested past `maximumDepth`.
  static let tooDeep = "nested too deeply (more than \(maximumDepth) levels)"

  /// Frees the tree below without recursion: a long chain of nodes would otherwise release
  /// one inside another.
  deinit {
    guard !children.isEmpty else { return }
    var pending = children
    children = []
    while let node = pending.popLast() {
      guard !node.children.isEmpty else { continue }
      pending.append(contentsOf: node.children)
      node.children = []
    }
  }

  /// The first child named `name` (case-insensitive for OFX's upper case, exact for XML).
  public func child(_ name: String) -> MarkupNode? { children.first { $0.name == name } }

  public func children(_ name: String) -> [MarkupNode] { children.filter { $0.name == name } }

  /// The node at a path of child names.
  public func at(_ path: String...) -> MarkupNode? {
    var node: MarkupNode? = self
    for name in path { node = node?.child(name) }
    return node
  }

  /// The trimmed text of the child `name`, nil when missing or empty (the common case: no path).
  public func value(_ name: String) -> String? { Self.trimmed(child(name)?.text) }

  /// The trimmed text at a path, nil when missing or empty.
  public func value(_ path: String...) -> String? {
    var node: MarkupNode? = self
    for name in path { node = node?.child(name) }
    return Self.trimmed(node?.text)
  }

  static func trimmed(_ text: String?) -> String? {
    guard let text else { return nil }
    // SGML text comes trimmed; XML text may carry the whitespace around it.
    let bytes = text.utf8
    if let first = bytes.first, let last = bytes.last, !SGMLReader.isSpace(first), !SGMLReader.isSpace(last) {
      return text
    }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// Every node below this one named `name`, in document order (not looking inside one found,
  /// nor inside nodes named in `pruning`).
  public func descendants(_ name: String, pruning: Set<String> = []) -> [MarkupNode] {
    // A walk with its own stack of (node, next child), not recursion: depth costs no stack.
    var found: [MarkupNode] = []
    var stack: [(node: MarkupNode, next: Int)] = [(self, 0)]
    while let (node, next) = stack.last {
      guard next < node.children.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next = next + 1
      let child = node.children[next]
      if child.name == name {
        found.append(child)
      } else if !child.children.isEmpty, !pruning.contains(child.name) {
        stack.append((child, 0))
      }
    }
    return found
  }
}

/// OFX 1.x is SGML: a leaf's tag is left unclosed (`<TRNAMT>-420.00`), an aggregate is closed
/// (`</STMTTRN>`). This reads the tags after the header block into a tree, a byte at a time
/// (tags are ASCII; text is decoded as UTF-8 once the file was).
enum SGMLReader {
  static func read(_ text: String, firstLine: Int = 1) throws(StatementError) -> MarkupNode {
    let root = MarkupNode(name: "#root", line: firstLine)
    var stack = [root]
    let bytes = Array(text.utf8)
    var i = 0
    var line = firstLine
    // Tag names repeat on every row: each distinct one is made into a String once.
    var names: [TagKey: String] = [:]
    func name(_ slice: ArraySlice<UInt8>) -> String {
      guard let key = TagKey(slice) else { return upper(slice) }
      if let known = names[key] { return known }
      let made = upper(slice)
      names[key] = made
      return made
    }
    while i < bytes.count {
      if bytes[i] == 0x0A { line += 1 }
      guard bytes[i] == 0x3C else {  // <
        i += 1
        continue
      }
      let tagLine = line
      var j = i + 1
      while j < bytes.count, bytes[j] != 0x3E {  // >
        if bytes[j] == 0x0A { line += 1 }
        j += 1
      }
      guard j < bytes.count else { throw StatementError(line: tagLine, "a tag is not closed with '>'") }
      var tagStart = i + 1
      var tagEnd = j
      while tagStart < tagEnd, bytes[tagStart] == 0x20 { tagStart += 1 }
      while tagEnd > tagStart, bytes[tagEnd - 1] == 0x20 { tagEnd -= 1 }
      i = j + 1
      guard tagStart < tagEnd else { continue }
      let first = bytes[tagStart]
      if first == 0x3F || first == 0x21 { continue }  // <?xml …?>, <!-- … -->
      if first == 0x2F {  // </TAG>
        let closing = name(bytes[(tagStart + 1)..<tagEnd])
        if let index = stack.lastIndex(where: { $0.name == closing }), index > 0 { stack.removeSubrange(index...) }
        continue
      }
      var k = i
      var newlines = 0
      while k < bytes.count, bytes[k] != 0x3C {
        if bytes[k] == 0x0A { newlines += 1 }
        k += 1
      }
      var valueStart = i
      var valueEnd = k
      while valueStart < valueEnd, isSpace(bytes[valueStart]) { valueStart += 1 }
      while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
      let node = MarkupNode(name: name(bytes[tagStart..<tagEnd]), line: tagLine)
      guard valueEnd - valueStart <= TextLimits.fieldBytes else {
        throw StatementError(line: tagLine, "\(node.name) \(TextLimits.tooLong)")
      }
      stack.last!.children.append(node)
      if valueStart == valueEnd {
        guard stack.count <= MarkupNode.maximumDepth else { throw StatementError(line: tagLine, MarkupNode.tooDeep) }
        stack.append(node)
      } else {
        node.text = unescaped(String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))
      }
      line += newlines
      i = k
    }
    // A statement's aggregates are always closed: one left open means the file was cut short.
    if let open = stack.dropFirst().last(where: {
      ["STMTTRN", "STMTTRNP", "BANKTRANLIST", "STMTRS", "CCSTMTRS"].contains($0.name)
    }) {
      throw StatementError(line: open.line, "the file ends inside <\(open.name)> (cut short?)")
    }
    return root
  }

  /// A tag name of up to 16 bytes as two words, any case (OFX tags are ASCII).
  struct TagKey: Hashable {
    let high: UInt64
    let low: UInt64
    init?(_ bytes: ArraySlice<UInt8>) {
      guard bytes.count <= 16 else { return nil }
      var high: UInt64 = 0
      var low: UInt64 = 0
      for (i, byte) in bytes.enumerated() {
        let upper = UInt64(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)
        if i < 8 { high |= upper << (8 * UInt64(i)) } else { low |= upper << (8 * UInt64(i - 8)) }
      }
      self.high = high
      self.low = low | UInt64(bytes.count) << 56
    }
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

  static func upper(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
  }

  static func unescaped(_ text: String) -> String {
    guard text.utf8.contains(0x26) else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
  }
}
