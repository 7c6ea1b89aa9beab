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
    /// Everything since the first transaction.
    case lifetime
    /// Single transactions: the last N, or the N largest ("top 3 expenses"); `kind` nil for both.
    case list(ListOrder, limit: Int, kind: Kind?)
    /// One figure: the measure's average per day (or per month) over the period.
    case average(Grouping)
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

  public init() {}

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

  public var description: String { message }
}

/// The question words from `grammar/lexicon/queries.txt`.
struct QueryLexicon: Sendable {
  var roles: [String: String] = [:]

  static let standard: QueryLexicon = {
    var lexicon = QueryLexicon()
    for line in (embeddedLexicon["queries"] ?? "").split(separator: "\n") {
      let text = line.trimmingSpaces()
      guard !text.isEmpty, !text.hasPrefix("#"), let colon = text.firstIndex(of: ":") else { continue }
      let role = String(text[..<colon])
      for word in text[text.index(after: colon)...].split(separator: " ") { lexicon.roles[String(word)] = role }
    }
    return lexicon
  }()

  func role(_ word: String) -> String? { roles[word] }

  static let groupings: [String: Grouping] = [
    "group-category": .category, "group-method": .method, "group-merchant": .merchant,
    "group-currency": .currency, "group-day": .day, "group-week": .week, "group-month": .month,
    "group-year": .year,
  ]
}
