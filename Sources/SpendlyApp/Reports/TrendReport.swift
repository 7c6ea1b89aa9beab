import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A trend question's figures ("monthly spending", "weekly food"): the period's groups by day,
/// week, month, quarter or year per currency (the default currency first), every bucket of the
/// period filled in (empty ones as zero) so a chart has no gaps. The CLI renders it as text and JSON.
public struct TrendReport: Sendable {
  public let query: Query
  /// The question's period, else the grouping's own (the last 30 days, the last 12 weeks, this year…).
  public let period: Period
  public let grouping: Grouping
  /// The groups as the store added them up, and the currencies left out.
  public let breakdown: Breakdown
  /// Per currency code, every bucket of the period in order.
  public let sections: [(code: String, groups: [GroupTotal])]
  /// No group at all in the period.
  public var isEmpty: Bool { breakdown.groups.isEmpty }

  /// `weekStart`: 0 for Monday, 6 for Sunday.
  public init(_ query: Query, by grouping: Grouping, weekStart: Int, in session: Session) throws(StoreError) {
    let store = try session.store()
    let today = session.today
    self.query = query
    self.grouping = grouping
    let period =
      try session.period(of: query) ?? Self.defaultPeriod(grouping, today: today, weekStart: weekStart, store: store)
    self.period = period
    breakdown = try store.reports.breakdown(query.effectiveFilter(period: period), by: grouping, weekStart: weekStart)
    let home = (try? store.settings.defaultCurrency())?.code ?? "INR"
    sections = Dictionary(grouping: breakdown.groups, by: \.currency.code).sorted { a, b in
      a.key == home || (b.key != home && a.key < b.key)
    }.map { (code: $0.key, groups: Self.filled($0.value, grouping, period, today: today, weekStart: weekStart)) }
  }

  /// The period a trend covers when the question names none.
  static func defaultPeriod(_ grouping: Grouping, today: LocalDate, weekStart: Int, store: Store) -> Period {
    switch grouping {
    case .day: return Period(from: today.adding(days: -29), to: today, name: .trailing(count: 30, word: "days"))
    case .week:
      let start = Period.startOfWeek(today, weekStart: weekStart).adding(days: -7 * 11)
      return Period(from: start, to: today, name: .trailing(count: 12, word: "weeks"))
    case .year:
      let first = (try? store.reports.dateRange())??.0 ?? today
      return Period(from: LocalDate(year: first.year, month: 1, day: 1)!, to: today, name: .allYears)
    default: return .year(today.year, name: .relative(0, .year))
    }
  }

  /// One currency's groups with the time buckets that have no transactions shown as zero, up to
  /// the period's end or today (or the newest group), at most 400 buckets.
  public static func filled(
    _ rows: [GroupTotal], _ grouping: Grouping, _ period: Period, today: LocalDate, weekStart: Int = 0
  ) -> [GroupTotal] {
    guard let currency = rows.first?.currency else { return rows }
    func key(_ date: LocalDate) -> String {
      Analytics.groupKey(
        TransactionFields(kind: .expense, amount: .zero(currency), category: "", method: "", date: date), grouping,
        weekStart: weekStart)
    }
    // Each group's first day is the first group's first day plus n steps (from the anchor, never
    // from the step before): a period that starts on the 14th still has the month of its last day.
    var first = period.from
    switch grouping {
    case .day: break
    case .week: first = Period.startOfWeek(first, weekStart: weekStart)
    case .month, .quarter, .year:
      let month = grouping == .month ? first.month : grouping == .quarter ? (first.month - 1) / 3 * 3 + 1 : 1
      first = LocalDate(year: first.year, month: month, day: 1) ?? first
    default: break
    }
    var keys: [String] = []
    let end = min(period.to, max(today, rows.map(\.key).max().flatMap { LocalDate(iso: $0) } ?? today))
    for n in 0..<400 {
      let date =
        grouping == .day || grouping == .week
        ? first.adding(days: n * (grouping == .day ? 1 : 7))
        : first.adding(months: n * (grouping == .month ? 1 : grouping == .quarter ? 3 : 12))
      guard date <= end else { break }
      let key = key(date)
      if keys.last != key { keys.append(key) }
    }
    let byKey = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let filled = keys.map { byKey[$0] ?? GroupTotal(key: $0, currency: currency, minorUnits: 0, count: 0) }
    let extra = rows.filter { !keys.contains($0.key) }
    return (filled + extra).sorted { $0.key < $1.key }
  }
}
