import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The dashboard's figures: this month per currency (the default currency first), spending month
/// to date against the same days last month, this month's categories and budgets. The CLI
/// renders it as text and as JSON.
public struct DashboardReport: Sendable {
  public let today: LocalDate
  public let month: Period
  public let totals: [Summary]
  public let monthToDate: [Summary]
  public let sameDaysLastMonth: [Summary]
  /// This month's spending by category, every currency.
  public let categories: Breakdown
  public let budgets: [BudgetStatus]

  /// The dashboard of `today`'s month, under the question's filter.
  public init(_ query: Query, in session: Session) throws(StoreError) {
    let store = try session.store()
    let today = session.today
    self.today = today
    month = Period.month(containing: today, name: .relative(0, .month))
    var filter = query.filter
    filter.from = month.from
    filter.to = month.to
    totals = Self.homeFirst(try store.reports.summaries(filter), home: (try? store.settings.defaultCurrency()) ?? .inr)
    let monthToDate = Period(from: month.from, to: today, name: .monthToDate)
    let lastMonthStart = month.from.adding(months: -1)
    let sameDays = Period(
      from: lastMonthStart, to: min(lastMonthStart.adding(days: today.day - 1), lastMonthStart.endOfMonth),
      name: .sameDaysLastMonth)
    var spent = query
    spent.measure = .spent
    self.monthToDate = try store.reports.summaries(spent.effectiveFilter(period: monthToDate))
    sameDaysLastMonth = try store.reports.summaries(spent.effectiveFilter(period: sameDays))
    categories = try store.reports.breakdown(spent.effectiveFilter(period: month), by: .category)
    budgets = try store.budgets.statuses(in: YearMonth(today))
  }

  /// The default currency first, then the others in the order given (by code).
  static func homeFirst(_ summaries: [Summary], home: Currency) -> [Summary] {
    summaries.filter { $0.currency == home } + summaries.filter { $0.currency != home }
  }
}
