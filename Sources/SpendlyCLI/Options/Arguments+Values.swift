import SpendlyCore

/// Option values read through their declared value types, each refusal naming the option.
extension Arguments {
  /// `--name N` as its declared `.number(range)` (or `range`, else 0 or more) reads it.
  func int(_ name: String, default fallback: Int, range: ClosedRange<Int>? = nil) throws(CLIError) -> Int {
    try number(name, range: range) ?? fallback
  }

  /// `--name N` as its declared `.number(range)` (or `range`, else 0 or more) reads it, or nil
  /// when not given: "--due-day '32': expected a whole number from 1 to 31".
  func number(_ name: String, range: ClosedRange<Int>? = nil) throws(CLIError) -> Int? {
    guard let text = values[name] else { return nil }
    var allowed = range ?? 0...Int.max
    if range == nil, case .number(let declared) = declared(name) { allowed = declared }
    guard let value = Int(text), allowed.contains(value) else {
      let upTo = allowed.upperBound == Int.max ? "" : " to \(allowed.upperBound)"
      throw .usage("--\(name) '\(text)': expected a whole number from \(allowed.lowerBound)\(upTo)")
    }
    return value
  }

  /// `--name 9.5` (a trailing % allowed: `9.5%`) as a decimal number, never floating point.
  func decimal(_ name: String) throws(CLIError) -> DecimalNumber? {
    guard let text = values[name] else { return nil }
    guard let number = DecimalNumber(text: text.hasSuffix("%") ? String(text.dropLast()) : text) else {
      throw .usage("--\(name) \(Render.quoted(text)): expected a number like 9.5")
    }
    return number
  }

  /// What `--name` is declared as, if it is.
  private func declared(_ name: String) -> OptionValue? { specs.first { $0.name == name }?.value }

  /// `--name WORD` as one of its declared `.choice` words (or `words`), lowercased.
  func choice(_ name: String, _ words: [String]? = nil) throws(CLIError) -> String? {
    guard let text = values[name] else { return nil }
    return try Arguments.choice(text, name, words ?? declaredChoices(name))
  }

  /// `--name A,B` as its declared `.list(.choice)` words, each lowercased.
  func choices(_ name: String) throws(CLIError) -> [String] {
    guard let text = values[name] else { return [] }
    let words = declaredChoices(name)
    var chosen: [String] = []
    for item in CommaList.items(text) { chosen.append(try Arguments.choice(item, name, words)) }
    return chosen
  }

  /// `--name CODE` as a currency, or nil when not given.
  func currency(_ name: String = "currency") throws(CLIError) -> Currency? {
    guard let code = values[name] else { return nil }
    guard let currency = Currency.named(code) else { throw .usage("--\(name): \(MoneyError.unknownCurrency(code))") }
    return currency
  }

  private func declaredChoices(_ name: String) -> [String] {
    switch declared(name) {
    case .choice(let words), .list(.choice(let words)): return words
    default: return []
    }
  }

  /// `text` as one of `words` ignoring case: "--kind 'x': expected expense, income or transfer".
  static func choice(_ text: String, _ name: String, _ words: [String]) throws(CLIError) -> String {
    guard let word = words.first(where: { $0 == text.lowercased() }) else {
      let listed = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + words.last! : words.joined()
      throw .usage("--\(name) \(Render.quoted(text)): expected \(listed)")
    }
    return word
  }
}

/// The values that need the database or the phrase reader: an amount (the one amount reader),
/// a category, a method, an account.
extension Arguments {
  /// `--name AMOUNT` read by the one amount reader in `currency`; a refusal names the option.
  func amount(_ name: String, _ currency: Currency, _ context: Context) throws(CLIError) -> Money? {
    guard let text = values[name] else { return nil }
    return try MoneyOptions.amount(text, name, currency, context)
  }

  /// `--name NAME` as the category it names (cat:chai is Food).
  func category(_ context: Context, _ name: String = "category") throws(CLIError) -> Category? {
    guard let text = values[name] else { return nil }
    return try FieldOptions.category(text, parser: try context.phraseParser())
  }

  /// `--name NAME` as the payment method it names (gpay is UPI).
  func method(_ context: Context, _ name: String = "method") throws(CLIError) -> String? {
    guard let text = values[name] else { return nil }
    return try FieldOptions.method(text, parser: try context.phraseParser())
  }

  /// `--name NAME` as the account it names (a name, alias, or institution and type).
  func account(_ context: Context, _ name: String = "account") throws(CLIError) -> Account? {
    guard let text = values[name] else { return nil }
    return try context.account(named: text)
  }
}

/// The values of days and times.
extension Arguments {
  /// `--name DATE` as a filter takes it: YYYY-MM-DD, today or yesterday, within the supported
  /// dates: "--from 'xyz': expected a date: YYYY-MM-DD (like 2026-12-01), today or yesterday".
  func date(_ name: String, today: LocalDate) throws(CLIError) -> LocalDate? {
    guard let text = values[name] else { return nil }
    guard let date = FieldOptions.plainDay(text, today: today) else {
      throw .usage("--\(name) \(Render.quoted(text)): expected a date: YYYY-MM-DD (like \(today)), today or yesterday")
    }
    guard SupportedDates.contains(date) else { throw .usage(SupportedDates.refusal("--\(name)", text)) }
    return date
  }

  /// `--name DATE` as the schedule, debt and account commands take it: what `date(_:today:)`
  /// reads, or a date as a phrase writes one ("1 mar", "friday").
  func date(_ name: String, context: Context) throws(CLIError) -> LocalDate? {
    guard let text = values[name] else { return nil }
    guard let day = try FieldOptions.date(text, context: context, field: "--\(name)") else {
      throw .usage("--\(name) \(Render.quoted(text)): expected a date, like 2026-03-01 or '1 mar'")
    }
    return day
  }

  /// `--name YYYY-MM`, within the supported dates: "--month '2026-13': expected YYYY-MM, like 2026-12".
  func month(_ name: String) throws(CLIError) -> YearMonth? {
    guard let text = values[name] else { return nil }
    guard let month = YearMonth(text: text) else {
      throw .usage("--\(name) \(Render.quoted(text)): expected YYYY-MM, like 2026-12")
    }
    guard SupportedDates.contains(month) else { throw .data(SupportedDates.refusal("--\(name)", text)) }
    return month
  }

  /// `--name YYYY-MM-DDTHH:MM` (`--now`), within the supported dates.
  func dateTime(_ name: String) throws(CLIError) -> LocalDateTime? {
    guard let text = values[name] else { return nil }
    guard let parsed = LocalDateTime(iso: text) else {
      throw .usage("--\(name) \(Render.quoted(text)): expected YYYY-MM-DDTHH:MM, like 2026-11-29T13:05")
    }
    guard SupportedDates.contains(parsed.date) else { throw .data(SupportedDates.refusal("--\(name)", text)) }
    return parsed
  }
}
