extension TransactionFilter {
  /// A merchant name as it is matched: its `NameKey` with only its letters, marks and digits
  /// ("Joe's Café-Bar" → "joescafébar"), so case, punctuation, spaces and hidden characters
  /// never decide whether two merchants are one. Marks stay: "cafe" is not "café".
  public static func nameKey(_ text: String) -> String {
    let folded = NameKey(text).text
    if folded.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, the common case (and once a row in SQL): bytes only.
      return String(decoding: folded.utf8.filter { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }, as: UTF8.self)
    }
    var scalars = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
        .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
        scalars.append(scalar)
      default: continue
      }
    }
    return String(scalars)
  }
}
