import SpendlyCore

/// XML (OFX 2.x, CAMT) read a byte at a time into the `MarkupNode` tree: elements, attributes,
/// text with the five named entities and character references, and CDATA. Comments, processing
/// instructions and the DOCTYPE are skipped; no entity a DTD declares is expanded (one used is
/// refused as unknown). Namespaces are dropped from names: `<camt:Ntry>` is `Ntry`.
///
/// Read here rather than through libxml2 (FoundationXML), so the binary links no XML or ICU
/// library: every process, even `spendly --version`, would load and relocate them at start.
enum XMLTreeReader {
  static func read(_ text: String) throws(StatementError) -> MarkupNode {
    var reader = Reader(bytes: Array(text.utf8))
    return try reader.document()
  }

  private struct Reader {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    let root = MarkupNode(name: "#root", line: 1)
    /// The open elements below the root: the node, its name as written, its text so far.
    var open: [(node: MarkupNode, name: [UInt8], text: [UInt8])] = []
    var rootSeen = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    func refused(_ why: String, at line: Int? = nil) -> StatementError {
      StatementError(line: line ?? self.line, "the XML does not read: \(why)")
    }

    mutating func document() throws(StatementError) -> MarkupNode {
      while i < bytes.count {
        let byte = bytes[i]
        if byte == 0x3C {  // <
          try markup()
        } else if byte == 0x26 {  // &
          let scalar = try reference()
          guard !open.isEmpty else { throw refused("text outside the root element") }
          try appendText(Array(String(scalar).utf8))
        } else {
          i += 1
          if byte == 0x0D {  // CR LF and a lone CR are one newline
            if i < bytes.count, bytes[i] == 0x0A { i += 1 }
            line += 1
            if !open.isEmpty { try appendText([0x0A]) }
            continue
          }
          if byte == 0x0A { line += 1 }
          if open.isEmpty {
            guard Self.isSpace(byte) else { throw refused("text outside the root element") }
          } else {
            try appendText(CollectionOfOne(byte))
          }
        }
      }
      if let last = open.last {
        throw StatementError(line: last.node.line, "the file ends inside <\(last.node.name)> (cut short?)")
      }
      guard rootSeen else { throw refused("no root element") }
      return root
    }

    mutating func appendText<C: Collection>(_ text: C) throws(StatementError) where C.Element == UInt8 {
      let index = open.count - 1
      open[index].text.append(contentsOf: text)
      if open[index].text.count > TextLimits.fieldBytes {
        let node = open[index].node
        throw StatementError(line: node.line, "<\(node.name)> \(TextLimits.tooLong)")
      }
    }

    func starts(_ prefix: String) -> Bool {
      var j = i
      for byte in prefix.utf8 {
        guard j < bytes.count, bytes[j] == byte else { return false }
        j += 1
      }
      return true
    }

    /// Moves past `end`, counting lines; the bytes before it are returned.
    mutating func skip(past end: String, what: String) throws(StatementError) -> ArraySlice<UInt8> {
      let start = i
      let startLine = line
      let terminator = Array(end.utf8)
      while i < bytes.count {
        if bytes[i] == terminator[0], bytes.count - i >= terminator.count,
          bytes[i..<(i + terminator.count)].elementsEqual(terminator)
        {
          let body = bytes[start..<i]
          i += terminator.count
          return body
        }
        if bytes[i] == 0x0A { line += 1 }
        i += 1
      }
      throw refused("\(what) is not closed", at: startLine)
    }

    mutating func markup() throws(StatementError) {
      if starts("<?") {
        i += 2
        _ = try skip(past: "?>", what: "a processing instruction")
      } else if starts("<!--") {
        i += 4
        _ = try skip(past: "-->", what: "a comment")
      } else if starts("<![CDATA[") {
        let cdataLine = line
        i += 9
        let body = try skip(past: "]]>", what: "a CDATA section")
        guard !open.isEmpty else { throw refused("text outside the root element", at: cdataLine) }
        try appendText(body)
      } else if starts("<!") {
        try declaration()
      } else if starts("</") {
        try endTag()
      } else {
        try startTag()
      }
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets: skipped whole.
    mutating func declaration() throws(StatementError) {
      let startLine = line
      var depth = 0
      var quote: UInt8? = nil
      i += 2
      while i < bytes.count {
        let byte = bytes[i]
        i += 1
        if byte == 0x0A { line += 1 }
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == 0x22 || byte == 0x27 {
          quote = byte
        } else if byte == 0x5B {
          depth += 1
        } else if byte == 0x5D {
          depth -= 1
        } else if byte == 0x3E, depth <= 0 {
          return
        }
      }
      throw refused("a declaration is not closed", at: startLine)
    }

    mutating func name() throws(StatementError) -> [UInt8] {
      let start = i
      while i < bytes.count, !Self.endsName(bytes[i]) { i += 1 }
      guard i > start else { throw refused("a tag without a name") }
      return Array(bytes[start..<i])
    }

    mutating func spaces() {
      while i < bytes.count, Self.isSpace(bytes[i]) {
        if bytes[i] == 0x0A { line += 1 }
        i += 1
      }
    }

    mutating func endTag() throws(StatementError) {
      let tagLine = line
      i += 2
      let closing = try name()
      spaces()
      guard i < bytes.count, bytes[i] == 0x3E else { throw refused("a tag is not closed with '>'", at: tagLine) }
      i += 1
      guard let last = open.last else {
        throw refused("</\(String(decoding: closing, as: UTF8.self))> closes nothing", at: tagLine)
      }
      guard last.name == closing else {
        throw refused(
          "</\(String(decoding: closing, as: UTF8.self))> closes <\(String(decoding: last.name, as: UTF8.self))>",
          at: tagLine)
      }
      close()
    }

    mutating func close() {
      let last = open.removeLast()
      if !last.text.isEmpty { last.node.text = String(decoding: last.text, as: UTF8.self) }
    }

    mutating func startTag() throws(StatementError) {
      let tagLine = line
      i += 1
      let qualified = try name()
      var attributes: [String: String] = [:]
      var empty = false
      while true {
        spaces()
        guard i < bytes.count else { throw refused("a tag is not closed with '>'", at: tagLine) }
        if bytes[i] == 0x3E {
          i += 1
          break
        }
        if bytes[i] == 0x2F {
          i += 1
          guard i < bytes.count, bytes[i] == 0x3E else { throw refused("'/' in a tag not before '>'", at: tagLine) }
          i += 1
          empty = true
          break
        }
        let key = String(decoding: try name(), as: UTF8.self)
        spaces()
        guard i < bytes.count, bytes[i] == 0x3D else { throw refused("attribute \(key) has no value", at: tagLine) }
        i += 1
        spaces()
        guard i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 else {
          throw refused("attribute \(key)'s value is not quoted", at: tagLine)
        }
        let value = try attributeValue(quote: bytes[i])
        guard attributes.updateValue(value, forKey: key) == nil else {
          throw refused("attribute \(key) is given twice", at: tagLine)
        }
      }
      if open.isEmpty {
        guard !rootSeen else { throw refused("a second root element", at: tagLine) }
        rootSeen = true
      }
      guard open.count < MarkupNode.maximumDepth else { throw StatementError(line: tagLine, MarkupNode.tooDeep) }
      let local = qualified.split(separator: 0x3A, omittingEmptySubsequences: false).last.map(Array.init) ?? qualified
      let node = MarkupNode(name: String(decoding: local, as: UTF8.self), attributes: attributes, line: tagLine)
      (open.last?.node ?? root).children.append(node)
      open.append((node, qualified, []))
      if empty { close() }
    }

    /// A quoted value, its references read and its spaces (tab, newline) made plain spaces.
    mutating func attributeValue(quote: UInt8) throws(StatementError) -> String {
      let startLine = line
      i += 1
      var value: [UInt8] = []
      while i < bytes.count, bytes[i] != quote {
        let byte = bytes[i]
        if byte == 0x3C { throw refused("'<' in an attribute's value", at: startLine) }
        if byte == 0x26 {
          value.append(contentsOf: String(try reference()).utf8)
          continue
        }
        if byte == 0x0A { line += 1 }
        if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
          i += 1
          continue
        }
        value.append(Self.isSpace(byte) ? 0x20 : byte)
        i += 1
      }
      guard i < bytes.count else { throw refused("an attribute's value is not closed", at: startLine) }
      i += 1
      return String(decoding: value, as: UTF8.self)
    }

    /// `&amp;`, `&#233;`, `&#xE9;`: the character it stands for.
    mutating func reference() throws(StatementError) -> Unicode.Scalar {
      let start = i + 1
      var end = start
      while end < bytes.count, end - start <= 12, bytes[end] != 0x3B { end += 1 }
      guard end < bytes.count, bytes[end] == 0x3B else { throw refused("'&' that starts no entity") }
      let body = String(decoding: bytes[start..<end], as: UTF8.self)
      i = end + 1
      switch body {
      case "lt": return "<"
      case "gt": return ">"
      case "amp": return "&"
      case "quot": return "\""
      case "apos": return "'"
      default:
        let number: UInt32? =
          if body.hasPrefix("#x") || body.hasPrefix("#X") {
            UInt32(body.dropFirst(2), radix: 16)
          } else if body.hasPrefix("#") {
            UInt32(body.dropFirst(), radix: 10)
          } else {
            nil
          }
        guard let number, number != 0, let scalar = Unicode.Scalar(number) else {
          throw refused("unknown entity &\(body);")
        }
        return scalar
      }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    /// Where a tag's or attribute's name ends: a space, `/`, `>`, `=`, a quote or `<`.
    static func endsName(_ byte: UInt8) -> Bool {
      isSpace(byte) || byte == 0x2F || byte == 0x3E || byte == 0x3D || byte == 0x22 || byte == 0x27 || byte == 0x3C
    }
  }
}
