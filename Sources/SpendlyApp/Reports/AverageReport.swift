import SpendlyCore
import SpendlyParse
import SpendlyStore

/// An average question's figures ("avg daily spend"): per currency (the default currency first)
/// what the question measured over the period, and the elapsed days or months it is divided by.
/// The CLI renders it as text and JSON.
public struct AverageReport: Sendable {
  public let query: Query
  /// The question's period, this month when it names none.
  public let period: Period
  /// `.month` for a monthly average, else daily.
  public let unit: Grouping
  public let totals: [Summary]
  /// The period's elapsed days (or months), at least one.
  public let divisor: Int

  public init(_ query: Query, per unit: Grouping, in session: Session) throws(StoreError) {
    let store = try session.store()
    let today = session.today
    self.query = query
    self.unit = unit
    period = try session.period(of: query) ?? .month(containing: today, name: .relative(0, .month))
    totals = DashboardReport.homeFirst(
      try store.reports.summaries(query.effectiveFilter(period: period)),
      home: (try? store.settings.defaultCurrency()) ?? .inr)
    divisor =
      unit == .month ? max(1, period.elapsedMonths(today: today)) : max(1, period.elapsedDays(today: today))
  }
}
