/// A field that failed validation, with the value and the reason: one line for the person.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
  public let field: String
  public let value: String
  public let reason: String

  public init(field: String, value: String, reason: String) {
    self.field = field
    self.value = value
    self.reason = reason
  }

  public var description: String {
    value.isEmpty ? "\(field): \(reason)" : "\(field) \(TextSanitizer.quoted(value)): \(reason)"
  }
}

/// How long stored text may be, in characters: the one place these limits are written.
public enum TextLimits {
  public static let merchant = 200
  public static let note = 2000
  /// No stored text is longer than this, so a file's value past it is refused while the file is read.
  public static let field = 2000
  /// A value of more UTF-8 bytes than this has more than `field` characters (a character is at
  /// least one byte; 4 allows any): readers compare bytes, before any text is built.
  public static let fieldBytes = 4 * field

  /// The reason given for a value past `field`.
  public static let tooLong = "is longer than \(field) characters"
}

/// The rules every transaction must meet before it is stored, whoever writes it.
public enum Validator {
  /// Checks the fields and returns them with category and method spelled as in the catalog.
  public static func validate(_ fields: TransactionFields, catalog: Catalog) throws(ValidationError)
    -> TransactionFields
  {
    var result = fields
    guard Currency.named(fields.amount.currency.code) == fields.amount.currency else {
      throw ValidationError(field: "currency", value: fields.amount.currency.code, reason: "unknown currency")
    }
    guard fields.amount.minorUnits > 0 else {
      throw ValidationError(field: "amount", value: fields.amount.decimalString, reason: "must be more than zero")
    }
    guard fields.amount.minorUnits / fields.amount.currency.minorPerMajor <= AmountParser.maximumMajorUnits else {
      throw ValidationError(field: "amount", value: fields.amount.decimalString, reason: "is too large")
    }
    if fields.kind == .transfer {
      result.category = Transfer.category
    } else {
      result.category = try category(fields, catalog: catalog)
    }
    guard let method = catalog.method(named: fields.method) else {
      throw ValidationError(
        field: "method", value: fields.method,
        reason: "unknown payment method (known: \(catalog.methods.map(\.name).joined(separator: ", ")))")
    }
    result.method = method.name
    if let counter = fields.counterMethod {
      guard let method = catalog.method(named: counter) else {
        throw ValidationError(field: "to method", value: counter, reason: "unknown payment method")
      }
      result.counterMethod = method.name
    }
    if fields.kind == .transfer, catalog.accounts.isEmpty, fields.importSource == nil {
      guard let counter = result.counterMethod else {
        throw ValidationError(field: "to", value: "", reason: "a transfer needs where the money went (to METHOD, --to)")
      }
      if counter == result.method {
        throw ValidationError(field: "to", value: counter, reason: "a transfer needs two different ends")
      }
    }
    try SupportedDates.check(fields.date, field: "date")
    if let posted = fields.postedDate { try SupportedDates.check(posted, field: "posted date") }
    result.merchant = try cleaned(fields.merchant, field: "merchant", limit: TextLimits.merchant)
    result.note = try cleaned(fields.note, field: "note", limit: TextLimits.note)
    if let foreign = fields.foreignAmount, foreign.minorUnits <= 0 {
      throw ValidationError(field: "foreign amount", value: foreign.decimalString, reason: "must be more than zero")
    }
    // A rate is checked where it is made (`ExchangeRate`): no text reaches here unchecked.
    return try AccountRules.resolve(result, catalog: catalog)
  }

  /// The category's catalog name, once it is known and of the kind's side.
  static func category(_ fields: TransactionFields, catalog: Catalog) throws(ValidationError) -> String {
    guard let category = catalog.category(named: fields.category) else {
      throw ValidationError(
        field: "category", value: fields.category,
        reason:
          "unknown category (known: \(catalog.categories(on: fields.kind.side).map(\.name).joined(separator: ", ")))")
    }
    guard category.side == fields.kind.side else {
      throw ValidationError(
        field: "category", value: category.name,
        reason: "is an \(category.side.rawValue) category but this is an \(fields.kind.rawValue)")
    }
    return category.name
  }

  /// Drops hidden characters (zero-width, bidi controls), trims, turns empty into nil, and
  /// rejects control characters and overlong values.
  public static func cleaned(_ text: String?, field: String, limit: Int) throws(ValidationError) -> String? {
    guard let text else { return nil }
    // Printable ASCII without spaces at its ends (most text) is clean as it is.
    let bytes = text.utf8
    // Far too long: refused on its byte count, before the text is scanned (a 10 MB payee).
    if bytes.count > 4 * limit {
      throw ValidationError(
        field: field, value: String(text.prefix(20)) + "…", reason: "is longer than \(limit) characters")
    }
    if bytes.count <= limit, let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
      bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
    {
      return text
    }
    let trimmed = TextSanitizer.visible(text).trimmingSpaces()
    if trimmed.isEmpty { return nil }
    if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw ValidationError(
        field: field, value: TextSanitizer.printable(trimmed), reason: "contains control characters")
    }
    if trimmed.count > limit {
      throw ValidationError(
        field: field, value: String(trimmed.prefix(20)) + "…", reason: "is longer than \(limit) characters")
    }
    return trimmed
  }
}

/// Makes text safe to print on a terminal: escape sequences and control characters are dropped.
public enum TextSanitizer {
  public static func printable(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    // Format characters go, but a zero-width joiner inside an emoji (👩‍💻) is kept by `visible`.
    for scalar in visible(withoutEscapes(text, replacement: nil)).unicodeScalars {
      let category = scalar.properties.generalCategory
      if category == .control || (category == .format && scalar.value != 0x200D) { continue }
      scalars.append(scalar)
    }
    return String(scalars)
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
extension Validator {
  /// A category, method or alias name: trimmed, printable, at most 60 characters, and without
  /// hidden characters, which are refused (not dropped): "Fo\u{200B}od" would be a second "Food".
  public static func cleanedName(_ text: String, field: String) throws(ValidationError) -> String? {
    if let hidden = TextSanitizer.firstHidden(in: text) {
      throw ValidationError(
        field: field, value: TextSanitizer.printable(text),
        reason: "contains an invisible or direction-changing character (\(hidden.codePoint))")
    }
    let name = try cleaned(text, field: field, limit: 60)
    // "500" as a category would swallow amounts in phrases.
    if let name, name.allSatisfy({ $0.isNumber || $0.isPunctuation || $0 == " " }) {
      throw ValidationError(field: field, value: name, reason: "needs a letter (a number would read as an amount)")
    }
    return name
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
}
