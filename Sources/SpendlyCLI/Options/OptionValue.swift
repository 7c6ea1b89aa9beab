import SpendlyCore
import SpendlyStore

/// What an option's value is. It reads its own text (`Arguments` reads through it) and offers
/// the candidates Tab and `__complete` show after the option.
indirect enum OptionValue: Sendable, Equatable {
  /// Money, read by the one amount reader (`MoneyOptions.amount`).
  case amount
  /// A day: YYYY-MM-DD, today, yesterday, or as a phrase writes one where the command says so.
  case date
  /// A month, YYYY-MM.
  case month
  /// A day and a time of day, YYYY-MM-DDTHH:MM (`--now`).
  case dateTime
  /// A time of day, HH:MM.
  case time
  /// A category's name, alias or word for one (Tab: of the side the line's --kind names).
  case category
  /// A category of one side only (`log-payment --category` is an expense's).
  case categoryOf(Category.Side)
  /// A word of a phrase (`add 420 upi food`): Tab offers methods, categories and merchants.
  case phraseWord
  /// A word of a question (`query spent this mo`): Tab offers question words, then names.
  case questionWord
  /// A quick-add link, `spendly://quickadd?KEY=VALUE&...` (Tab: its keys, then their values).
  case quickLink
  /// A payment method's name, alias or word for one.
  case method
  /// An account's name, alias, or institution and type.
  case account
  /// A merchant's name, or its start.
  case merchant
  /// A currency code (INR, USD).
  case currency
  /// A whole number in the range.
  case number(ClosedRange<Int>)
  /// A number with a fraction, like a rate in percent.
  case decimal
  /// One of fixed words.
  case choice([String])
  /// A path to a file.
  case file
  /// Free text.
  case text
  /// Several of a kind, separated by commas (`UPI,"Debit Card"`).
  case list(OptionValue)

  /// What Tab offers where the value's text so far is `typed`, from `source`.
  func candidates(_ typed: String, _ source: inout some CandidateSource) -> [String] {
    switch self {
    case .category: return ShellCompletion.match(typed, in: source.categories(on: source.side))
    case .categoryOf(let side): return ShellCompletion.match(typed, in: source.categories(on: side))
    case .phraseWord:
      // Merchants match by their start, so with one in the pool `match` leaves out the names
      // that match only inside ("me" in Entertainment); a merchant spelt as a name is that name.
      let names = source.methods() + source.categories(on: source.side)
      return ShellCompletion.match(typed, in: names + source.merchants(startingWith: typed))
    case .questionWord:
      let names = source.categories(on: nil) + source.methods() + source.merchants(startingWith: typed)
      return ShellCompletion.question(typed, names: names)
    case .quickLink: return LinkCompletion.candidates(typed, &source)
    case .method: return ShellCompletion.match(typed, in: source.methods())
    case .account: return ShellCompletion.match(typed, in: source.accounts())
    case .merchant: return source.merchants(startingWith: typed)
    case .currency: return LineCompletion.prefixed(typed, Currency.all.map(\.code))
    case .choice(let words): return LineCompletion.prefixed(typed, words)
    case .file: return LineCompletion.files(typed)
    case .list(let item):
      // The item being typed is the text after the last comma; the earlier ones stay.
      guard let comma = typed.lastIndex(of: ",") else { return item.candidates(typed, &source) }
      let done = String(typed[...comma])
      return item.candidates(String(typed[typed.index(after: comma)...]), &source).map { done + $0 }
    case .amount, .date, .month, .dateTime, .time, .number, .decimal, .text: return []
    }
  }
}

/// Where the candidates of names come from: the catalog and the merchants of a store.
protocol CandidateSource {
  /// The side the line's `--kind` names, if it names one.
  var side: Category.Side? { get }
  /// The categories of `side`, or of both sides when nil.
  mutating func categories(on side: Category.Side?) -> [String]
  mutating func methods() -> [String]
  mutating func accounts() -> [String]
  mutating func merchants(startingWith typed: String) -> [String]
}
