import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

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

  /// The first child named `name` (case-insensitive for OFX's upper case, exact for XML).
  public func child(_ name: String) -> MarkupNode? { children.first { $0.name == name } }

  public func children(_ name: String) -> [MarkupNode] { children.filter { $0.name == name } }

  /// The node at a path of child names.
  public func at(_ path: String...) -> MarkupNode? {
    var node: MarkupNode? = self
    for name in path { node = node?.child(name) }
    return node
  }

  /// The trimmed text at a path, nil when missing or empty.
  public func value(_ path: String...) -> String? {
    var node: MarkupNode? = self
    for name in path { node = node?.child(name) }
    guard let text = node?.text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
    return text
  }

  /// Every node below this one named `name`, in document order.
  public func descendants(_ name: String) -> [MarkupNode] {
    var found: [MarkupNode] = []
    for child in children {
      if child.name == name { found.append(child) }
      found += child.descendants(name)
    }
    return found
  }
}

/// OFX 1.x is SGML: a leaf's tag is left unclosed (`<TRNAMT>-420.00`), an aggregate is closed
/// (`</STMTTRN>`). This reads the tags after the header block into a tree.
enum SGMLReader {
  static func read(_ text: String, firstLine: Int = 1) throws(StatementError) -> MarkupNode {
    let root = MarkupNode(name: "#root", line: firstLine)
    var stack = [root]
    let scalars = Array(text.unicodeScalars)
    var i = 0
    var line = firstLine
    while i < scalars.count {
      if scalars[i] == "\n" { line += 1 }
      guard scalars[i] == "<" else {
        i += 1
        continue
      }
      let tagLine = line
      var j = i + 1
      while j < scalars.count, scalars[j] != ">" {
        if scalars[j] == "\n" { line += 1 }
        j += 1
      }
      guard j < scalars.count else { throw StatementError(line: tagLine, "a tag is not closed with '>'") }
      var tag = String(String.UnicodeScalarView(scalars[(i + 1)..<j])).trimmingCharacters(in: .whitespaces)
      i = j + 1
      if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }  // <?xml …?>, <!-- … -->
      if tag.hasPrefix("/") {
        tag.removeFirst()
        if let index = stack.lastIndex(where: { $0.name == tag.uppercased() }), index > 0 {
          stack.removeSubrange(index...)
        }
        continue
      }
      var k = i
      while k < scalars.count, scalars[k] != "<" { k += 1 }
      let value = String(String.UnicodeScalarView(scalars[i..<k]))
      let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
      let node = MarkupNode(name: tag.uppercased(), line: tagLine)
      stack.last!.children.append(node)
      if trimmed.isEmpty {
        stack.append(node)
      } else {
        node.text = SGMLReader.unescaped(trimmed)
      }
      line += value.unicodeScalars.filter { $0 == "\n" }.count
      i = k
    }
    return root
  }

  static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
  }
}

/// XML (OFX 2.x, CAMT) through FoundationXML's `XMLParser` (libxml2), into the same tree.
/// Namespaces are dropped from names: `<camt:Ntry>` is `Ntry`.
final class XMLTreeReader: NSObject, XMLParserDelegate {
  private var stack: [MarkupNode] = []
  private let root = MarkupNode(name: "#root", line: 1)
  private weak var parser: XMLParser?

  static func read(_ text: String) throws(StatementError) -> MarkupNode {
    let reader = XMLTreeReader()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = reader
    parser.shouldProcessNamespaces = false
    reader.parser = parser
    reader.stack = [reader.root]
    guard parser.parse() else {
      let message = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not well-formed XML"
      throw StatementError(line: max(1, parser.lineNumber), "the XML does not read: \(message)")
    }
    return reader.root
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let name = elementName.split(separator: ":").last.map(String.init) ?? elementName
    let node = MarkupNode(name: name, attributes: attributes, line: parser.lineNumber)
    stack.last?.children.append(node)
    stack.append(node)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard let node = stack.last else { return }
    node.text = (node.text ?? "") + string
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    if stack.count > 1 { stack.removeLast() }
  }
}
