import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

@Suite("BudgetSetting: words to a budget, set and cleared")
struct BudgetSettingTests {
  static let november = YearMonth(year: 2026, month: 11)!

  @Test func wordsNameTheCategoryAsAPhraseWouldAndTheAmountAtEitherEnd() throws {
    let world = try WorkflowWorld()
    let end = try BudgetSetting.target(["food", "8k"], currency: .inr, in: world.session)
    #expect(end.category == "Food" && end.amount == Money(minorUnits: 800_000, currency: .inr))
    let start = try BudgetSetting.target(["$300", "travel"], currency: .inr, in: world.session)
    #expect(start.category == "Travel" && start.amount == Money(minorUnits: 30_000, currency: .usd))
    let overall = try BudgetSetting.target(["40000"], currency: .inr, in: world.session)
    #expect(overall.category == nil && overall.amount?.minorUnits == 4_000_000)
  }

  @Test func wordsThatNameNoBudgetAreRefusedSayingWhy() throws {
    let world = try WorkflowWorld()
    let cases: [([String], String)] = [
      (["zorblax", "800"], "noCategory"), (["salary", "800"], "incomeCategory"), (["food", "0"], "amount"),
      (["food", "8000", "9000"], "secondNumber"),
    ]
    for (words, expected) in cases {
      do {
        _ = try BudgetSetting.target(words, currency: .inr, in: world.session)
        Issue.record("\(words) named a budget")
      } catch {
        let got: String =
          switch error {
          case .noCategory: "noCategory"
          case .incomeCategory: "incomeCategory"
          case .notAnAmount: "notAnAmount"
          case .secondNumber: "secondNumber"
          case .amount: "amount"
          case .store: "store"
          }
        #expect(got == expected, "\(words)")
      }
    }
  }

  @Test func aBudgetIsSetOnceAndClearedAndTheSecondSetChangesNothing() throws {
    let world = try WorkflowWorld()
    let request = BudgetSetting.Request(
      category: "Food", currency: .inr, limit: 800_000, scope: .from, month: Self.november)
    let first = try BudgetSetting(session: world.session, request: request).run()
    #expect(first.changed)
    #expect(try !BudgetSetting(session: world.session, request: request).run().changed)
    try world.expense(7_000, "Food", day: 10)
    let statuses = try world.session.store().budgets.affected(category: "Food", currency: .inr, month: Self.november)
    #expect(statuses.contains { $0.target.category == "Food" && $0.spent == 700_000 })
    var clear = request
    clear.limit = nil
    #expect(try BudgetSetting(session: world.session, request: clear).run().changed)
    #expect(try world.session.store().budgets.affected(category: "Food", currency: .inr, month: Self.november).isEmpty)
  }
}
