import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `lifetime`: everything since the first entry per currency (the default currency first), the
/// months it spans, and expenses month by month. The CLI renders it as text and JSON.
public struct LifetimeReport: Sendable {
  public let query: Query
  /// From the first entry to the last (or today, when later).
  public let period: Period
  public let today: LocalDate
  /// Income, expenses and savings per currency.
  public let totals: [Summary]
  /// Expenses by month, and the currencies left out.
  public let months: Breakdown
  /// The months the period spans, at least one: what the monthly averages divide by.
  public let monthCount: Int

  /// nil when nothing is recorded yet.
  public init?(_ query: Query, in session: Session) throws(StoreError) {
    let store = try session.store()
    guard let period = try session.wholeHistory() else { return nil }
    let today = session.today
    self.query = query
    self.today = today
    self.period = period
    var all = query
    all.measure = .savings
    totals = DashboardReport.homeFirst(
      try store.reports.summaries(all.effectiveFilter(period: period)),
      home: (try? store.settings.defaultCurrency()) ?? .inr)
    var spent = query
    spent.measure = .spent
    months = try store.reports.breakdown(spent.effectiveFilter(period: period), by: .month)
    monthCount = max(1, period.elapsedMonths(today: period.to))
  }

  /// One currency's expenses month by month, every month of the period (empty ones as zero).
  public func expensesByMonth(_ currency: Currency) -> [GroupTotal] {
    TrendReport.filled(months.filter { $0.currency == currency }, .month, period, today: today)
  }
}
