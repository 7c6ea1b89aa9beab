import SpendlyCore
import Testing

/// Which budget rule is in effect, what rolls over, and when a save crosses 80% or the limit.
@Suite("Core: budgets")
struct BudgetingTests {
  static let food = BudgetTarget(category: "Food", currency: .inr)

  static func month(_ text: String) -> YearMonth { YearMonth(text: text)! }

  static func from(_ month: String, _ rupees: Int64?, rollover: Bool = false) -> BudgetRule {
    BudgetRule(target: food, scope: .from, month: Self.month(month), limit: rupees.map { $0 * 100 }, rollover: rollover)
  }

  static func only(_ month: String, _ rupees: Int64?, rollover: Bool = false) -> BudgetRule {
    BudgetRule(
      target: food, scope: .month, month: Self.month(month), limit: rupees.map { $0 * 100 }, rollover: rollover)
  }

  /// Spending in rupees by month, as the store would answer it.
  static func spending(_ table: [String: Int64]) -> (YearMonth) -> Int64 {
    { month in (table[month.description] ?? 0) * 100 }
  }

  @Test func monthsCountAcrossYearEnds() {
    #expect(Self.month("2026-12").adding(months: 1) == Self.month("2027-01"))
    #expect(Self.month("2027-01").adding(months: -1) == Self.month("2026-12"))
    #expect(Self.month("2026-03").adding(months: -15) == Self.month("2024-12"))
    #expect(Self.month("2026-11").months(to: Self.month("2027-02")) == 3)
    #expect(YearMonth(text: "2026-13") == nil)
    #expect(YearMonth(text: "2026-1") == nil)
    #expect(Self.month("2026-02").lastDay.day == 28)
    #expect(Self.month("2028-02").lastDay.day == 29)
  }

  /// A from-rule holds until a later one; an override holds for its month only; a rule without
  /// a limit clears.
  @Test func theRuleInEffect() {
    let rules = [
      Self.from("2026-10", 8000), Self.only("2026-12", 12000), Self.from("2027-02", 9000), Self.from("2027-04", nil),
    ]
    let limit = { (month: String) in
      Budgeting.rule(in: Self.month(month), among: rules).flatMap(\.limit).map { $0 / 100 }
    }
    #expect(limit("2026-09") == nil)
    #expect(limit("2026-10") == 8000)
    #expect(limit("2026-11") == 8000)
    #expect(limit("2026-12") == 12000)
    #expect(limit("2027-01") == 8000)
    #expect(limit("2027-02") == 9000)
    #expect(limit("2027-03") == 9000)
    #expect(limit("2027-04") == nil)
    #expect(limit("2030-01") == nil)
    #expect(Budgeting.rule(in: Self.month("2026-12"), among: rules)?.scope == .month)
  }

  /// Leftovers and overspends carry month to month, across the year end, while both months roll over.
  @Test func rolloverChainsAcrossTheYearEnd() throws {
    let rules = [Self.from("2026-10", 8000, rollover: true)]
    let spent = Self.spending(["2026-10": 6000, "2026-11": 9000, "2026-12": 7500, "2027-01": 12000])
    let carried = { (month: String) in
      try Budgeting.status(of: rules, in: Self.month(month), spent: spent)!.carried / 100
    }
    #expect(try carried("2026-10") == 0)
    #expect(try carried("2026-11") == 2000)  // 8000 - 6000
    #expect(try carried("2026-12") == 1000)  // 8000 + 2000 - 9000
    #expect(try carried("2027-01") == 1500)  // 8000 + 1000 - 7500
    #expect(try carried("2027-02") == -2500)  // 8000 + 1500 - 12000: an overspend carries too
    let february = try #require(try Budgeting.status(of: rules, in: Self.month("2027-02"), spent: spent))
    #expect(february.available == 5500 * 100)
    #expect(february.left == 5500 * 100)
    #expect(february.rollover)
  }

  /// A month whose budget does not roll over breaks the chain: nothing carries into it, and
  /// what follows starts again from it.
  @Test func aMonthWithoutRolloverBreaksTheChain() throws {
    let rules = [
      Self.from("2026-10", 8000, rollover: true), Self.only("2026-12", 5000, rollover: false),
    ]
    let spent = Self.spending(["2026-10": 6000, "2026-11": 6000, "2026-12": 1000])
    let status = { (month: String) in try Budgeting.status(of: rules, in: Self.month(month), spent: spent)! }
    #expect(try status("2026-11").carried == 2000 * 100)
    #expect(try status("2026-12").carried == 0)
    #expect(try status("2026-12").rollover == false)
    #expect(try status("2027-01").carried == 0)
    #expect(try status("2027-02").carried == 8000 * 100)
  }

  /// No budget before the first rule, and none in a cleared month; a cleared month ends a chain.
  @Test func clearedMonthsHaveNoBudget() throws {
    let rules = [Self.from("2026-10", 8000, rollover: true), Self.only("2026-11", nil)]
    let spent = Self.spending(["2026-10": 1000])
    #expect(try Budgeting.status(of: rules, in: Self.month("2026-09"), spent: spent) == nil)
    #expect(try Budgeting.status(of: rules, in: Self.month("2026-11"), spent: spent) == nil)
    #expect(try Budgeting.status(of: rules, in: Self.month("2026-12"), spent: spent)?.carried == 0)
  }

  @Test func percentagesRoundAsShown() throws {
    let rule = Self.from("2026-12", 8000)
    let status = { (rupees: Int64) in
      try BudgetStatus(
        target: Self.food, month: Self.month("2026-12"), limit: 800_000, carried: 0, spent: rupees * 100, source: rule)
    }
    #expect(try status(6000).wholePercent == 75)
    #expect(try status(6500).percentTenths == 812)  // 81.25 rounds down, as the text shows it
    #expect(try status(7999).percentTenths == 999)  // never 100.0 before it is
    #expect(try status(6500).wholePercent == 81)
    #expect(try status(7999).wholePercent == 99)  // never shown as 100% before it is
    #expect(try status(8500).left == -50_000)
    #expect(try status(8500).isOver)
    let zero = try BudgetStatus(
      target: Self.food, month: Self.month("2026-12"), limit: 0, carried: 0, spent: 0, source: rule)
    #expect(zero.percentTenths == nil)
  }

  /// 6,000 then 500 then 2,000 against 8,000: 75% (no mark), 81% (the warning), over.
  @Test func savesCrossMarksOnce() throws {
    let rule = Self.from("2026-12", 8000)
    let status = { (rupees: Int64) in
      try BudgetStatus(
        target: Self.food, month: Self.month("2026-12"), limit: 800_000, carried: 0, spent: rupees * 100, source: rule)
    }
    #expect(Budgeting.crossing(from: try status(0), to: try status(6000)) == nil)
    #expect(Budgeting.crossing(from: try status(6000), to: try status(6500)) == .warning)
    #expect(Budgeting.crossing(from: try status(6500), to: try status(7000)) == nil)
    #expect(Budgeting.crossing(from: try status(6500), to: try status(8500)) == .over)
    #expect(Budgeting.crossing(from: try status(8500), to: try status(9000)) == nil)
    #expect(Budgeting.crossing(from: try status(1000), to: try status(9000)) == .over)
    #expect(Budgeting.crossing(from: nil, to: try status(6400)) == .warning)
    #expect(Budgeting.crossing(from: try status(8000), to: try status(8001)) == .over)
  }

  /// Stored totals are untrusted: a figure past Int64 is an error naming it, never a capped one
  /// (it once saturated to Int64.min, shown as an overspend).
  @Test func extremeTotalsAreAnErrorNamingThem() throws {
    let rules = [Self.from("2026-10", 8000, rollover: true)]
    #expect(
      throws: FigureTooLarge(figure: "amount carried on the Food budget in INR for 2026-12")
    ) { try Budgeting.status(of: rules, in: Self.month("2026-12")) { _ in .max } }
    let plain = [Self.from("2026-10", 8000)]
    #expect(throws: FigureTooLarge(figure: "amount left on the Food budget in INR for 2026-12")) {
      try Budgeting.status(of: plain, in: Self.month("2026-12")) { _ in .min }
    }
    do {
      _ = try Budgeting.status(of: plain, in: Self.month("2026-12")) { _ in .min }
    } catch {
      #expect(error.message.hasPrefix("the amount left on the Food budget in INR for 2026-12 is too large to keep"))
    }
    // What fits is exact, however large.
    let big = try #require(try Budgeting.status(of: plain, in: Self.month("2026-12")) { _ in .max })
    #expect(big.left == 800_000 - .max)
    #expect(big.wholePercent == Int64.max / 800_000 * 100 + (Int64.max % 800_000) * 100 / 800_000)
  }
}
