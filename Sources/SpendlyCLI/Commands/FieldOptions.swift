import SpendlyCore
import SpendlyParse
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

  /// Applies the given field options on top of a draft; what they set counts as typed.
  /// Category and method words go through the same lexicon as phrases (--method gpay).
  static func apply(
    _ arguments: Arguments, to draft: inout TransactionDraft, parser: PhraseParser, today: LocalDate
  ) throws(CLIError) {
    if let text = arguments["kind"] {
      guard let kind = Kind(rawValue: text.lowercased()) else {
        throw .usage("--kind '\(text)': expected expense or income")
      }
      draft.kind = kind
      draft.inferred.remove(.kind)
    }
    if let code = arguments["currency"] {
      guard let currency = Currency.named(code) else { throw .data("currency: \(MoneyError.unknownCurrency(code))") }
      if let amount = draft.amount, arguments["amount"] == nil {
        do {
          draft.amount = try AmountParser.parse(amount.decimalString, currency: currency)
        } catch {
          throw .data("amount: \(error)")
        }
      }
      draft.currency = currency
    }
    if let text = arguments["amount"] {
      do {
        draft.amount = try AmountParser.parse(text, currency: draft.currency)
      } catch {
        throw .data("amount: \(error)")
      }
      if arguments["currency"] != nil && draft.amount!.currency != draft.currency {
        throw .data("amount '\(text)': its symbol says \(draft.amount!.currency.code) but --currency says \(draft.currency.code)")
      }
      draft.currency = draft.amount!.currency
      draft.missing.removeAll { $0 == .amount }
      draft.warnings.removeAll()
    }
    if let text = arguments["category"] {
      guard let category = parser.category(named: text) else {
        throw .data("category '\(text)': unknown category (see: spendly categories)")
      }
      draft.category = category.name
      draft.inferred.remove(.category)
      if arguments["kind"] == nil && category.side != draft.kind.side {
        draft.kind = category.side == .income ? .income : .expense
      }
    }
    if let category = draft.category.flatMap(parser.category(named:)), category.side != draft.kind.side {
      guard arguments["category"] == nil else {
        throw .data("category '\(category.name)': is an \(category.side.rawValue) category but this is an \(draft.kind.rawValue)")
      }
      draft.category = Category.fallback(for: draft.kind)
      draft.inferred.insert(.category)
    }
    if let text = arguments["method"] {
      guard let method = parser.method(named: text) else {
        throw .data("method '\(text)': unknown payment method (see: spendly methods)")
      }
      draft.method = method
      draft.inferred.remove(.method)
    }
    if let text = arguments["merchant"] { draft.merchant = text.isEmpty ? nil : text }
    if let text = arguments["note"] { draft.note = text.isEmpty ? nil : text }
    if let text = arguments["date"] {
      draft.date = try date(text, today: today)
      if arguments["time"] == nil { draft.time = nil }
    }
    if let text = arguments["time"] {
      if text.isEmpty {
        draft.time = nil
      } else {
        guard let time = LocalTime(text: text) else { throw .data("time '\(text)': expected HH:MM, like 13:05") }
        draft.time = time
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
