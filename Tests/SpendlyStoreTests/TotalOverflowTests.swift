import SpendlyCore
import Testing

@testable import SpendlyStore

/// 9,224 KWD transactions at the largest amount pass Int64 (SQLite's sum() would fail every report);
/// the KWD totals are marked too large, and every other currency is answered as usual.
@Suite("Reports: one currency's overflow is that currency's alone")
struct TotalOverflowTests {
  static let kwd = Currency.named("KWD")!

  static var data: [TransactionFields] {
    let largest = AmountParser.maximumMajorUnits * kwd.minorPerMajor
    var all = (0..<9_224).map { day in
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: largest, currency: kwd), category: "Rent", method: "Bank Transfer",
        date: LocalDate(iso: "2026-11-01")!.adding(days: day % 28))
    }
    all.append(expense(420))
    all.append(income(150_000))
    return all
  }

  @Test func summariesMarkOnlyTheOverflowingCurrency() throws {
    let all = Self.data
    let store = try ParityData.store(with: all)
    let summaries = try store.reports.summaries(TransactionFilter())
    #expect(summaries == Analytics.summaries(all, filter: TransactionFilter()))
    let inr = try #require(summaries.first { $0.currency == .inr })
    #expect(inr.problem == nil && inr.expenses == 42_000 && inr.income == 15_000_000)
    let kwd = try #require(summaries.first { $0.currency == Self.kwd })
    #expect(kwd.problem == .tooLarge && kwd.count == 9_224)
    #expect(try store.reports.summaries(TransactionFilter(currency: .inr)) == [inr])
  }

  @Test func breakdownsLeaveOutOnlyTheOverflowingCurrency() throws {
    let all = Self.data
    let store = try ParityData.store(with: all)
    for grouping in [Grouping.category, .method, .month, .currency] {
      let filter = TransactionFilter(kind: .expense)
      let got = try store.reports.breakdown(filter, by: grouping)
      #expect(got == Analytics.breakdown(all, filter: filter, by: grouping), "\(grouping)")
      #expect(got.problems == [Self.kwd: .tooLarge], "\(grouping)")
      #expect(got.allSatisfy { $0.currency == .inr }, "\(grouping)")
    }
    // Per day each group fits, so nothing is left out.
    let byDay = try store.reports.breakdown(TransactionFilter(kind: .expense), by: .day)
    #expect(byDay.problems.isEmpty && byDay.contains { $0.currency == Self.kwd })
    #expect(try store.reports.total(TransactionFilter(kind: .expense, currency: .inr)) == 42_000)
    // The one overflow rule: the total past Int64 is the error naming it (it was a validation error).
    guard case .tooLarge(let figure)? = storeError({ _ = try store.reports.total(TransactionFilter(currency: Self.kwd)) })
    else {
      Issue.record("the KWD total cannot be added up")
      return
    }
    #expect(figure == FigureTooLarge(figure: "total in KWD"))
  }

  /// `spendly_sum` itself: sums, marks a value that is no positive integer as damaged, and fails
  /// the statement when a sum passes Int64 (it once answered NULL); `spendly_month_total`, the
  /// month-totals cache's sum, keeps such a sum as the REAL 1e19, as the triggers do.
  @Test func checkedSumAnswersPerGroup() throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    try store.database.execute(
      "CREATE TABLE v(g, x); INSERT INTO v VALUES (1, 5), (1, 7), (2, 9223372036854775807), (2, 1), (3, 'x'), (3, 2), (4, 1.5), (5, -3)"
    )
    let rows = try store.database.rows("SELECT g, spendly_sum(x) FROM v WHERE g != 2 GROUP BY g ORDER BY g")
    #expect(rows.map(\.values[1]) == [.integer(12), .text("damaged"), .text("damaged"), .text("damaged")])
    #expect(try store.database.row("SELECT spendly_sum(x) FROM v WHERE g = 0")?.values[0] == .integer(0))
    do {
      _ = try store.database.rows("SELECT g, spendly_sum(x) FROM v GROUP BY g")
      Issue.record("a sum past Int64 fails its statement")
    } catch {
      #expect(error.isSumTooLarge, "\(error)")
    }
    let cached = try store.database.rows(
      "SELECT g, spendly_month_total(x), typeof(spendly_month_total(x)) FROM v GROUP BY g ORDER BY g")
    #expect(cached.map(\.values[1])[0] == .integer(12))
    #expect(cached.map(\.values[2]) == [.text("integer"), .text("real"), .text("text"), .text("text"), .text("text")])
  }

  /// A month whose KWD spending passes Int64: the budget's figure is the error naming it, from
  /// the store's checked sum (the month total is kept as 1e19 and added up again).
  @Test func aBudgetMonthPastInt64NamesIt() throws {
    let largest = AmountParser.maximumMajorUnits * Self.kwd.minorPerMajor
    let rows = (0..<9_224).map { _ in
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: largest, currency: Self.kwd), category: "Rent", method: "Bank Transfer",
        date: LocalDate(iso: "2026-11-01")!)
    }
    let store = try ParityData.store(with: rows)
    let target = BudgetTarget(category: "Rent", currency: Self.kwd)
    _ = try store.budgets.set(target, limit: 1_000, scope: .from, month: YearMonth(text: "2026-11")!)
    let error = storeError { _ = try store.budgets.status(of: target, in: YearMonth(text: "2026-11")!) }
    guard case .tooLarge(let figure)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(figure.message.hasPrefix("the spending on the Rent budget in KWD for 2026-11 is too large to keep"))
  }
}

extension TotalOverflowTests {
  /// An account's credits past Int64 (each day's fit): `spendly_sum` fails the statement, and the
  /// store works the balance out a day at a time, which names the account whose balance does
  /// not fit (it once answered the SQL NULL as "too large to add up", naming no figure).
  @Test func anAccountBalancePastInt64NamesTheAccount() throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    try store.accounts.add(Account(name: "Gulf", type: .savings, currency: Self.kwd, methods: ["Bank Transfer"]))
    let largest = AmountParser.maximumMajorUnits * Self.kwd.minorPerMajor
    let rows = (0..<9_224).map { day in
      TransactionFields(
        kind: .income, amount: Money(minorUnits: largest, currency: Self.kwd), category: "Salary",
        method: "Bank Transfer", date: LocalDate(iso: "2026-11-01")!.adding(days: day % 28), account: "Gulf")
    }
    try store.transactions.apply(action: .import, rows.map { TransactionWrite.add($0) })
    let error = storeError { _ = try store.accounts.balances(asOf: LocalDate(iso: "2026-11-29")!) }
    guard case .tooLarge(let figure)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(figure.name == "Gulf", "\(figure.message)")
  }
}
