extension TransactionFilter {
  /// A merchant name as it is compared: lowercased, with only its letters, marks and digits
  /// ("Joe's Café-Bar" → "joescafébar"), so case, punctuation, spaces and hidden characters
  /// never decide whether two names are one. Marks stay: "cafe" is not "café".
  public static func nameKey(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, the common case (and once a row in SQL): bytes only.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      for byte in text.utf8 {
        switch byte {
        case 0x41...0x5A: bytes.append(byte + 0x20)
        case 0x61...0x7A, 0x30...0x39: bytes.append(byte)
        default: continue
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    var scalars = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      let properties = scalar.properties
      switch properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
        .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
        scalars.append(scalar)
      default: continue
      }
    }
    return String(scalars)
  }
}
