/// Characters that print as nothing or turn the text after them around: zero-width characters
/// and bidi controls. They make two names look alike ("Fo\u{200B}od" and "Food") or reverse the
/// rest of a line, so every entrance refuses them (`Validator.refuseHidden`), and printed text,
/// and stored text from files and older databases, drops them.
extension TextSanitizer {
  /// True for zero-width characters (U+200B…U+200D, U+2060, U+FEFF) and bidi controls and marks
  /// (U+061C, U+200E, U+200F, U+202A…U+202E, U+2066…U+2069).
  public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B...0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF, 0x061C: return true
    default: return false
    }
  }

  /// The first hidden character in `text`, or nil. A zero-width joiner inside an emoji sequence
  /// (👩‍💻) is part of a visible picture, not hidden.
  public static func firstHidden(in text: String) -> Unicode.Scalar? {
    guard mayHide(text) else { return nil }
    let scalars = Array(text.unicodeScalars)
    for i in scalars.indices where isHidden(scalars[i]) && !joinsEmoji(scalars, at: i) { return scalars[i] }
    return nil
  }

  /// `text` without its hidden characters (see `firstHidden`).
  public static func visible(_ text: String) -> String {
    guard mayHide(text) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    for i in scalars.indices where !isHidden(scalars[i]) || joinsEmoji(scalars, at: i) { result.append(scalars[i]) }
    return String(result)
  }

  /// A cheap first look at the UTF-8 bytes: every hidden character starts with E2 80, E2 81,
  /// EF BB or D8 9C, so text without those needs no scan.
  static func mayHide(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if (previous == 0xE2 && (byte == 0x80 || byte == 0x81)) || (previous == 0xEF && byte == 0xBB)
        || (previous == 0xD8 && byte == 0x9C)
      {
        return true
      }
      previous = byte
    }
    return false
  }

  /// True when scalar `i` is a zero-width joiner between two emoji (👩 ZWJ 💻, ❤️ ZWJ 🔥).
  static func joinsEmoji(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
    guard scalars[i].value == 0x200D, i > 0, i + 1 < scalars.count else { return false }
    let before = scalars[i - 1]
    let after = scalars[i + 1]
    return (before.value == 0xFE0F || (before.properties.isEmoji && before.value > 0xFF))
      && after.properties.isEmoji && after.value > 0xFF
  }
}

extension Unicode.Scalar {
  /// "U+200B": how a character that cannot be shown is named in messages.
  public var codePoint: String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension Validator {
  /// The one rule for hidden characters wherever text comes in (a phrase, a field option, a
  /// link's value, an answer at a prompt, a name): it is refused, naming the first one
  /// (U+202E), never silently dropped, since "\u{202E}evil" would be saved looking like "evil".
  public static func refuseHidden(_ text: String, field: String) throws(ValidationError) {
    guard let hidden = TextSanitizer.firstHidden(in: text) else { return }
    throw ValidationError(field: field, value: TextSanitizer.printable(text), reason: "contains " + hiddenWords(hidden))
  }

  /// "an invisible or direction-changing character (U+202E)": how every refusal names one.
  public static func hiddenWords(_ scalar: Unicode.Scalar) -> String {
    "an invisible or direction-changing character (\(scalar.codePoint))"
  }
}
