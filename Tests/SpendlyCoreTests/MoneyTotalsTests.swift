import Testing

@testable import SpendlyCore

/// The one overflow rule: a figure that does not fit Int64 minor units is an error naming it,
/// never capped (saturated), never left out and never wrapped.
@Suite("Money: one overflow rule, with the figure named")
struct MoneyTotalsTests {
  static func inr(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .inr) }
  static let kwd = Currency.named("KWD")!

  @Test func arithmeticNamesTheFigureThatDoesNotFit() throws {
    let named = FigureTooLarge(name: "H2", figure: "balance on 2038-11-29")
    #expect(try Self.inr(5).adding(Self.inr(7), or: named) == Self.inr(12))
    #expect(throws: named) { try Self.inr(.max).adding(Self.inr(1), or: named) }
    #expect(throws: named) { try Self.inr(.min).subtracting(Self.inr(1), or: named) }
    #expect(named.message.hasPrefix("H2: its balance on 2038-11-29 is too large to keep"))
    let total = FigureTooLarge(figure: "total of Food in INR")
    #expect(total.message.hasPrefix("the total of Food in INR is too large to keep"))
    #expect(throws: total) { try Money.total([Self.inr(.max), Self.inr(1)], in: .inr, or: total) }
    #expect(try Money.total([], in: .inr, or: total) == .zero(.inr))
  }

  @Test func totalsPerCurrencyNeverMixAndNameTheOneThatOverflows() throws {
    var totals = MoneyTotals("income", "expenses")
    try totals.add(Self.inr(100), Self.inr(40))
    try totals.add(Money(minorUnits: .max, currency: Self.kwd), .zero(Self.kwd))
    try totals.add(Self.inr(1), Self.inr(2))
    #expect(totals.rows.map(\.currency) == [.inr, Self.kwd])
    #expect(totals.values(.inr) == [Self.inr(101), Self.inr(42)])
    #expect(totals.values(.usd) == [.zero(.usd), .zero(.usd)])
    #expect(throws: FigureTooLarge(figure: "total of income in KWD")) {
      try totals.add(Money(minorUnits: 1, currency: Self.kwd), .zero(Self.kwd))
    }
    // Nothing was capped: the KWD income is still exactly what fitted.
    #expect(totals.values(Self.kwd)[0].minorUnits == .max)
  }

  /// An account's balance and its history once saturated to Int64.max.
  @Test func anAccountBalanceThatDoesNotFitNamesTheAccountAndDay() throws {
    let account = Account(name: "HDFC Savings", type: .savings, currency: .inr, opening: 100)
    let day = LocalDate(iso: "2026-11-29")!
    #expect(try account.balance(flows: 50, on: day) == 150)
    #expect(throws: FigureTooLarge(name: "HDFC Savings", figure: "balance on 2026-11-29")) {
      try account.balance(flows: .max, on: day)
    }
    #expect(throws: FigureTooLarge.self) {
      try BalanceHistory.points(
        account, movements: [(day, .max), (day, .max)], from: day, to: day, step: .day)
    }
  }

  /// The schedule's totals once saturated (`Budgeting.saturating`); now they name the loan.
  @Test func amortizationTotalsThatDoNotFitNameTheLoan() throws {
    let debt = Debt(
      id: 1, name: "H2", kind: .loan, balance: Self.inr(100), start: LocalDate(iso: "2026-11-29")!,
      apr: DecimalNumber(text: "0")!, minimum: .fixed(100), dueDay: 5, term: 2)
    let day = LocalDate(iso: "2026-12-05")!
    let rows = [
      Amortization.Row(month: 1, date: day, payment: .max, interest: 1, principal: .max - 1, balance: 0),
      Amortization.Row(month: 2, date: day, payment: 1, interest: 1, principal: 0, balance: 0),
    ]
    #expect(throws: FigureTooLarge(name: "H2", figure: "total paid")) { try Amortization.totals(rows, of: debt) }
    let fits = try Amortization.totals(try Amortization.schedule(debt, months: 2), of: debt)
    #expect(fits.paid == Self.inr(100) && fits.interest == .zero(.inr))
  }

  /// Shares are of a currency's total: groups that add up past it leave that currency out,
  /// marked too large, as a group that does not fit does (it once capped the total at Int64.max).
  @Test func aBreakdownWhoseGroupsDoNotAddUpMarksItsCurrency() {
    var breakdown = Breakdown([
      GroupTotal(key: "Rent", currency: Self.kwd, minorUnits: .max - 5, count: 1),
      GroupTotal(key: "Food", currency: Self.kwd, minorUnits: 10, count: 1),
      GroupTotal(key: "Food", currency: .inr, minorUnits: 420, count: 1),
    ])
    let totals = breakdown.totalled()
    #expect(totals == [.inr: 420])
    #expect(breakdown.problems == [Self.kwd: .tooLarge])
    #expect(breakdown.groups.map(\.currency) == [.inr])
  }
}

extension MoneyTotalsTests {
  /// A yearly cost once clamped to Int64.max.
  @Test func aYearlyAmountThatDoesNotFitIsAnError() throws {
    #expect(try Cadence.monthly.yearly(Self.inr(100)) == Self.inr(1_200))
    #expect(throws: FigureTooLarge.self) { try Cadence.monthly.yearly(Self.inr(.max / 2)) }
  }
}
