import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore
import Testing

@Suite("Report values: the figures of trends, lifetime, listings, budgets, schedules and debts")
struct ReportValueTests {
  static let november = YearMonth(year: 2026, month: 11)!

  @Test func aTrendFillsEveryMonthOfItsPeriodWithTheEmptyOnesAsZero() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 3)
    try world.expense(180, "Food", day: 20)
    let report = try TrendReport(Query(), by: .month, weekStart: 0, in: world.session)
    #expect(report.period.name == .relative(0, .year))
    #expect(!report.isEmpty)
    #expect(report.sections.map { $0.code } == ["INR"])
    let months = report.sections[0].groups
    // January to November (today is 29 Nov 2026): eleven buckets, only November spent in.
    #expect(months.count == 11)
    #expect(months.first?.key == "2026-01" && months.first?.minorUnits == 0)
    #expect(months.last?.key == "2026-11" && months.last?.minorUnits == 60_000 && months.last?.count == 2)
  }

  /// Each group of the period is there, the one of its last day too, whatever day it starts on:
  /// a lifetime from 14 Aug to 7 Dec has five months; 14 Feb to 7 Nov four quarters; a week from a
  /// Sunday to the Monday after, two.
  @Test func everyGroupOfThePeriodIsFilledFromItsFirstDay() throws {
    let aug14 = try #require(LocalDate(year: 2026, month: 8, day: 14))
    let dec7 = try #require(LocalDate(year: 2026, month: 12, day: 7))
    let august = [GroupTotal(key: "2026-08", currency: .eur, minorUnits: 5000, count: 1)]
    let months = TrendReport.filled(august, .month, Period(from: aug14, to: dec7), today: dec7)
    #expect(months.map(\.key) == ["2026-08", "2026-09", "2026-10", "2026-11", "2026-12"])
    let feb14 = try #require(LocalDate(year: 2026, month: 2, day: 14))
    let nov7 = try #require(LocalDate(year: 2026, month: 11, day: 7))
    let quarters = TrendReport.filled(
      [GroupTotal(key: "2026-Q1", currency: .inr, minorUnits: 1, count: 1)], .quarter, Period(from: feb14, to: nov7),
      today: dec7)
    #expect(quarters.count == 4, "\(quarters.map(\.key))")
    let sunday = try #require(LocalDate(year: 2026, month: 12, day: 6))
    let weeks = TrendReport.filled(
      [GroupTotal(key: "2026-11-30", currency: .inr, minorUnits: 1, count: 1)], .week, Period(from: sunday, to: dec7),
      today: dec7, weekStart: 0)
    #expect(weeks.map(\.key) == ["2026-11-30", "2026-12-07"])
  }

  @Test func aTrendOfNothingIsEmpty() throws {
    let world = try WorkflowWorld()
    let report = try TrendReport(Query(), by: .week, weekStart: 0, in: world.session)
    #expect(report.isEmpty && report.sections.isEmpty)
    #expect(report.period.name == .trailing(count: 12, word: "weeks"))
  }

  @Test func lifetimeRunsFromTheFirstEntryAndIsNilBeforeAny() throws {
    let world = try WorkflowWorld()
    #expect(try LifetimeReport(Query(), in: world.session) == nil)
    try world.expense(1_200, "Shopping", day: 2)
    try world.expense(300, "Food", day: 25)
    let report = try #require(try LifetimeReport(Query(), in: world.session))
    #expect(report.period.from == LocalDate(year: 2026, month: 11, day: 2))
    #expect(report.monthCount == 1)
    #expect(report.totals.map(\.expenses) == [150_000])
    #expect(report.expensesByMonth(.inr).map(\.minorUnits) == [150_000])
  }

  @Test func theLargestAreListedPerCurrencyAndTheNewestAllTime() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 3)
    try world.expense(1_200, "Shopping", day: 4)
    try world.expense(180, "Food", day: 5)
    var query = Query()
    query.period = .month(containing: LocalDate(year: 2026, month: 11, day: 1)!)
    let largest = try ListingReport(query, order: .largest, limit: 2, kind: .expense, in: world.session)
    #expect(largest.sections.map { $0.currency } == [Currency.inr])
    #expect(largest.rows.map(\.fields.amount.minorUnits) == [120_000, 42_000])
    #expect(largest.moved.isEmpty)
    let newest = try ListingReport(Query(), order: .newest, limit: 5, kind: nil, in: world.session)
    #expect(newest.sections.count == 1 && newest.sections[0].currency == nil)
    #expect(newest.period.from == LocalDate(year: 1970, month: 1, day: 1))
    #expect(newest.rows.count == 3)
  }

  @Test func aBudgetQuestionIsOneMonthOrMonthByMonthAndRefusesTwoCategories() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 3)
    try world.session.store().budgets.set(
      BudgetTarget(category: "Food", currency: .inr), limit: 800_000, scope: .from, month: Self.november)
    guard case .month(let month) = try BudgetReport(Query(), in: world.session) else {
      Issue.record("no month of budgets")
      return
    }
    #expect(month.month == Self.november && month.isCurrent && month.daysLeft == 2)
    #expect(month.budgets.map(\.spent) == [42_000])
    var year = Query()
    year.period = .year(2026)
    year.filter.categories = ["food"]
    guard case .months(let months) = try BudgetReport(year, in: world.session) else {
      Issue.record("no months of a budget")
      return
    }
    #expect(months.category == "Food" && months.months.count == 12)
    #expect(months.rows.count == 1 && months.rows[0].statuses[10].status?.spent == 42_000)
    #expect(months.rows[0].statuses[0].status == nil)
    var two = Query()
    two.filter.categories = ["Food", "Travel"]
    #expect(throws: BudgetReport.Refusal.self) { try BudgetReport(two, in: world.session) }
  }

  @Test func recurringCostsAddUpTheRunningSchedulesAndTheirNet() throws {
    let world = try WorkflowWorld()
    let store = try world.session.store()
    let day = LocalDate(year: 2026, month: 11, day: 5)!
    _ = try store.schedules.add(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: 64_900, currency: .inr), category: "Entertainment",
        method: "Credit Card", merchant: "Netflix", date: day), cadence: .monthly)
    _ = try store.schedules.add(
      TransactionFields(
        kind: .income, amount: Money(minorUnits: 10_000_000, currency: .inr), category: "Salary",
        method: "Bank Transfer", merchant: "Salary", date: day), cadence: .monthly)
    let report = try RecurringReport(kind: nil, in: world.session)
    #expect(report.schedules.count == 2)
    #expect(report.subscriptions.map { $0.monthly } == [64_900] && report.subscriptions.map { $0.yearly } == [778_800])
    #expect(report.income.map { $0.monthly } == [10_000_000])
    #expect(report.net.map { $0.monthly } == [10_000_000 - 64_900])
  }

  @Test func noDebtsIsAnEmptyReport() throws {
    let world = try WorkflowWorld()
    let report = try DebtsReport(in: world.session)
    #expect(report.debts.isEmpty && report.totals.isEmpty && report.balances.isEmpty)
  }

  @Test func theComingDaysListTheRunningSchedulesFromTomorrowWithTheirNet() throws {
    let world = try WorkflowWorld()
    _ = try world.session.store().schedules.add(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: 64_900, currency: .inr), category: "Entertainment",
        method: "Credit Card", merchant: "Netflix", date: LocalDate(year: 2026, month: 11, day: 5)!),
      cadence: .monthly)
    let report = try UpcomingReport(days: 30, in: world.session)
    #expect(report.from == LocalDate(year: 2026, month: 11, day: 30))
    #expect(report.occurrences.map { $0.date } == [LocalDate(year: 2026, month: 12, day: 5)!])
    #expect(
      report.totals.count == 1 && report.totals[0].expenses == 64_900 && report.totals[0].net.minorUnits == -64_900)
    #expect(throws: UpcomingReport.Refusal.self) { try UpcomingReport(days: 1_000_000, in: world.session) }
  }
}
