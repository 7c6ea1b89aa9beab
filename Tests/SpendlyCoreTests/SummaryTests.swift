import SpendlyCore
import Testing

/// PRODUCT.md's fixed data set: income ₹1,50,000; expenses Food 10,000, Shopping 15,000,
/// Travel 20,000, Bills 8,000, Other 7,000.
enum FixedDataSet {
  static let date = LocalDate(year: 2026, month: 11, day: 1)!
  static let rows: [(Kind, String, Int64)] = [
    (.income, "Salary", 150_000), (.expense, "Food", 10_000), (.expense, "Shopping", 15_000),
    (.expense, "Travel", 20_000), (.expense, "Bills", 8_000), (.expense, "Other", 7_000),
  ]
  static var fields: [TransactionFields] {
    rows.map { kind, category, rupees in
      TransactionFields(
        kind: kind, amount: Money(minorUnits: rupees * 100, currency: .inr), category: category, method: "UPI",
        date: date)
    }
  }
}

@Suite("Summary")
struct SummaryTests {
  @Test func fixedDataSet() throws {
    let summaries = Summary.perCurrency(FixedDataSet.fields)
    try #require(summaries.count == 1)
    let summary = summaries[0]
    #expect(summary.currency == .inr)
    #expect(summary.count == 6)
    #expect(MoneyFormat.string(Money(minorUnits: summary.income, currency: .inr)) == "₹1,50,000.00")
    #expect(MoneyFormat.string(Money(minorUnits: summary.expenses, currency: .inr)) == "₹60,000.00")
    #expect(MoneyFormat.string(Money(minorUnits: summary.savings, currency: .inr)) == "₹90,000.00")
    #expect(summary.savingsRateBasisPoints == 6_000)
    #expect(percentText(basisPoints: summary.savingsRateBasisPoints) == "60%")
  }

  @Test func currenciesStaySeparate() throws {
    var fields = FixedDataSet.fields
    fields.insert(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: 1_250, currency: .usd), category: "Food", method: "Cash",
        date: FixedDataSet.date), at: 2)
    let summaries = Summary.perCurrency(fields)
    #expect(summaries.map(\.currency) == [.inr, .usd])
    #expect(summaries[0].expenses == 6_000_000)
    #expect(summaries[1].expenses == 1_250)
    #expect(summaries[1].income == 0)
    #expect(summaries[1].savingsRateBasisPoints == nil)
    #expect(Summary.perCurrency([]).isEmpty)
  }

  @Test(arguments: [
    (Int64?.some(6_000), "60%"), (1_234, "12.3%"), (3_333, "33.3%"), (6_667, "66.7%"), (-500, "-5%"),
    (5, "0.1%"), (4, "0%"), (10_000, "100%"), (nil, "—"),
  ])
  func percentages(_ basisPoints: Int64?, _ text: String) {
    #expect(percentText(basisPoints: basisPoints) == text)
  }
}

@Suite("Summary overflow")
struct SummaryOverflowTests {
  @Test func hugeIncomeGivesARateNotACrash() throws {
    var summary = Summary(currency: .inr)
    let big = TransactionFields(
      kind: .income, amount: Money(minorUnits: 99_999_999_999_900, currency: .inr), category: "Salary",
      method: "Cash", date: LocalDate(year: 2026, month: 11, day: 1)!)
    for _ in 0..<10 { summary.add(big) }
    #expect(summary.savingsRateBasisPoints == 10_000)
  }

  @Test func overflowingTotalMarksItsCurrency() {
    let huge = TransactionFields(
      kind: .expense, amount: Money(minorUnits: Int64.max / 3, currency: .inr), category: "Food",
      method: "Cash", date: LocalDate(year: 2026, month: 11, day: 1)!)
    let summary = Summary.perCurrency([huge, huge, huge, huge])
    #expect(summary.count == 1)
    #expect(summary[0].problem == .tooLarge && summary[0].expenses == 0 && summary[0].count == 4)
    #expect(Summary.perCurrency([huge]).first?.problem == nil)
  }
}
