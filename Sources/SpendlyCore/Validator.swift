/// The rules every transaction must meet before it is stored, whoever writes it.
public enum Validator {
  /// Checks the fields and returns them with category and method spelled as in the catalog, and
  /// their accounts as `AccountRules.resolve` gives them (filled from the methods unless
  /// `inferringAccounts` is false: accounts given as they are).
  public static func validate(_ fields: TransactionFields, catalog: Catalog, inferringAccounts: Bool = true)
    throws(ValidationError) -> TransactionFields
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
    result.note = try cleaned(fields.note, field: "note", limit: TextLimits.note, lineBreaks: true)
    if let foreign = fields.foreignAmount, foreign.minorUnits <= 0 {
      throw ValidationError(field: "foreign amount", value: foreign.decimalString, reason: "must be more than zero")
    }
    // A rate is checked where it is made (`ExchangeRate`): no text reaches here unchecked.
    return try AccountRules.resolve(result, catalog: catalog, inferring: inferringAccounts)
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

  /// Drops hidden characters (zero-width, bidi controls: what files and older databases hold;
  /// typed text has met `refuseHidden` at its entrance), trims, turns empty into nil, and
  /// rejects control characters and overlong values. With `lineBreaks` (a note), line breaks and
  /// tabs are text (a CRLF is a line break); every other control character is still refused.
  public static func cleaned(_ text: String?, field: String, limit: Int, lineBreaks: Bool = false)
    throws(ValidationError) -> String?
  {
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
    var trimmed = TextSanitizer.visible(text).trimmingSpaces()
    if lineBreaks {
      // CRLF, as a spreadsheet on Windows saves a line break, is one; breaks at either end go.
      var scalars = String.UnicodeScalarView()
      var pendingCR = false
      for scalar in trimmed.unicodeScalars {
        if pendingCR && scalar != "\n" { scalars.append("\r") }
        pendingCR = scalar == "\r"
        if !pendingCR { scalars.append(scalar) }
      }
      if pendingCR { scalars.append("\r") }
      let blank: Set<Unicode.Scalar> = [" ", "\t", "\n"]
      while let first = scalars.first, blank.contains(first) { scalars.removeFirst() }
      while let last = scalars.last, blank.contains(last) { scalars.removeLast() }
      trimmed = String(scalars)
    }
    if trimmed.isEmpty { return nil }
    let allowed: Set<Unicode.Scalar> = lineBreaks ? ["\n", "\t"] : []
    if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }) {
      // The value as typed: the message writes each control character out (\u{7}, \n).
      throw ValidationError(field: field, value: trimmed, reason: "contains control characters")
    }
    if trimmed.count > limit {
      throw ValidationError(
        field: field, value: String(trimmed.prefix(20)) + "…", reason: "is longer than \(limit) characters")
    }
    return trimmed
  }
}

extension Validator {
  /// A category, method or alias name: trimmed, printable, at most 60 characters, and without
  /// hidden characters, which are refused (not dropped): "Fo\u{200B}od" would be a second "Food".
  public static func cleanedName(_ text: String, field: String) throws(ValidationError) -> String? {
    try refuseHidden(text, field: field)
    let name = try cleaned(text, field: field, limit: 60)
    // "500" as a category would swallow amounts in phrases.
    if let name, name.allSatisfy({ $0.isNumber || $0.isPunctuation || $0 == " " }) {
      throw ValidationError(field: field, value: name, reason: "needs a letter (a number would read as an amount)")
    }
    return name
  }
}
