import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly config [KEY [VALUE]]`
struct ConfigCommand: Command {
  static let name = "config"
  static let summary = "show or change settings (currency, method, income-method, card, week, pending)"
  static let help = """
    usage: spendly config                 show every setting
           spendly config currency USD    default currency for new entries
           spendly config method UPI      default payment method of an expense
           spendly config income-method Cash   of income (Bank Transfer until set)
           spendly config card "Debit Card"   what the word 'card' means
           spendly config week sunday     the first day of a week (monday or sunday)
           spendly config pending exclude   leave pending and authorized rows out of totals,
                                            budgets and balances (include counts them)
    """
  static let examples = ["spendly config currency USD", "spendly config pending exclude"]
  static let specs: [Arguments.Spec] = []
  /// Tab offers each setting's values after its word (`config method UPI`).
  static let argumentValues: ArgumentValues? = .after(
    SettingKey.allCases.map { ArgumentWord($0.word, .sequence([value(of: $0)])) })

  /// What a setting's value is.
  static func value(of key: SettingKey) -> OptionValue {
    switch key {
    case .currency: return .currency
    case .method, .card, .incomeMethod: return .method
    case .weekStart: return .choice(weekStarts)
    case .pending: return .choice(pendingChoices)
    }
  }
  static let weekStarts = ["monday", "sunday"]
  static let pendingChoices = ["include", "exclude"]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 2, command: name, what: "")
    let store = try context.store()
    let words = arguments.positional
    return try reporting {
      if words.isEmpty {
        var pairs: [(String, String)] = []
        for key in SettingKey.allCases { pairs.append((key.word, try store.settings.current(key))) }
        let lines = pairs.map { word, text in
          word + String(repeating: " ", count: 15 - word.count) + Render.safe(text)
        }
        return .lines(lines, json: JSON(JSONPairs(pairs)))
      }
      guard let key = SettingKey.named(words[0]) else {
        let known = SettingKey.allCases.map(\.word).joined(separator: ", ")
        throw CLIError.usage("config: unknown setting '\(words[0])' (\(known))")
      }
      guard words.count == 2 else { return .lines([Render.safe(try store.settings.current(key))]) }
      let value: String
      switch key {
      case .currency:
        guard let currency = Currency.named(words[1]) else {
          throw CLIError.data("currency: \(MoneyError.unknownCurrency(words[1]))")
        }
        value = currency.code
      case .weekStart:
        guard weekStarts.contains(words[1].lowercased()) else {
          throw CLIError.data("week '\(words[1])': expected monday or sunday")
        }
        value = words[1].lowercased()
      case .pending:
        guard pendingChoices.contains(words[1].lowercased()) else {
          throw CLIError.data("pending \(Render.quoted(words[1])): expected include or exclude")
        }
        value = words[1].lowercased()
      case .method, .card, .incomeMethod:
        guard let method = try store.catalog.current().method(named: words[1]) else {
          throw CLIError.data("method '\(words[1])': unknown payment method (see: spendly methods)")
        }
        value = method.name
      }
      try store.settings.set(key, value)
      return .lines(["\(key.word) set to \(Render.safe(value))"])
    }
  }
}
