import SpendlyCore

/// Option values read through their declared value types, each refusal naming the option.
extension Arguments {
  /// `--name N` as its declared `.number(range)` (or `range`, else 0 or more) reads it.
  func int(_ name: String, default fallback: Int, range: ClosedRange<Int>? = nil) throws(CLIError) -> Int {
    guard let text = values[name] else { return fallback }
    var allowed = range ?? 0...Int.max
    if range == nil, case .number(let declared) = specs.first(where: { $0.name == name })?.value { allowed = declared }
    guard let value = Int(text), allowed.contains(value) else {
      throw .usage("--\(name) '\(text)': expected a whole number from \(allowed.lowerBound)")
    }
    return value
  }

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
    switch specs.first(where: { $0.name == name })?.value {
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
