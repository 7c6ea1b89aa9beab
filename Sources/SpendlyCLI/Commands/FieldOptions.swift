import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The `--amount --kind --currency --category --method --merchant --note --date --time` options
/// shared by `add` and `edit`.
enum FieldOptions {
  static let specs: [Option] = [
    .value(
      "amount", "AMOUNT", .amount,
      "as in phrases: 420, 1,250.50, ₹1,50,000, 1.5k, 2 lakh, $45\n(positive; the kind gives the sign)"),
    .value("kind", "KIND", .choice(Kind.allCases.map(\.rawValue)), "expense, income or transfer"),
    .value("currency", "CODE", .currency, "INR, USD, EUR, GBP, AED, SGD, JPY, ..."),
    .value(
      "category", "NAME", .category,
      "a category, alias or word for one (chai is Food) of the kind's side\n(see: spendly categories)"),
    .value(
      "method", "NAME", .method,
      "a payment method, alias or word for one (gpay is UPI, card the\ndefault card; see: spendly methods)"),
    .value("merchant", "TEXT", .merchant, "where the money went or came from"),
    .value("note", "TEXT", .text, "free text"),
    .value("date", "DATE", .date, "YYYY-MM-DD, today or yesterday"),
    .value("time", "HH:MM", .time, "24-hour time"),
    .value(
      "account", "NAME", .account,
      "the account it is on (a transfer's source); else its method's\n(see: spendly accounts)"),
    .value(
      "to", "NAME", .account,
      "a transfer's destination: an account, or a method (Cash); a method\nno account takes is cash Spendly does not keep (untracked)"
    ),
  ]

  /// Where the field options' help starts in `add` and `edit`.
  static let column = 22

  static var names: [String] { specs.map(\.name) }

  /// True when any field option was given.
  static func any(_ arguments: Arguments) -> Bool { names.contains { arguments[$0] != nil } }

  /// Applies the given field options on top of a draft; what they set counts as typed.
  /// Category and method words and amounts are read as phrases read them (--method gpay,
  /// --category chai, --amount 1.5k).
  /// When `editing`, the kind is the stored one: a category of the other side is refused
  /// unless --kind changes it too, and --date keeps the stored time.
  static func apply(
    _ arguments: Arguments, to draft: inout TransactionDraft, parser: PhraseParser, today: LocalDate,
    editing: Bool = false
  ) throws(CLIError) {
    // Adding, a category of the other side given without --kind sets the kind (--category Salary).
    if !editing, arguments["kind"] == nil, let text = arguments["category"],
      let category = parser.category(named: text),
      category.side != draft.kind.side
    {
      try DraftEdit.set(.kind, to: category.side.rawValue, in: &draft, parser: parser, today: today)
    }
    let order: [DraftField] = [
      .kind, .currency, .amount, .category, .method, .merchant, .note, .date, .time, .account, .to,
    ]
    for field in order {
      guard let value = arguments[field.rawValue] else { continue }
      try DraftEdit.set(field, to: value, in: &draft, parser: parser, today: today)
    }
    if let code = arguments["currency"], let amount = draft.amount, amount.currency.code != code.uppercased() {
      throw .data(
        "amount '\(arguments["amount"] ?? "")': its symbol says \(amount.currency.code) but --currency says \(code)")
    }
    if !editing && arguments["date"] != nil && arguments["time"] == nil { draft.time = nil }
  }

  static func date(_ text: String, today: LocalDate) throws(CLIError) -> LocalDate {
    guard let date = plainDay(text, today: today) else {
      throw .data("date \(Render.quoted(text)): expected YYYY-MM-DD (like \(today)), today or yesterday")
    }
    guard SupportedDates.contains(date) else { throw .data(SupportedDates.refusal("date", text)) }
    return date
  }

  /// The days an option or a field names plainly: today, yesterday or YYYY-MM-DD; nil for other
  /// text (the callers refuse it in their own words).
  static func plainDay(_ text: String, today: LocalDate) -> LocalDate? {
    switch text.lowercased() {
    case "today": return today
    case "yesterday": return today.adding(days: -1)
    default: return LocalDate(iso: text)
    }
  }

  /// A date as the schedule and debt commands take it: what `date(_:today:)` reads, or a date
  /// as a phrase writes one ("1 mar", "friday"); nil when the text is no date.
  static func date(_ text: String, context: Context, field: String = "date") throws(CLIError) -> LocalDate? {
    if let iso = LocalDate(iso: text), !SupportedDates.contains(iso) {
      throw .data(SupportedDates.refusal(field, text))
    }
    if let plain = try? date(text, today: context.today) { return plain }
    let parser = try context.phraseParser()
    do {
      return try parser.when(text, now: context.now)?.date
    } catch {
      throw .data(error.message)
    }
  }

  /// The category `--category TEXT` names, read as phrases read it (cat:chai): one resolver for
  /// every command's option.
  static func category(_ text: String, parser: PhraseParser) throws(CLIError) -> Category {
    guard let category = parser.category(named: text) else {
      throw .usage("--category: unknown category \(Render.quoted(text)) (see: spendly categories)")
    }
    return category
  }

  /// The method `--method TEXT` names (method:gpay is UPI).
  static func method(_ text: String, parser: PhraseParser) throws(CLIError) -> String {
    guard let method = parser.method(named: text) else {
      throw .usage("--method: unknown payment method \(Render.quoted(text)) (see: spendly methods)")
    }
    return method
  }
}
