import SpendlyCore

/// A question, parsed: what to measure, how to group it, over which period, for what.
public struct Query: Equatable, Sendable {
  /// What is added up: expenses, income, or income less expenses.
  public enum Measure: String, Sendable {
    case spent, income, savings
  }

  /// The shape of the answer.
  public enum Action: Equatable, Sendable {
    /// A total (spent, income or savings) with count and averages.
    case total
    /// Totals by a non-time group, largest first, optionally only the top N.
    case breakdown(Grouping, top: Int?)
    /// Totals by a time group, oldest first, as a chart.
    case trend(Grouping)
    /// The period against another one.
    case compare(with: Period?)
    /// This month at a glance.
    case dashboard
    /// The budgets of the period's month (month by month over a longer period).
    case budget
    /// What the schedules cost: subscriptions (expense), income sources (income), or both and the net.
    case recurring(Kind?)
    /// The debts and their balances; with `free`, when they are paid off on the last plan's budget.
    case debts(free: Bool)
    /// Everything since the first transaction.
    case lifetime
    /// Single transactions: the last N, or the N largest ("top 3 expenses"); `kind` nil for both.
    case list(ListOrder, limit: Int, kind: Kind?)
    /// One figure: the measure's average per day (or per month) over the period.
    case average(Grouping)
    /// The accounts' balances and, per currency, assets, liabilities and net worth.
    case accounts
    /// Recurring charges and income not yet logged (and, with a period ahead, those coming in it).
    case due
    /// The month's grid of recurring charges and income (the period's first month; this month when none).
    case calendar
  }

  public var action: Action = .total
  public var measure: Measure = .spent
  /// Nil means the action's default (this month; a trend: this year; weekly: the last 12 weeks).
  public var period: Period?
  public var filter = TransactionFilter()
  /// True when a bare number was read as a year ("food 2025"): the line may as well be an entry.
  public var readBareYear = false
  /// True when words only a question has were read: a measure, a period in words, how much,
  /// top/last N, compare, an amount bound. Without them ("food 2025") a line may be an entry.
  public var structured = false
  /// True when "lifetime" was read: with no period named, the question covers everything
  /// recorded ("lifetime by category", "lifetime monthly"), not this month.
  public var wholeHistory = false

  public init() {}

  /// The dashboard, as the parser reads the word "dashboard" (a test holds the two equal): the
  /// `dashboard` command asks it without building a parser.
  public static var dashboard: Query {
    var query = Query()
    query.action = .dashboard
    query.structured = true
    return query
  }

  /// The filter with the measure's kind and the period applied.
  public func effectiveFilter(period: Period) -> TransactionFilter {
    var result = filter
    result.from = period.from
    result.to = period.to
    switch measure {
    case .spent: result.kind = .expense
    case .income: result.kind = .income
    case .savings: result.kind = nil
    }
    return result
  }
}

/// A question that was not (fully) understood: the words, with where they stand.
public struct QueryError: Error, Equatable, Sendable, CustomStringConvertible {
  public let words: [String]
  public let column: Int
  public let message: String
  /// True when, before failing, the parser read words only a question has ("how much …").
  public var structured = false
  /// The nearest question the line could be ("spent this month by category"), when one reads.
  public var suggestion: String?

  public var description: String { message }
}

/// What a question word does, one case per role in `grammar/lexicon/queries.txt` (the raw
/// values are the role names there), so the parser matches cases, not strings.
package enum QueryRole: String, CaseIterable, Sendable {
  case measureSpent = "measure-spent", measureIncome = "measure-income", measureSavings = "measure-savings"
  case groupCategory = "group-category", groupMethod = "group-method", groupMerchant = "group-merchant"
  case groupAccount = "group-account", groupCurrency = "group-currency", groupDay = "group-day"
  case groupWeek = "group-week"
  case groupMonth = "group-month", groupQuarter = "group-quarter", groupYear = "group-year"
  case by, top, trend, average, largest, smallest, recent, items
  case moreThan = "more-than", lessThan = "less-than"
  case compare, versus, dashboard, budget, subscriptions, sources, debts, free, lifetime, this, last, since, between,
    next, payoff, long, worth, due, calendar,
    transfers, pending,
    from, and, ask,
    filler

  /// Spent or income: a measure of one kind (savings is both).
  var isKindMeasure: Bool { self == .measureSpent || self == .measureIncome }

  /// What a listing lists: transactions, expenses or income.
  var isListItem: Bool { self == .items || isKindMeasure }

  /// The unit of an average ("per day", "monthly"): day or month, nil for any other role.
  var averageUnit: Grouping? {
    switch self {
    case .groupDay: .day
    case .groupMonth: .month
    default: nil
    }
  }

  /// The order of a listing word after a count ("5 biggest", "3 top", "10 latest").
  var listOrder: ListOrder? {
    switch self {
    case .largest, .top: .largest
    case .smallest: .smallest
    case .recent: .newest
    default: nil
    }
  }
}

/// The question words from `grammar/lexicon/queries.txt`, each with its role.
package struct QueryLexicon: Sendable {
  package var roles = WordMap<QueryRole>()
  /// Each line's role and words, in the file's order (a role's first word is its usual spelling).
  package var lines: [(role: QueryRole, words: [String])] = []

  /// Reads the file's text; a role the parser does not know is an error with its line.
  init(text: String) throws(Lexicon.FileError) {
    var lines: [(role: QueryRole, words: [String])] = []
    try Lexicon.lines(of: text) { (number, name, value) throws(Lexicon.FileError) in
      guard let name else { return }  // a line without a colon says nothing here
      guard let role = QueryRole(rawValue: name) else {
        throw Lexicon.FileError(file: "queries", line: number, message: "unknown question role \(name)")
      }
      lines.append((role, value.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }))
    }
    self.lines = lines
    for (role, words) in lines {
      for word in words { roles[word] = role }
    }
  }

  init() {}

  /// The question words built into the binary, compiled into sorted tables as the lexicon's are
  /// (`LexiconTables.swift`, from `readingEmbeddedFile()`).
  static let standard = QueryLexicon.compiled()

  /// The question words read from the embedded queries.txt, as `make grammar` reads them.
  package static func readingEmbeddedFile() throws(Lexicon.FileError) -> QueryLexicon {
    try QueryLexicon(text: EmbeddedLexicon.files["queries"] ?? "")
  }

  /// The word's role; a word with an apostrophe is read without it ("what's", "we've": whats,
  /// weve), or as the word before it ("what've": what), and "whats" or "hows" as what and how.
  func role(_ word: String) -> QueryRole? {
    if let role = roles[word] { return role }
    let apostrophe: (Character) -> Bool = { $0 == "'" || $0 == "\u{2019}" }
    guard word.contains(where: apostrophe) || word.hasSuffix("s") else { return nil }
    // "what've", "we're", "i'd": the word before the apostrophe.
    if let stem = word.split(whereSeparator: apostrophe).first, let role = roles[String(stem)] { return role }
    let bare = word.filter { !apostrophe($0) }
    if let role = roles[bare] { return role }
    if bare.hasSuffix("s"), roles[String(bare.dropLast())] == .ask { return .ask }
    return nil
  }

  /// What a group role groups by (group-category: category), nil for any other role.
  static func grouping(_ role: QueryRole) -> Grouping? {
    switch role {
    case .groupCategory: .category
    case .groupMethod: .method
    case .groupMerchant: .merchant
    case .groupAccount: .account
    case .groupCurrency: .currency
    case .groupDay: .day
    case .groupWeek: .week
    case .groupMonth: .month
    case .groupQuarter: .quarter
    case .groupYear: .year
    default: nil
    }
  }
}
