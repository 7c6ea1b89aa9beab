import SpendlyCore
import SpendlyStore

/// The `--amount --kind --currency --category --method --merchant --note --date --time` options
/// shared by `add` and `edit`.
enum FieldOptions {
  static let specs: [Arguments.Spec] = [
    .init("amount"), .init("kind"), .init("currency"), .init("category"), .init("method"),
    .init("merchant"), .init("note"), .init("date"), .init("time"),
  ]

  static let help = """
      --amount AMOUNT     420, 1,250.50, ₹1,50,000 (positive; the kind gives the sign)
      --kind KIND         expense or income
      --currency CODE     INR, USD, EUR, GBP, AED, SGD, JPY, ...
      --category NAME     a category or alias of the kind's side (see: spendly categories)
      --method NAME       a payment method or alias (see: spendly methods)
      --merchant TEXT     where the money went or came from
      --note TEXT         free text
      --date DATE         YYYY-MM-DD, today or yesterday
      --time HH:MM        24-hour time
    """

  static var names: [String] { specs.map(\.name) }

  /// True when any field option was given.
  static func any(_ arguments: Arguments) -> Bool { names.contains { arguments[$0] != nil } }

  /// Applies the given field options on top of `fields`.
  static func apply(_ arguments: Arguments, to fields: inout TransactionFields, today: LocalDate) throws(CLIError) {
    if let text = arguments["kind"] {
      guard let kind = Kind(rawValue: text.lowercased()) else {
        throw .usage("--kind '\(text)': expected expense or income")
      }
      fields.kind = kind
    }
    var currency = fields.amount.currency
    if let code = arguments["currency"] {
      guard let named = Currency.named(code) else { throw .data("currency: \(MoneyError.unknownCurrency(code))") }
      currency = named
    }
    if let text = arguments["amount"] {
      do {
        fields.amount = try AmountParser.parse(text, currency: currency)
      } catch {
        throw .data("amount: \(error)")
      }
      if arguments["currency"] != nil && fields.amount.currency != currency {
        throw .data("amount '\(text)': its symbol says \(fields.amount.currency.code) but --currency says \(currency.code)")
      }
    } else if currency != fields.amount.currency {
      do {
        fields.amount = try AmountParser.parse(fields.amount.decimalString, currency: currency)
      } catch {
        throw .data("amount: \(error)")
      }
    }
    if let text = arguments["category"] { fields.category = text }
    if let text = arguments["method"] { fields.method = text }
    if let text = arguments["merchant"] { fields.merchant = text }
    if let text = arguments["note"] { fields.note = text }
    if let text = arguments["date"] { fields.date = try date(text, today: today) }
    if let text = arguments["time"] {
      if text.isEmpty {
        fields.time = nil
      } else {
        guard let time = LocalTime(text: text) else { throw .data("time '\(text)': expected HH:MM, like 13:05") }
        fields.time = time
      }
    }
  }

  static func date(_ text: String, today: LocalDate) throws(CLIError) -> LocalDate {
    switch text.lowercased() {
    case "today": return today
    case "yesterday": return today.adding(days: -1)
    default:
      guard let date = LocalDate(iso: text) else {
        throw .data("date '\(text)': expected YYYY-MM-DD (like \(today)), today or yesterday")
      }
      return date
    }
  }

  /// Parses `--from`/`--to` style dates for filters.
  static func optionalDate(_ arguments: Arguments, _ name: String, today: LocalDate) throws(CLIError) -> LocalDate? {
    guard let text = arguments[name] else { return nil }
    do {
      return try date(text, today: today)
    } catch {
      throw .usage("--\(name): \(error.message)")
    }
  }
}
