import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The figures of `spendly report` over a period, per currency (the default currency first),
/// from the same store functions the dashboard and the questions answer with: summaries,
/// breakdowns, budget statuses, schedules and debts. The CLI renders it as HTML.
public struct PeriodReport: Sendable {
  /// One currency's part of the report.
  public struct Section: Sendable {
    public let currency: Currency
    /// Income, expenses and savings; nil when the currency has none in the period.
    public var summary: Summary?
    /// Expenses month by month, empty months as zero.
    public var months: [GroupTotal] = []
    public var categories: [GroupTotal] = []
    public var methods: [GroupTotal] = []
    /// Named merchants only, the largest first (as "top merchants" answers).
    public var merchants: [GroupTotal] = []
    /// What shares are of: everything spent in the period (the breakdown's own total).
    public var spent: Int64 = 0
    /// A breakdown that could not add up for this currency.
    public var problem: TotalProblem?
    public var budgets: [BudgetStatus] = []
    public var upcoming: [(Schedule, LocalDate)] = []
    /// The running subscriptions' monthly equivalent and yearly cost.
    public var subscriptions: (monthly: Int64, yearly: Int64)?
    public var debts: [(debt: Debt, balance: Int64, due: LocalDate)] = []
    /// The debts' balances added up (checked to fit when the figures were gathered).
    public var debtTotal: Int64 = 0

    init(currency: Currency) { self.currency = currency }
  }

  public static let merchants = 10
  public static let upcomingDays = 30

  public let period: Period
  /// The months the trend covers (the period's, or the twelve up to a one-month period's).
  public let trendPeriod: Period
  public let budgetMonth: YearMonth
  public let upcomingDays: Int
  public var sections: [Section]
  public let today: LocalDate

  /// The report's figures for `query`'s period (its measure and action are not used). Throws
  /// `StoreError`, or `FigureTooLarge` for a total that does not fit (named).
  public init(_ query: Query, period: Period, in session: Session) throws {
    let store = try session.store()
    let today = session.today
    var all = query
    all.measure = .savings
    var spent = query
    spent.measure = .spent
    let summaries = DashboardReport.homeFirst(
      try store.reports.summaries(all.effectiveFilter(period: period)),
      home: (try? store.settings.defaultCurrency()) ?? .inr)
    let spentFilter = spent.effectiveFilter(period: period)
    var categories = try store.reports.breakdown(spentFilter, by: .category)
    let spentTotals = categories.totalled()
    let methods = try store.reports.breakdown(spentFilter, by: .method)
    let merchants = try store.reports.breakdown(spentFilter, by: .merchant)
    // A one-month period's trend is the twelve months up to it; a longer one's, its own months.
    let oneMonth = YearMonth(period.from) == YearMonth(period.to)
    let trendPeriod =
      oneMonth
      ? Period(
        from: LocalDate(year: period.from.year, month: period.from.month, day: 1)!.adding(months: -11),
        to: period.to, name: .twelveMonths)
      : period
    let months = try store.reports.breakdown(spent.effectiveFilter(period: trendPeriod), by: .month)
    // Budgets of the period's month, or of its latest month so far.
    let budgetMonth = YearMonth(min(period.to, max(period.from, today)))
    let budgets = BudgetReport.ordered(try store.budgets.statuses(in: budgetMonth))
    let schedules = try store.schedules.all()
    let last = today.adding(days: Self.upcomingDays)
    let upcoming = schedules.filter { RecurringReport.running($0, today: today) }
      .flatMap { schedule in schedule.occurrences(from: today.adding(days: 1), to: last).map { (schedule, $0) } }
      .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
    let subscriptions = try RecurringReport.totals(schedules, kind: .expense, today: today)
    let debts = try store.debts.all()
    let balances: [Int64: Money]
    do {
      balances = try DebtPlanning.balances(debts, in: session)
    } catch {
      switch error {
      case .store(let error): throw error
      case .tooLarge(let figure): throw figure
      default: throw error
      }
    }

    var codes = summaries.map(\.currency)
    let others =
      categories.map(\.currency) + months.map(\.currency) + Array(categories.problems.keys)
      + budgets.map(\.target.currency) + upcoming.map { $0.0.amount(on: $0.1).currency }
      + debts.map(\.balance.currency)
    let home = (try? store.settings.defaultCurrency()) ?? .inr
    for currency in others.sorted(by: { $0.code < $1.code }) where !codes.contains(currency) {
      codes.append(currency)
    }
    codes = codes.filter { $0 == home } + codes.filter { $0 != home }

    // Every total through `Money`: one that does not fit is an error naming it, never capped.
    sections = try codes.map { (currency) throws(FigureTooLarge) -> Section in
      var section = Section(currency: currency)
      section.summary = summaries.first { $0.currency == currency }
      section.problem =
        categories.problems[currency] ?? methods.problems[currency] ?? merchants.problems[currency]
        ?? months.problems[currency]
      section.categories = categories.filter { $0.currency == currency }
      section.methods = methods.filter { $0.currency == currency }
      section.merchants = Array(
        merchants.filter { $0.currency == currency && $0.key != "—" }.prefix(Self.merchants))
      section.spent = spentTotals[currency] ?? 0
      section.months = TrendReport.filled(months.filter { $0.currency == currency }, .month, trendPeriod, today: today)
      section.budgets = budgets.filter { $0.target.currency == currency }
      section.upcoming = upcoming.filter { $0.0.amount(on: $0.1).currency == currency }
      section.subscriptions = subscriptions.first { $0.currency == currency }.map {
        (monthly: $0.monthly, yearly: $0.yearly)
      }
      section.debts = debts.filter { $0.balance.currency == currency }.map {
        (debt: $0, balance: balances[$0.id]?.minorUnits ?? 0, due: $0.nextDue(onOrAfter: today))
      }
      section.debtTotal =
        try Money.total(
          section.debts.map { Money(minorUnits: $0.balance, currency: currency) }, in: currency,
          or: FigureTooLarge(figure: "total of debts in \(currency.code)")
        ).minorUnits
      return section
    }
    self.period = period
    self.trendPeriod = trendPeriod
    self.budgetMonth = budgetMonth
    upcomingDays = Self.upcomingDays
    self.today = today
  }
}
