/// Makes text safe to print on a terminal: escape sequences and control characters are dropped.
public enum TextSanitizer {
  public static func printable(_ text: String) -> String {
    // The common case, text of plain scalars only (amounts in ₹, bars, dashes): nothing to drop.
    if text.unicodeScalars.allSatisfy(isPlain) { return text }
    var scalars = String.UnicodeScalarView()
    // Format characters go, but a zero-width joiner inside an emoji (👩‍💻) is kept by `visible`.
    for scalar in visible(withoutEscapes(text, replacement: nil)).unicodeScalars {
      let category = scalar.properties.generalCategory
      if category == .control || (category == .format && scalar.value != 0x200D) { continue }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  /// Text for one line of a terminal: `printable`, with each line break shown as ⏎ and each tab
  /// as ⇥ (a note may hold both), so a stored note never breaks a table's row.
  public static func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else { return printable(text) }
    var marked = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar {
      case "\n" where previous == "\r": continue
      case "\n", "\r": marked.append("⏎")
      case "\t": marked.append("⇥")
      default: marked.append(scalar)
      }
    }
    return printable(String(marked))
  }

  /// Replaces each escape sequence (ESC [ ... final, ESC ] ... BEL) with spaces, one per
  /// character, so typed text keeps its columns but none of the sequence's letters.
  public static func blankingEscapes(_ text: String) -> String { withoutEscapes(text, replacement: " ") }

  /// The text with every escape sequence removed, or each of its characters replaced.
  static func withoutEscapes(_ text: String, replacement: Character?) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\u{1B}" || $0 == "\u{9B}" }) else { return text }
    enum State { case text, escape, csi, osc }
    var result = ""
    var state = State.text
    for character in text {
      let scalar = character.unicodeScalars.first!
      switch state {
      case .text:
        if scalar == "\u{1B}" || scalar == "\u{9B}" {
          state = scalar == "\u{9B}" ? .csi : .escape
        } else {
          result.append(character)
          continue
        }
      case .escape:
        state = character == "[" ? .csi : character == "]" ? .osc : .text
      case .csi:
        if (0x40...0x7E).contains(scalar.value) { state = .text }
      case .osc:
        if scalar == "\u{07}" || character == "\\" { state = .text }
      }
      if let replacement { result.append(replacement) }
    }
    return result
  }
}

extension TextSanitizer {
  /// How many characters of a value an error message quotes.
  public static let quotedLimit = 60

  /// A value as every error message quotes it: in single quotes, control characters written
  /// out (`\r`, `\n`, `\t`, `\u{1B}`) so the message stays one line and no escape sequence
  /// reaches the terminal, and cut to `quotedLimit` characters with "…" (a 10 MB field is
  /// quoted by its start). Only the quoted start of `text` is read.
  public static func quoted(_ text: some StringProtocol, limit: Int = quotedLimit) -> String {
    var result = "'"
    var count = 0
    for character in text {
      guard count < limit else {
        result += "…"
        break
      }
      count += 1
      for scalar in character.unicodeScalars {
        switch scalar {
        case "\r": result += "\\r"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        default:
          if isHidden(scalar) && scalar.value != 0x200D {
            continue  // zero-width and bidi controls, as printed text drops them
          } else if scalar.properties.generalCategory == .control {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
          } else {
            result.unicodeScalars.append(scalar)
          }
        }
      }
    }
    return result + "'"
  }

  /// A scalar that is a character of its own, one column wide and printable as it is: printable
  /// ASCII, Latin letters and signs from U+00A0 (not the soft hyphen), and the punctuation,
  /// currency signs, arrows, box drawing, blocks and symbols of U+2010…U+2BFF (not the zero-width
  /// and bidi controls among them, nor the marks that combine with symbols). Text of these alone
  /// needs no sanitizing, and its width on a terminal is its count of scalars.
  @inline(__always)
  public static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF, 0x2100...0x2BFF:
      true
    default: false
    }
  }
}
