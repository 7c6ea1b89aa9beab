import Testing

@testable import SpendlyCore

/// Debts: due days clamped fresh each month, exact amortization, and payoff plans.
@Suite("Core: debts")
struct DebtTests {
  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }
  static func rate(_ text: String) -> DecimalNumber { DecimalNumber(text: text)! }

  static func loan(
    _ rupees: Int64, _ apr: String, start: String = "2026-12-01", dueDay: Int = 5, currency: Currency = .inr
  )
    -> Debt
  {
    Debt(
      id: 1, name: "Loan", kind: .loan, balance: Money(minorUnits: rupees * 100, currency: currency), start: day(start),
      apr: rate(apr), minimum: .fixed(0), dueDay: dueDay)
  }

  /// Day 31 is the last day of each month, every month of a leap year and a common year.
  @Test func dueDaysClampFreshEachMonth() {
    let leap = (1...12).map { Debt.dueDate(day: 31, in: YearMonth(year: 2028, month: $0)!).day }
    #expect(leap == [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    let common = (1...12).map { Debt.dueDate(day: 31, in: YearMonth(year: 2027, month: $0)!).day }
    #expect(common == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    let thirtieth = (1...12).map { Debt.dueDate(day: 30, in: YearMonth(year: 2027, month: $0)!).day }
    #expect(thirtieth == [30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30])
    #expect((1...12).allSatisfy { Debt.dueDate(day: 15, in: YearMonth(year: 2027, month: $0)!).day == 15 })
  }

  @Test func decimalsReadExactly() {
    #expect(Self.rate("10.5").units == 105 && Self.rate("10.5").scale == 1)
    #expect(Self.rate("9.50").description == "9.5")
    #expect(Self.rate("36").description == "36")
    for bad in ["", ".", "1.2.3", "-5", "1e3", "abc", "5.", "1.1234567"] {
      #expect(DecimalNumber(text: bad) == nil, "\(bad)")
    }
    // A month's interest: balance × APR / 12 / 100, half away from zero.
    #expect(Debt.interest(on: 50_000_000, apr: Self.rate("9.5")) == 395_833)  // 3958.333…
    #expect(Debt.interest(on: 100, apr: Self.rate("6")) == 1)  // 0.5 → 1
    #expect(Debt.interest(on: 0, apr: Self.rate("36")) == 0)
  }

  /// ₹5,00,000 at 9.5% for 60 months: P·r / (1 − (1 + r)^−60) = ₹10,500.93 (r = 9.5/1200),
  /// ending at exactly 0.00 with ₹1,30,055.82 of interest.
  @Test func amortizationOfAFiveYearLoan() throws {
    let debt = Self.loan(500_000, "9.5")
    #expect(Amortization.payment(principal: 50_000_000, apr: Self.rate("9.5"), months: 60) == 1_050_093)
    let rows = try Amortization.schedule(debt, months: 60)
    #expect(rows.count == 60)
    #expect(
      rows.first
        == Amortization.Row(
          month: 1, date: Self.day("2027-01-05"), payment: 1_050_093, interest: 395_833, principal: 654_260,
          balance: 49_345_740))
    #expect(rows.last?.balance == 0)
    #expect(rows.last?.date == Self.day("2031-12-05"))
    #expect(rows.reduce(0) { $0 + $1.payment } == 63_005_582)
    #expect(rows.reduce(0) { $0 + $1.interest } == 13_005_582)
    #expect(rows.allSatisfy { $0.principal == $0.payment - $0.interest })
  }

  @Test func amortizationAtZeroAndOfOneMonth() throws {
    let free = try Amortization.schedule(Self.loan(20_000, "0", currency: .usd), months: 48)
    #expect(free.count == 48)
    #expect(free.first?.payment == 41_667)  // $416.67
    #expect(free.last?.payment == Int64(2_000_000 - 41_667 * 47))  // $416.51 clears it
    #expect(free.last?.balance == 0)
    #expect(free.allSatisfy { $0.interest == 0 })
    let once = try Amortization.schedule(Self.loan(1_000, "12"), months: 1)
    #expect(
      once == [
        Amortization.Row(
          month: 1, date: Self.day("2027-01-05"), payment: 101_000, interest: 1_000, principal: 100_000, balance: 0)
      ])
  }

  /// The balance follows the due dates' interest and the payments.
  @Test func balanceFromInterestAndPayments() throws {
    let debt = Self.loan(100_000, "12", start: "2026-10-15", dueDay: 31)
    // With no term the first due date is the start month's own when it is still to come.
    #expect(try debt.balance(on: Self.day("2026-10-30"), payments: []).minorUnits == 10_000_000)
    #expect(try debt.balance(on: Self.day("2026-11-29"), payments: []).minorUnits == 10_100_000)  // interest on 31 Oct
    #expect(try debt.balance(on: Self.day("2026-11-30"), payments: []).minorUnits == 10_201_000)
    #expect(
      try debt.balance(on: Self.day("2026-12-31"), payments: [(Self.day("2026-12-10"), 1_000_000)]).minorUnits
        == 9_293_010)
    var loan = debt
    loan.term = 12
    #expect(try loan.balance(on: Self.day("2026-11-29"), payments: []).minorUnits == 10_000_000)  // a term loan's first is 30 Nov
    #expect(debt.nextDue(onOrAfter: Self.day("2027-02-01")) == Self.day("2027-02-28"))
  }

  /// A due date passed with no payment since the one before it: overdue (since the first such
  /// due date of the run), until one comes.
  @Test func overdueInstalments() {
    let debt = Self.loan(10_000, "12", start: "2026-10-15", dueDay: 20)
    #expect(debt.overdue(today: Self.day("2026-10-20"), payments: []) == nil)  // due today
    #expect(debt.overdue(today: Self.day("2026-10-21"), payments: []) == Self.day("2026-10-20"))
    #expect(debt.overdue(today: Self.day("2026-10-21"), payments: [(Self.day("2026-10-21"), 50_000)]) == nil)
    #expect(
      debt.overdue(today: Self.day("2026-11-25"), payments: [(Self.day("2026-10-18"), 50_000)])
        == Self.day("2026-11-20"))
    // Months unpaid: overdue since the first of them, not the latest.
    #expect(debt.overdue(today: Self.day("2027-01-25"), payments: []) == Self.day("2026-10-20"))
    #expect(
      debt.overdue(today: Self.day("2027-01-25"), payments: [(Self.day("2026-10-18"), 50_000)])
        == Self.day("2026-11-20"))
    #expect(
      debt.overdue(today: Self.day("2027-01-25"), payments: [(Self.day("2026-11-20"), 50_000)])
        == Self.day("2026-12-20"))
  }

  /// A payment inside the period that ends at a due date pays it: an EMI paid on the start's
  /// own day, before the first due date, leaves nothing overdue (issue 22).
  @Test func anEarlyPaymentPaysTheNextDueDate() {
    var loan = Self.loan(100_000, "12", start: "2026-11-29", dueDay: 31)
    loan.term = 12
    let paid: [(LocalDate, Int64)] = [(Self.day("2026-11-29"), 900_000)]
    #expect(loan.overdue(today: Self.day("2027-01-02"), payments: paid) == nil)
    #expect(loan.overdue(today: Self.day("2027-01-02"), payments: []) == Self.day("2026-12-31"))
    // The next period still needs its own payment.
    #expect(loan.overdue(today: Self.day("2027-02-01"), payments: paid) == Self.day("2027-01-31"))
  }

  /// A balance that grows past what an amount can hold is an error naming the debt, never capped.
  @Test func aBalanceTooLargeIsAnErrorNamingIt() throws {
    let debt = Debt(
      id: 1, name: "H2", kind: .loan, balance: Money(minorUnits: 99_999_999_999_900, currency: .inr),
      start: Self.day("2026-11-29"), apr: DecimalNumber(text: "99.999999")!, minimum: .fixed(100), dueDay: 31)
    #expect(throws: FigureTooLarge.self) { try debt.balance(on: Self.day("2038-11-29"), payments: []) }
    do {
      _ = try debt.balance(on: Self.day("2038-11-29"), payments: [])
    } catch {
      #expect(error.name == "H2")
      #expect(error.message.hasPrefix("H2: its balance on "))
    }
    let inr = { (minor: Int64) in Money(minorUnits: minor, currency: .inr) }
    let total = FigureTooLarge(figure: "total of debts in INR")
    #expect(throws: total) { try Money.total([inr(.max), inr(1)], in: .inr, or: total) }
    #expect(try Money.total([inr(5), inr(7)], in: .inr, or: total) == inr(12))
  }

  /// Debt names: the exact name, else a unique prefix of it or of one of its words.
  @Test func namesResolveByWordOrPrefix() {
    let names = ["HDFC card", "Car loan", "Home loan"]
    #expect(NameMatch.candidates("hdfc", among: names) == ["HDFC card"])
    #expect(NameMatch.candidates("car loan", among: names) == ["Car loan"])
    #expect(NameMatch.candidates("loan", among: names) == ["Car loan", "Home loan"])
    #expect(NameMatch.candidates("ho", among: names) == ["Home loan"])
    #expect(NameMatch.candidates("sbi", among: names) == [])
  }

  static let portfolio = [
    PayoffPlan.Start(
      name: "Card", balance: Money(minorUnits: 15_000_000, currency: .inr), apr: rate("36"),
      minimum: .percent(rate("5"), floor: 50_000)),
    PayoffPlan.Start(
      name: "Personal loan", balance: Money(minorUnits: 5_000_000, currency: .inr), apr: rate("14"),
      minimum: .fixed(1_000_000)),
    PayoffPlan.Start(
      name: "Car loan", balance: Money(minorUnits: 60_000_000, currency: .inr), apr: rate("9"),
      minimum: .fixed(1_500_000)),
  ]

  /// A card at 36% (5% or ₹500), a personal loan at 14% and a car loan at 9% on ₹40,000 a month.
  @Test func plansUnderBothStrategies() throws {
    let avalanche = try PayoffPlan.simulate(Self.portfolio, budget: 4_000_000, strategy: .avalanche)
    #expect(avalanche.months == 23)
    #expect(avalanche.totalInterest == 9_386_469)
    #expect(avalanche.totalPaid == 89_386_469)
    #expect(avalanche.debts.map(\.paidOffMonth) == [10, 6, 23])
    #expect(avalanche.debts.map(\.interest) == [2_676_712, 182_622, 6_527_135])
    // What the chart draws: all the debts' balance left at each month's end, summed when planned.
    #expect(avalanche.leftByMonth.count == 23 && avalanche.leftByMonth.last == 0)
    #expect(avalanche.leftByMonth == (0..<23).map { m in avalanche.balances.map { $0[m] }.reduce(0, +) })
    #expect(avalanche.leftByMonth[0] > avalanche.leftByMonth[1])
    let snowball = try PayoffPlan.simulate(Self.portfolio, budget: 4_000_000, strategy: .snowball)
    #expect(snowball.months == 23)
    #expect(snowball.totalInterest == 9_524_971)
    #expect(snowball.debts.map(\.paidOffMonth) == [10, 3, 23])
    #expect(snowball.debts.map(\.interest) == [2_868_859, 116_158, 6_539_954])
    #expect(avalanche.balances.allSatisfy { $0.count == 23 && $0.last == 0 })
  }

  @Test func refusals() {
    // The card's first minimum is 5% of ₹1,54,500.00 (its balance after the month's interest).
    #expect(throws: PayoffPlan.Refusal.budgetShort(shortfall: 72_500, minimums: 3_272_500)) {
      _ = try PayoffPlan.simulate(Self.portfolio, budget: 3_200_000, strategy: .avalanche)
    }
    let growing = [
      PayoffPlan.Start(
        name: "Shark", balance: Money(minorUnits: 10_000_000, currency: .inr), apr: Self.rate("60"),
        minimum: .fixed(100_000))
    ]
    #expect(throws: PayoffPlan.Refusal.neverFalls(["Shark"])) {
      _ = try PayoffPlan.simulate(growing, budget: 100_000, strategy: .avalanche)
    }
    // A month after the first can fall short when a balance grows under its minimum.
    let short = [
      PayoffPlan.Start(
        name: "Card", balance: Money(minorUnits: 1_000_000, currency: .inr), apr: Self.rate("36"),
        minimum: .percent(Self.rate("1"), floor: 0)),
      PayoffPlan.Start(
        name: "Loan", balance: Money(minorUnits: 500_000, currency: .inr), apr: Self.rate("0"), minimum: .fixed(100_000)
      ),
    ]
    #expect(throws: PayoffPlan.Refusal.budgetShortLater(month: 2, shortfall: 203, minimums: 110_503)) {
      _ = try PayoffPlan.simulate(short, budget: 110_300, strategy: .avalanche)
    }
    // A balance that rises for years and then falls is slow, not stuck.
    let rising = [
      PayoffPlan.Start(
        name: "A", balance: Money(minorUnits: 12_000_000, currency: .inr), apr: Self.rate("1"), minimum: .fixed(9_900)),
      PayoffPlan.Start(
        name: "B", balance: Money(minorUnits: 100_000, currency: .inr), apr: Self.rate("0"), minimum: .fixed(100)),
    ]
    #expect(throws: PayoffPlan.Refusal.tooLong) {
      _ = try PayoffPlan.simulate(rising, budget: 10_100, strategy: .snowball)
    }
    let slow = [
      PayoffPlan.Start(
        name: "Slow", balance: Money(minorUnits: 100_000_000, currency: .inr), apr: Self.rate("0"),
        minimum: .fixed(50_000))
    ]
    #expect(throws: PayoffPlan.Refusal.tooLong) {
      _ = try PayoffPlan.simulate(slow, budget: 50_000, strategy: .avalanche)
    }
  }
}
