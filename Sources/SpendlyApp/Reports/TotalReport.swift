import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The answer to a total question ("spent on food this month"): per currency (the default
/// currency first) the totals over the period, and the days they are averaged over. The CLI
/// renders it as text and as JSON.
public struct TotalReport: Sendable {
  public let query: Query
  /// The question's period, this month when it names none.
  public let period: Period
  public let totals: [Summary]
  /// The period's days up to today, at least one.
  public let days: Int

  public init(_ query: Query, in session: Session) throws(StoreError) {
    let store = try session.store()
    self.query = query
    period = try session.period(of: query) ?? .month(containing: session.today, name: .relative(0, .month))
    totals = DashboardReport.homeFirst(
      try store.reports.summaries(query.effectiveFilter(period: period)),
      home: (try? store.settings.defaultCurrency()) ?? .inr)
    days = max(1, period.elapsedDays(today: session.today))
  }

  /// What the question measured of one currency's totals: spent, income or savings.
  public func measured(_ summary: Summary) -> Int64 {
    switch query.measure {
    case .spent: return summary.expenses
    case .income: return summary.income
    case .savings: return summary.savings
    }
  }
}
