import SpendlyCore
import Testing

@testable import SpendlyStore

/// Budgets in the store: one change each in the log, undoable; what was spent from the month
/// totals the triggers keep, which always equal the transactions they add up.
@Suite("Store: budgets")
struct BudgetStoreTests {
  static let food = BudgetTarget(category: "Food", currency: .inr)
  static let overall = BudgetTarget(category: nil, currency: .inr)
  static let december = YearMonth(text: "2026-12")!

  /// The month totals, and the same figures added up from the transactions afresh.
  static func monthTotals(_ store: Store) throws -> (kept: [String], recomputed: [String]) {
    let order = "ORDER BY 1, 2, 3, 4, 5"
    let kept = try store.database.rows(
      "SELECT month, category_id, currency, kind, status, total, count FROM month_totals \(order)")
    let recomputed = try store.database.rows(
      """
      SELECT substr(date, 1, 7), category_id, currency, kind, status, sum(amount), count(*)
      FROM transactions WHERE kind != 'transfer' GROUP BY 1, 2, 3, 4, 5 \(order)
      """)
    let text = { (rows: [Row]) in rows.map { RowSnapshot.encode($0.values) } }
    return (text(kept), text(recomputed))
  }

  @Test(arguments: Location.allCases)
  func setUnchangedAndUndo(_ location: Location) throws {
    try withStore(location) { store, _ in
      let set = try store.budgets.set(Self.food, limit: 800_000, scope: .from, month: Self.december)
      #expect(set == BudgetChange(fact: budgetFact("Food", 8000, "from", "2026-12"), changed: true))
      // The same budget twice writes no change.
      #expect(try store.budgets.set(Self.food, limit: 800_000, scope: .from, month: Self.december).changed == false)
      #expect(
        try store.budgets.set(Self.food, limit: 800_000, scope: .from, month: Self.december.adding(months: 2)).changed
          == false)
      try store.budgets.set(Self.overall, limit: 4_000_000, scope: .from, month: Self.december, rollover: true)
      #expect(
        try store.changeLog().map(\.fact) == [
          .budget(set: budgetFact(nil, 40000, "from", "2026-12", rollover: true)),
          .budget(set: budgetFact("Food", 8000, "from", "2026-12")),
        ])
      #expect(try store.budgets.statuses(in: Self.december).map(\.target) == [Self.food, Self.overall])
      #expect(try store.undo().fact == .budget(set: budgetFact(nil, 40000, "from", "2026-12", rollover: true)))
      #expect(try store.budgets.statuses(in: Self.december).map(\.target) == [Self.food])
      _ = try store.redo()
      #expect(try store.budgets.status(of: Self.overall, in: Self.december)?.rollover == true)
      // A change of limit replaces the rule of that month in place; undo puts the old one back.
      try store.budgets.set(Self.food, limit: 900_000, scope: .from, month: Self.december)
      #expect(try store.budgets.status(of: Self.food, in: Self.december)?.limit == 900_000)
      _ = try store.undo()
      #expect(try store.budgets.status(of: Self.food, in: Self.december)?.limit == 800_000)
    }
  }

  /// An override holds for its month only; a clear from a month on ends the budget then.
  @Test(arguments: Location.allCases)
  func overridesAndClears(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.budgets.set(Self.food, limit: 800_000, scope: .from, month: Self.december)
      let override = try store.budgets.set(
        Self.food, limit: 1_200_000, scope: .month, month: Self.december.adding(months: 1))
      #expect(override.fact == budgetFact("Food", 12000, "month", "2027-01", was: 8000))
      let cleared = try store.budgets.set(Self.food, limit: nil, scope: .from, month: Self.december.adding(months: 3))
      #expect(cleared.fact == budgetFact("Food", nil, "from", "2027-03", was: 8000))
      let limits = try (0..<5).map {
        try store.budgets.status(of: Self.food, in: Self.december.adding(months: $0))?.limit
      }
      #expect(limits == [800_000, 1_200_000, 800_000, nil, nil])
      let source = try store.budgets.status(of: Self.food, in: Self.december.adding(months: 1))?.source
      #expect(source?.scope == .month)
      // Clearing what is not there changes nothing.
      #expect(
        try store.budgets.set(Self.food, limit: nil, scope: .from, month: Self.december.adding(months: 4)).changed
          == false)
    }
  }

  /// Spent counts the category's expenses in the budget's currency and month only: no income,
  /// no other currency, no other month.
  @Test(arguments: Location.allCases)
  func spentCountsOnlyWhatItShould(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.budgets.set(Self.food, limit: 800_000, scope: .from, month: Self.december)
      try store.budgets.set(Self.overall, limit: 4_000_000, scope: .from, month: Self.december)
      try store.transactions.add(expense(6_000, date: "2026-12-01"))
      try store.transactions.add(expense(500, date: "2026-12-31"))
      try store.transactions.add(expense(700, "Travel", date: "2026-12-15"))
      try store.transactions.add(expense(900, date: "2026-11-30"))
      try store.transactions.add(expense(900, date: "2027-01-01"))
      try store.transactions.add(income(50_000, date: "2026-12-01"))
      var dollars = expense(40, date: "2026-12-10")
      dollars.amount = Money(minorUnits: 4_000, currency: .usd)
      try store.transactions.add(dollars)
      let statuses = try store.budgets.affected(category: "food", currency: .inr, month: Self.december)
      #expect(statuses.map(\.target) == [Self.food, Self.overall])
      #expect(statuses.map(\.spent) == [650_000, 720_000])
      #expect(try store.budgets.affected(category: "Food", currency: .usd, month: Self.december).isEmpty)
    }
  }

  /// Every write path keeps the month totals equal to the transactions: add, edit (amount,
  /// category, month), delete, import, undo and redo.
  @Test(arguments: Location.allCases)
  func monthTotalsFollowEveryWrite(_ location: Location) throws {
    try withStore(location) { store, _ in
      let first = try store.transactions.add(expense(420, date: "2026-12-01"))
      try store.transactions.apply(
        action: .import, (0..<20).map { .add(expense(Int64(10 + $0), date: "2026-11-2\($0 % 10)")) })
      var moved = first.fields
      moved.category = "Travel"
      moved.date = LocalDate(iso: "2027-01-05")!
      moved.amount = Money(minorUnits: 99_900, currency: .inr)
      try store.transactions.edit(id: first.id, moved)
      try store.transactions.delete(id: 3)
      _ = try store.undo()
      _ = try store.undo()
      _ = try store.redo()
      let (kept, recomputed) = try Self.monthTotals(store)
      #expect(!kept.isEmpty)
      #expect(kept == recomputed)
      while (try? store.undo()) != nil {}
      #expect(try Self.monthTotals(store).kept.isEmpty)
    }
  }

  /// PRODUCT.md's fixed data set with budgets set on it gives known values.
  @Test(arguments: Location.allCases)
  func theFixedDataSetWithBudgets(_ location: Location) throws {
    try withStore(location) { store, _ in
      try FixedDataSetTests.load(store)
      let november = YearMonth(text: "2026-11")!
      try store.budgets.set(Self.overall, limit: 7_500_000, scope: .from, month: november)
      try store.budgets.set(Self.food, limit: 800_000, scope: .from, month: november)
      try store.budgets.set(
        BudgetTarget(category: "Travel", currency: .inr), limit: 2_500_000, scope: .from, month: november)
      let statuses = try store.budgets.statuses(in: november)
      let figures = statuses.map { ($0.target.name, $0.spent / 100, $0.left / 100, $0.wholePercent) }
      #expect(figures.map(\.0) == ["overall", "Food", "Travel"])
      #expect(figures.map(\.1) == [60_000, 10_000, 20_000])
      #expect(figures.map(\.2) == [15_000, -2_000, 5_000])
      #expect(figures.map(\.3) == [80, 125, 80])
      #expect(statuses.map(\.isOver) == [false, true, false])
    }
  }
}
