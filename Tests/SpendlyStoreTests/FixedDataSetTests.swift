import SpendlyCore
import Testing

@testable import SpendlyStore

/// PRODUCT.md's known facts, loaded through the store's one write path.
@Suite("Store: the fixed data set")
struct FixedDataSetTests {
  static func load(_ store: Store) throws {
    try store.transactions.add(income(150_000, date: "2026-11-01"))
    try store.transactions.add(expense(10_000, "Food", date: "2026-11-03"))
    try store.transactions.add(expense(15_000, "Shopping", method: "Credit Card", date: "2026-11-05"))
    try store.transactions.add(expense(20_000, "Travel", method: "Debit Card", date: "2026-11-10"))
    try store.transactions.add(expense(8_000, "Bills", method: "Bank Transfer", date: "2026-11-15"))
    try store.transactions.add(expense(7_000, "Other", method: "Cash", date: "2026-11-20"))
  }

  @Test(arguments: Location.allCases)
  func summaryFigures(_ location: Location) throws {
    try withStore(location) { store, _ in
      try Self.load(store)
      let summaries = Summary.perCurrency(try store.transactions.list().map(\.fields))
      try #require(summaries.count == 1)
      let summary = summaries[0]
      let text = { (minor: Int64) in MoneyFormat.string(Money(minorUnits: minor, currency: summary.currency)) }
      #expect(summary.count == 6)
      #expect(text(summary.income) == "₹1,50,000.00")
      #expect(text(summary.expenses) == "₹60,000.00")
      #expect(text(summary.savings) == "₹90,000.00")
      #expect(percentText(basisPoints: summary.savingsRateBasisPoints) == "60%")
    }
  }

  @Test(arguments: Location.allCases)
  func perCategoryTotals(_ location: Location) throws {
    try withStore(location) { store, _ in
      try Self.load(store)
      var totals: [String: Int64] = [:]
      for transaction in try store.transactions.list(TransactionFilter(kind: .expense)) {
        totals[transaction.fields.category, default: 0] += transaction.fields.amount.minorUnits
      }
      #expect(
        totals == ["Food": 1_000_000, "Shopping": 1_500_000, "Travel": 2_000_000, "Bills": 800_000, "Other": 700_000])
      #expect(try store.transactions.count(TransactionFilter(kind: .expense)) == 5)
      #expect(try store.transactions.count(TransactionFilter(kind: .income)) == 1)
      let novemberFirstHalf = TransactionFilter(from: LocalDate(iso: "2026-11-01"), to: LocalDate(iso: "2026-11-10"))
      let summary = Summary.perCurrency(try store.transactions.list(novemberFirstHalf).map(\.fields))[0]
      #expect(summary.expenses == 4_500_000)
    }
  }
}
