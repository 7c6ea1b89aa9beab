import SpendlyCore
import Testing

/// The reference analytics (pure functions) on PRODUCT.md's fixed data set and small hand-made sets.
@Suite("Analytics")
struct AnalyticsTests {
  // MARK: Data

  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  static func fields(
    _ kind: Kind, _ minor: Int64, _ category: String, currency: Currency = .inr, method: String = "UPI",
    merchant: String? = nil, note: String? = nil, date: String
  ) -> TransactionFields {
    TransactionFields(
      kind: kind, amount: Money(minorUnits: minor, currency: currency), category: category, method: method,
      merchant: merchant, note: note, date: day(date))
  }

  /// PRODUCT.md's fixed data set, in November 2026: income ₹1,50,000; Food ₹10,000, Shopping ₹15,000,
  /// Travel ₹20,000, Bills ₹8,000, Other ₹7,000.
  static let fixed: [TransactionFields] = [
    fields(.income, 15_000_000, "Salary", method: "Bank Transfer", merchant: "Acme Corp", date: "2026-11-01"),
    fields(.expense, 1_000_000, "Food", merchant: "Social", note: "team lunch", date: "2026-11-03"),
    fields(.expense, 1_500_000, "Shopping", method: "Credit Card", merchant: "Zara", date: "2026-11-05"),
    fields(.expense, 2_000_000, "Travel", method: "Debit Card", merchant: "Uber", note: "airport", date: "2026-11-10"),
    fields(.expense, 800_000, "Bills", method: "Bank Transfer", date: "2026-11-15"),
    fields(.expense, 700_000, "Other", method: "Cash", merchant: "social", date: "2026-11-20"),
  ]

  static let november = TransactionFilter(from: day("2026-11-01"), to: day("2026-11-30"))
  static let expensesInNovember = TransactionFilter(kind: .expense, from: day("2026-11-01"), to: day("2026-11-30"))

  static func rupees(_ minor: Int64) -> String { MoneyFormat.string(Money(minorUnits: minor, currency: .inr)) }

  // MARK: The fixed data set

  @Test func fixedDataSetTotals() throws {
    let summaries = Analytics.summaries(Self.fixed, filter: TransactionFilter())
    try #require(summaries.count == 1)
    let s = summaries[0]
    #expect(s.currency == .inr)
    #expect(s.count == 6)
    #expect(Self.rupees(s.income) == "₹1,50,000.00")
    #expect(Self.rupees(s.expenses) == "₹60,000.00")
    #expect(Self.rupees(s.savings) == "₹90,000.00")
    #expect(s.savingsRateBasisPoints == 6_000)
    #expect(percentText(basisPoints: s.savingsRateBasisPoints) == "60%")
    // The same figures for the month; nothing in October.
    #expect(Analytics.summaries(Self.fixed, filter: Self.november) == summaries)
    let october = TransactionFilter(from: Self.day("2026-10-01"), to: Self.day("2026-10-31"))
    #expect(Analytics.summaries(Self.fixed, filter: october).isEmpty)
  }

  @Test func spentAndIncomeSummariesFollowTheKind() throws {
    let spent = Analytics.summaries(Self.fixed, filter: Self.expensesInNovember)
    #expect(spent.map(\.expenses) == [6_000_000])
    #expect(spent.map(\.income) == [0])
    #expect(spent.map(\.count) == [5])
    #expect(spent.first?.savingsRateBasisPoints == nil)
    #expect(percentText(basisPoints: spent.first?.savingsRateBasisPoints) == "—")
    let income = Analytics.summaries(Self.fixed, filter: TransactionFilter(kind: .income))
    #expect(income.map(\.income) == [15_000_000])
    #expect(income.map(\.count) == [1])
  }

  @Test func categoryBreakdownOrderAndShares() throws {
    let rows = Analytics.breakdown(Self.fixed, filter: Self.expensesInNovember, by: .category)
    #expect(rows.map(\.key) == ["Travel", "Shopping", "Food", "Bills", "Other"])
    #expect(rows.map(\.minorUnits) == [2_000_000, 1_500_000, 1_000_000, 800_000, 700_000])
    #expect(rows.map(\.count) == [1, 1, 1, 1, 1])
    #expect(rows.allSatisfy { $0.currency == .inr })
    #expect(
      rows.map { MoneyFormat.string($0.money) } == ["₹20,000.00", "₹15,000.00", "₹10,000.00", "₹8,000.00", "₹7,000.00"])
    let total = rows.reduce(0) { $0 + $1.minorUnits }
    #expect(total == 6_000_000)
    let shares = rows.map { percentText(basisPoints: $0.minorUnits * 10_000 / total) }
    #expect(shares == ["33.3%", "25%", "16.7%", "13.3%", "11.7%"])
  }

  @Test func breakdownWithoutAKindMixesIncomeIn() throws {
    // The documented caveat: without a kind, income is a group like any other (largest first).
    let rows = Analytics.breakdown(Self.fixed, filter: TransactionFilter(), by: .category)
    #expect(rows.first?.key == "Salary")
    #expect(rows.count == 6)
  }

  @Test func methodMerchantAndCurrencyGroups() throws {
    let methods = Analytics.breakdown(Self.fixed, filter: Self.expensesInNovember, by: .method)
    #expect(methods.map(\.key) == ["Debit Card", "Credit Card", "UPI", "Bank Transfer", "Cash"])
    // Merchants are grouped as spelled ("Social" and "social" apart); none is "—".
    let merchants = Analytics.breakdown(Self.fixed, filter: Self.expensesInNovember, by: .merchant)
    #expect(merchants.map(\.key) == ["Uber", "Zara", "Social", "—", "social"])
    let currencies = Analytics.breakdown(Self.fixed, filter: Self.expensesInNovember, by: .currency)
    #expect(currencies.groups == [GroupTotal(key: "INR", currency: .inr, minorUnits: 6_000_000, count: 5)])
  }

  @Test func equalTotalsAreOrderedByName() throws {
    let rows = Analytics.breakdown(
      [
        Self.fields(.expense, 500, "Travel", date: "2026-11-01"),
        Self.fields(.expense, 500, "Bills", date: "2026-11-02"),
        Self.fields(.expense, 900, "Rent", date: "2026-11-03"), Self.fields(.expense, 500, "Food", date: "2026-11-04"),
      ], filter: TransactionFilter(), by: .category)
    #expect(rows.map(\.key) == ["Rent", "Bills", "Food", "Travel"])
  }

  @Test func timeGroupsAreOldestFirstWhateverTheirSize() throws {
    let data = [
      Self.fields(.expense, 100, "Food", date: "2026-11-29"), Self.fields(.expense, 9_000, "Food", date: "2025-12-31"),
      Self.fields(.expense, 300, "Food", date: "2026-01-01"), Self.fields(.expense, 50, "Food", date: "2026-11-23"),
      Self.fields(.expense, 70, "Food", date: "2026-11-22"),
    ]
    let all = TransactionFilter()
    let days = Analytics.breakdown(data, filter: all, by: .day)
    #expect(days.map(\.key) == ["2025-12-31", "2026-01-01", "2026-11-22", "2026-11-23", "2026-11-29"])
    let mondayWeeks = Analytics.breakdown(data, filter: all, by: .week, weekStart: 0)
    #expect(mondayWeeks.map(\.key) == ["2025-12-29", "2026-11-16", "2026-11-23"])
    #expect(mondayWeeks.map(\.minorUnits) == [9_300, 70, 150])
    let sundayWeeks = Analytics.breakdown(data, filter: all, by: .week, weekStart: 6)
    #expect(sundayWeeks.map(\.key) == ["2025-12-28", "2026-11-22", "2026-11-29"])
    #expect(sundayWeeks.map(\.minorUnits) == [9_300, 120, 100])
    let months = Analytics.breakdown(data, filter: all, by: .month)
    #expect(months.map(\.key) == ["2025-12", "2026-01", "2026-11"])
    #expect(months.map(\.count) == [1, 1, 3])
    let quarters = Analytics.breakdown(data, filter: all, by: .quarter)
    #expect(quarters.map(\.key) == ["2025-Q4", "2026-Q1", "2026-Q4"])
    #expect(quarters.map(\.count) == [1, 1, 3])
    let years = Analytics.breakdown(data, filter: all, by: .year)
    #expect(years.map(\.key) == ["2025", "2026"])
    #expect(years.map(\.minorUnits) == [9_000, 520])
  }

  @Test func quartersRunFromJanuaryAndAreSaidAsQ1To4() {
    let march = LocalDate(iso: "2025-03-31")!
    let april = LocalDate(iso: "2025-04-01")!
    #expect(Period.quarterKey(march) == "2025-Q1")
    #expect(Period.quarterKey(april) == "2025-Q2")
    #expect(Period.quarterLabel("2025-Q4") == "Q4 2025")
    #expect(Period.quarterLabel("2025-11") == "2025-11")
    let q2 = Period.quarter(containing: LocalDate(iso: "2025-05-15")!)
    #expect(q2.from == april && q2.to == LocalDate(iso: "2025-06-30")! && q2.name == .calendar(.quarter))
  }

  @Test func groupKeys() {
    let f = Self.fields(.expense, 100, "Food", currency: .usd, method: "Cash", merchant: nil, date: "2026-11-29")
    #expect(Analytics.groupKey(f, .category, weekStart: 0) == "Food")
    #expect(Analytics.groupKey(f, .method, weekStart: 0) == "Cash")
    #expect(Analytics.groupKey(f, .merchant, weekStart: 0) == "—")
    #expect(Analytics.groupKey(f, .currency, weekStart: 0) == "USD")
    #expect(Analytics.groupKey(f, .day, weekStart: 0) == "2026-11-29")
    #expect(Analytics.groupKey(f, .week, weekStart: 0) == "2026-11-23")
    #expect(Analytics.groupKey(f, .week, weekStart: 6) == "2026-11-29")
    #expect(Analytics.groupKey(f, .month, weekStart: 0) == "2026-11")
    #expect(Analytics.groupKey(f, .quarter, weekStart: 0) == "2026-Q4")
    #expect(Analytics.groupKey(f, .year, weekStart: 0) == "2026")
    #expect(Grouping.allCases.filter(\.isTime) == [.day, .week, .month, .quarter, .year])
  }

  // MARK: Filters (the reference semantics the SQL must match)

  @Test func filterSemantics() {
    let lunch = Self.fields(.expense, 100, "Food", merchant: "Social", note: "Lunch with team", date: "2026-11-10")
    let ride = Self.fields(.expense, 100, "Travel", method: "Cash", merchant: "Uber Eats", date: "2026-11-11")
    let bare = Self.fields(.expense, 100, "Bills", method: "Bank Transfer", date: "2026-11-12")
    #expect(TransactionFilter(category: "food").matches(lunch))
    #expect(!TransactionFilter(category: "foo").matches(lunch))
    #expect(TransactionFilter(method: "upi").matches(lunch))
    #expect(!TransactionFilter(method: "upi").matches(ride))
    // The merchant by the start of its name, ignoring case and punctuation; the text inside
    // merchant or note.
    #expect(TransactionFilter(merchant: "SOCIAL").matches(lunch))
    #expect(TransactionFilter(merchant: "Soc").matches(lunch))
    #expect(!TransactionFilter(merchant: "ocial").matches(lunch))
    #expect(TransactionFilter(merchant: "uber-eats").matches(ride))
    #expect(!TransactionFilter(merchant: "Social").matches(bare))
    #expect(TransactionFilter(text: "uber").matches(ride))
    #expect(TransactionFilter(text: "TEAM").matches(lunch))
    #expect(!TransactionFilter(text: "uber").matches(lunch))
    #expect(!TransactionFilter(text: "a").matches(bare))
    #expect(TransactionFilter(currency: .inr).matches(lunch))
    #expect(!TransactionFilter(currency: .usd).matches(lunch))
    #expect(!TransactionFilter(kind: .income).matches(lunch))
    // Both ends of the range are included.
    #expect(TransactionFilter(from: Self.day("2026-11-10"), to: Self.day("2026-11-10")).matches(lunch))
    #expect(!TransactionFilter(from: Self.day("2026-11-11")).matches(lunch))
    #expect(!TransactionFilter(to: Self.day("2026-11-09")).matches(lunch))
    #expect(TransactionFilter().matches(bare))
  }

  // MARK: Averages

  /// PRODUCT.md's example: ₹3,180.00 over eleven expenses this week is ₹454.29 a day.
  @Test func weeklyAveragePerDay() throws {
    let today = Self.day("2026-11-29")
    let rupees: [(Int64, String)] = [
      (420, "2026-11-23"), (180, "2026-11-23"), (600, "2026-11-24"), (340, "2026-11-25"), (250, "2026-11-25"),
      (120, "2026-11-26"), (80, "2026-11-27"), (500, "2026-11-27"), (300, "2026-11-28"), (190, "2026-11-29"),
      (200, "2026-11-29"),
    ]
    var data = rupees.map { Self.fields(.expense, $0.0 * 100, "Food", date: $0.1) }
    // Just outside the week on both sides, and income inside it: none of them counts.
    data.append(Self.fields(.expense, 99_900, "Food", date: "2026-11-22"))
    data.append(Self.fields(.expense, 99_900, "Food", date: "2026-11-30"))
    data.append(Self.fields(.income, 5_000_000, "Salary", date: "2026-11-25"))
    let week = Period.week(containing: today, weekStart: 0, name: .relative(0, .week))
    #expect(week.from == Self.day("2026-11-23") && week.to == today)
    let filter = TransactionFilter(kind: .expense, from: week.from, to: week.to)
    let summaries = Analytics.summaries(data, filter: filter)
    try #require(summaries.count == 1)
    #expect(summaries[0].expenses == 318_000)
    #expect(summaries[0].count == 11)
    let days = week.elapsedDays(today: today)
    #expect(days == 7)
    let perDay = Analytics.average(summaries[0].expenses, over: days)
    #expect(perDay == 45_429)
    #expect(Self.rupees(perDay) == "₹454.29")
    // On Wednesday only three days have passed: ₹1,790.00 / 3 = ₹596.67.
    let wednesday = Self.day("2026-11-25")
    let soFar = Analytics.summaries(data, filter: TransactionFilter(kind: .expense, from: week.from, to: wednesday))
    #expect(soFar.first?.expenses == 179_000)
    #expect(Analytics.average(179_000, over: week.elapsedDays(today: wednesday)) == 59_667)
  }

  @Test(arguments: [
    (Int64(10), 4, Int64(3)), (9, 4, 2), (7, 7, 1), (1, 2, 1), (1, 3, 0), (0, 5, 0), (318_000, 7, 45_429),
    (100, 0, 0), (100, -3, 0), (6_000_000, 30, 200_000),
  ])
  func averageRoundsHalfUp(_ total: Int64, _ days: Int, _ expected: Int64) {
    #expect(Analytics.average(total, over: days) == expected)
  }

  /// Savings can be negative (a month with more spent than earned), and its average per day
  /// rounds half away from zero too, as the function documents.
  @Test(arguments: [
    (Int64(-10), 4, Int64(-3)), (-11, 4, -3), (-9, 4, -2), (-1, 2, -1), (-1, 3, 0), (-318_000, 7, -45_429),
  ])
  func averageOfANegativeTotalRoundsAwayFromZero(_ total: Int64, _ days: Int, _ expected: Int64) {
    #expect(Analytics.average(total, over: days) == expected)
  }

  // MARK: Month over month

  @Test func monthOverMonthChange() throws {
    var data = Self.fixed
    // October: ₹50,000 spent, ₹1,50,000 earned.
    data.append(Self.fields(.income, 15_000_000, "Salary", date: "2026-10-01"))
    data.append(Self.fields(.expense, 3_000_000, "Rent", date: "2026-10-05"))
    data.append(Self.fields(.expense, 2_000_000, "Food", date: "2026-10-31"))
    let november = Period.month(containing: Self.day("2026-11-29"))
    let october = november.previous
    #expect(october.from == Self.day("2026-10-01") && october.to == Self.day("2026-10-31"))
    func spent(_ period: Period) throws -> Int64 {
      Analytics.summaries(data, filter: TransactionFilter(kind: .expense, from: period.from, to: period.to))
        .first?.expenses ?? 0
    }
    let now = try spent(november)
    let before = try spent(october)
    #expect(now == 6_000_000 && before == 5_000_000)
    let change = Analytics.changeBasisPoints(from: before, to: now)
    #expect(change == 2_000)
    #expect(percentText(basisPoints: change) == "20%")
    let back = Analytics.changeBasisPoints(from: now, to: before)
    #expect(percentText(basisPoints: back) == "-16.7%")
    #expect((-1_667)...(-1_666) ~= back ?? 0)
  }

  @Test func changeEdgeCases() {
    #expect(Analytics.changeBasisPoints(from: 0, to: 500) == nil)
    #expect(Analytics.changeBasisPoints(from: 0, to: 0) == nil)
    #expect(Analytics.changeBasisPoints(from: 500, to: 500) == 0)
    #expect(Analytics.changeBasisPoints(from: 500, to: 0) == -10_000)
    #expect(Analytics.changeBasisPoints(from: 100, to: 300) == 20_000)
    // A change of negative savings is measured against its size: -100 → -50 is up by half.
    #expect(Analytics.changeBasisPoints(from: -100, to: -50) == 5_000)
    #expect(Analytics.changeBasisPoints(from: -100, to: 100) == 20_000)
    // Large totals are multiplied in 128 bits, not overflowed.
    #expect(Analytics.changeBasisPoints(from: 4_000_000_000_000_000_000, to: 4_400_000_000_000_000_000) == 1_000)
  }

  // MARK: Currencies

  @Test func currenciesAreNeverAddedTogether() throws {
    var data = Self.fixed
    data.insert(Self.fields(.expense, 1_250, "Food", currency: .usd, date: "2026-11-04"), at: 2)
    data.insert(Self.fields(.income, 10_000, "Freelance", currency: .usd, date: "2026-11-06"), at: 0)
    data.append(Self.fields(.expense, 4_000, "Travel", currency: .eur, date: "2026-11-07"))
    let summaries = Analytics.summaries(data, filter: Self.november)
    #expect(summaries.map(\.currency.code) == ["EUR", "INR", "USD"])
    let inr = try #require(summaries.first { $0.currency == .inr })
    #expect(inr.income == 15_000_000 && inr.expenses == 6_000_000 && inr.count == 6)
    #expect(inr.savingsRateBasisPoints == 6_000)
    let usd = try #require(summaries.first { $0.currency == .usd })
    #expect(usd.income == 10_000 && usd.expenses == 1_250 && usd.count == 2)
    #expect(percentText(basisPoints: usd.savingsRateBasisPoints) == "87.5%")
    let eur = try #require(summaries.first { $0.currency == .eur })
    #expect(eur.income == 0 && eur.expenses == 4_000 && eur.savingsRateBasisPoints == nil)

    let categories = Analytics.breakdown(data, filter: Self.expensesInNovember, by: .category)
    #expect(
      categories.map { "\($0.currency.code) \($0.key) \($0.minorUnits)" } == [
        "EUR Travel 4000", "INR Travel 2000000", "INR Shopping 1500000", "INR Food 1000000", "INR Bills 800000",
        "INR Other 700000", "USD Food 1250",
      ])
    let byCurrency = Analytics.breakdown(data, filter: Self.expensesInNovember, by: .currency)
    #expect(byCurrency.map(\.key) == ["EUR", "INR", "USD"])
    #expect(byCurrency.map(\.minorUnits) == [4_000, 6_000_000, 1_250])
    let usdOnly = TransactionFilter(kind: .expense, currency: .usd)
    #expect(
      Analytics.breakdown(data, filter: usdOnly, by: .month).groups == [
        GroupTotal(key: "2026-11", currency: .usd, minorUnits: 1_250, count: 1)
      ])
  }

  @Test func overflowingTotalsMarkTheirCurrencyAlone() {
    let huge = Int64.max / 2 + 1
    var data = [
      Self.fields(.expense, huge, "Food", date: "2026-11-01"), Self.fields(.expense, huge, "Food", date: "2026-11-02"),
    ]
    for index in data.indices { data[index].amount = Money(minorUnits: huge, currency: .usd) }
    data.append(Self.fields(.expense, 42_000, "Food", date: "2026-11-03"))
    let byCategory = Analytics.breakdown(data, filter: TransactionFilter(), by: .category)
    #expect(byCategory.problems == [.usd: .tooLarge])
    #expect(byCategory.groups == [GroupTotal(key: "Food", currency: .inr, minorUnits: 42_000, count: 1)])
    let summaries = Analytics.summaries(data, filter: TransactionFilter())
    #expect(summaries.map(\.currency) == [.inr, .usd])
    #expect(summaries[0].expenses == 42_000 && summaries[0].problem == nil)
    #expect(summaries[1].problem == .tooLarge && summaries[1].expenses == 0 && summaries[1].count == 2)
    // In different groups the same amounts are fine.
    let byDay = Analytics.breakdown(data, filter: TransactionFilter(), by: .day)
    #expect(byDay.problems.isEmpty && byDay.count == 3)
  }

  @Test func emptyInputGivesEmptyAnswers() throws {
    #expect(Analytics.summaries([], filter: TransactionFilter()).isEmpty)
    for grouping in Grouping.allCases {
      #expect(Analytics.breakdown([], filter: TransactionFilter(), by: grouping).isEmpty)
      #expect(Analytics.breakdown(Self.fixed, filter: TransactionFilter(currency: .jpy), by: grouping).isEmpty)
    }
  }
}
