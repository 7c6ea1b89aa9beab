import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Two periods compared ("this month vs last month"): per currency (the default currency
/// first) what the question measured in each, and the change. A period still under way is
/// compared to date, against the same number of days of the other. The CLI renders it.
public struct ComparisonReport: Sendable {
  /// One currency's two figures, or what kept them from being added up.
  public struct Row: Sendable {
    public let currency: Currency
    public let current: Int64
    public let previous: Int64
    public let problem: TotalProblem?

    /// The change, nil when it does not fit.
    public var difference: Int64? {
      let (difference, overflow) = current.subtractingReportingOverflow(previous)
      return overflow ? nil : difference
    }

    /// The change in basis points of the previous figure, nil when there is none to compare to.
    public var changeBasisPoints: Int64? { Analytics.changeBasisPoints(from: previous, to: current) }
  }

  public let query: Query
  public let period: Period
  public let previousPeriod: Period
  public let rows: [Row]

  public init(_ query: Query, with other: Period?, in session: Session) throws(StoreError) {
    let store = try session.store()
    let today = session.today
    var period = query.period ?? .month(containing: today, name: .relative(0, .month))
    var before = other ?? period.previous
    if period.from <= today && today < period.to {
      let days = period.elapsedDays(today: today)
      period = Period(from: period.from, to: today, name: period.name == .dates ? .dates : .toDate(period.name))
      let end = min(before.from.adding(days: days - 1), before.to)
      before = Period(from: before.from, to: end, name: before.name == .dates ? .dates : .sameDays(of: before.name))
    }
    let now = try store.reports.summaries(query.effectiveFilter(period: period))
    let then = try store.reports.summaries(query.effectiveFilter(period: before))
    let home = (try? store.settings.defaultCurrency())?.code ?? "INR"
    let codes = Set(now.map(\.currency.code) + then.map(\.currency.code)).sorted { a, b in
      a == home || (b != home && a < b)
    }
    let measure = { (summary: Summary) -> Int64 in
      switch query.measure {
      case .spent: return summary.expenses
      case .income: return summary.income
      case .savings: return summary.savings
      }
    }
    rows = codes.map { code in
      let current = now.first { $0.currency.code == code }
      let previous = then.first { $0.currency.code == code }
      return Row(
        currency: current?.currency ?? previous?.currency ?? Currency.stored(code),
        current: current.map(measure) ?? 0, previous: previous.map(measure) ?? 0,
        problem: current?.problem ?? previous?.problem)
    }
    self.query = query
    self.period = period
    previousPeriod = before
  }
}
