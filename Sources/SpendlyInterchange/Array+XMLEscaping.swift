/// XML 1.0 text written straight into a byte buffer, for the XLSX parts: markup as it is, and
/// any caller's text escaped, with the characters XML 1.0 forbids (controls other than tab, line
/// feed and carriage return; U+FFFE, U+FFFF) left out, since one of them makes the file unreadable.
extension [UInt8] {
  /// Markup written as it is: element names, attribute names, numbers.
  mutating func markup(_ text: String) {
    append(contentsOf: text.utf8)
  }

  /// An integer in decimal digits, without making a String.
  mutating func digits(_ value: Int64) {
    if value < 0 { append(0x2D) }
    var magnitude = value.magnitude
    var divisor: UInt64 = 1
    while divisor <= magnitude / 10 { divisor *= 10 }
    repeat {
      append(0x30 + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }

  /// `text` escaped for element content (`attribute: false`) or a double-quoted attribute value.
  /// With `cellText`, a literal "_x0041_" is kept as written (spreadsheets read `_xHHHH_` as an
  /// escaped character, so its underscore is written `_x005F_`), and the text stops before
  /// `limit` UTF-16 units would be passed.
  mutating func escaped(_ text: String, attribute: Bool = false, cellText: Bool = false, limit: Int = .max) {
    var text = text
    text.withUTF8 { bytes in
      var units = 0
      var run = 0  // start of the bytes not yet copied
      var index = 0
      func replace(_ width: Int, with replacement: StaticString?) {
        append(contentsOf: bytes[run..<index])
        if let replacement {
          append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
        }
        index += width
        run = index
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x80 || byte >= 0xC0 {  // the first byte of a character
          units += byte >= 0xF0 ? 2 : 1
          if units > limit { break }
        }
        switch byte {
        case 0x26: replace(1, with: "&amp;")
        case 0x3C: replace(1, with: "&lt;")
        case 0x3E: replace(1, with: "&gt;")
        case 0x22 where attribute: replace(1, with: "&quot;")
        case 0x0D: replace(1, with: "&#13;")
        case 0x09 where attribute: replace(1, with: "&#9;")
        case 0x0A where attribute: replace(1, with: "&#10;")
        case 0x09, 0x0A: index += 1
        case 0x00..<0x20: replace(1, with: nil)
        case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
          replace(3, with: nil)  // U+FFFE, U+FFFF
        case 0x5F where cellText && Self.isEscapeSequence(bytes, at: index):
          replace(1, with: "_x005F_")
        default: index += 1
        }
      }
      append(contentsOf: bytes[run..<index])
    }
  }

  /// "_x" then four hex digits then "_" at `index`.
  static func isEscapeSequence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    guard index + 6 < bytes.count, bytes[index + 1] == 0x78, bytes[index + 6] == 0x5F else { return false }
    return bytes[(index + 2)..<(index + 6)].allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
  }
}
