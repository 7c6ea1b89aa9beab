/// Bytes of a file as text: a BOM first (UTF-8, UTF-16), then the charset the file declares,
/// then UTF-8 when the bytes are valid UTF-8, else Windows-1252 (which reads every Latin-1
/// letter the same); line endings CRLF, LF and CR all become LF.
public enum TextDecoding {
  public static func text(_ bytes: [UInt8], declared: String? = nil) -> String {
    var body = bytes[...]
    var decoded: String?
    if body.starts(with: [0xEF, 0xBB, 0xBF]) {
      decoded = String(decoding: body.dropFirst(3), as: UTF8.self)
    } else if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) {
      let little = body.first == 0xFF
      body = body.dropFirst(2)
      var units: [UInt16] = []
      units.reserveCapacity(body.count / 2)
      var index = body.startIndex
      while index + 1 < body.endIndex {
        let a = UInt16(body[index])
        let b = UInt16(body[index + 1])
        units.append(little ? a | b << 8 : a << 8 | b)
        index += 2
      }
      decoded = String(decoding: units, as: UTF16.self)
    } else {
      let charset = (declared ?? sniffCharset(body))?.lowercased().filter { $0.isLetter || $0.isNumber }
      let singleByte =
        charset.map { ["cp1252", "ansi", "latin1", "iso88591", "iso885915"].contains($0) || $0.hasSuffix("1252") }
        ?? false
      let high = body.contains { $0 >= 0x80 }
      decoded = (singleByte && high) || !isUTF8(body) ? windows1252(body) : String(decoding: body, as: UTF8.self)
    }
    return normalizedLines(decoded ?? "")
  }

  /// `CHARSET:1252` (an OFX 1.x header) or `encoding="ISO-8859-1"` (an XML declaration).
  static func sniffCharset(_ bytes: ArraySlice<UInt8>) -> String? {
    let head = String(decoding: bytes.prefix(600).map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
    if let range = head.range(of: "CHARSET:") {
      let value = head[range.upperBound...].prefix { !$0.isWhitespace && $0 != "<" }
      return value.isEmpty || value.uppercased() == "NONE" ? nil : String(value)
    }
    if let range = head.range(of: "encoding=") {
      let rest = head[range.upperBound...].dropFirst()
      return String(rest.prefix { $0 != "\"" && $0 != "'" })
    }
    return nil
  }

  static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// Windows-1252: Latin-1 with printable characters in 0x80…0x9F.
  static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
    let high: [UInt32] = [
      0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
      0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
      0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  static func normalizedLines(_ text: String) -> String {
    guard text.utf8.contains(0x0D) else { return text }
    var scalars = String.UnicodeScalarView()
    var previousCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\r" {
        scalars.append("\n")
        previousCR = true
        continue
      }
      if scalar == "\n" && previousCR {
        previousCR = false
        continue
      }
      previousCR = false
      scalars.append(scalar)
    }
    return String(scalars)
  }
}
