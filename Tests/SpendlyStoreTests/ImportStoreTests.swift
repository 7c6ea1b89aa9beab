import SpendlyCore
import Testing

@testable import SpendlyStore

/// Statement imports in the store: one change, month totals kept right on the bulk path too.
@Suite("Store: statement imports")
struct ImportStoreTests {
  static func rows(_ count: Int, seed: UInt64) -> [BankRow] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { i in
      let day = LocalDate(iso: "2026-01-01")!.adding(days: Int(random.next() % 330))
      let amount = Int64(1 + random.next() % 90_000) * (random.next() % 5 == 0 ? 1 : -1)
      var row = BankRow(
        date: day, amount: Money(minorUnits: amount, currency: .inr), reference: "R\(i)", hasOwnReference: true,
        line: i + 1)
      row.payee = ["Social", "DMart", "Uber"][i % 3]
      row.pending = random.next() % 7 == 0
      return row
    }
  }

  /// Expenses are Food, income Salary.
  struct Categories: RowCategorizing {
    func category(_ row: BankRow, kind: Kind) -> (String, CategorySource) {
      (kind == .expense ? "Food" : "Salary", .other)
    }
  }

  static func step(_ rows: [BankRow]) -> ImportStep {
    ImportStep(
      account: "HDFC Savings", balances: [], coverage: nil, rows: rows, source: "test.ofx", method: "UPI",
      allowDuplicates: false, categories: Categories())
  }

  static func file(_ hash: String, rows: Int) -> ImportedFile {
    ImportedFile(
      hash: hash, name: "test.ofx", path: nil, format: "OFX", accounts: ["HDFC Savings"], rows: rows, firstDate: nil,
      lastDate: nil)
  }

  @Test(arguments: [300, 2500])
  func monthTotalsAgreeWithTheRowsOnEitherPath(_ count: Int) throws {
    try withStore(.disk) { store, _ in
      try store.accounts.add(AccountStoreTests.savings)
      try store.transactions.add(expense(420, method: "UPI", date: "2026-03-03"))
      let plans = try store.imports.commit(
        [Self.step(Self.rows(count, seed: UInt64(count)))], file: Self.file("a", rows: count), creating: [],
        mapping: nil, fact: ImportFact(file: "a", format: .statement, rows: 1), dryRun: false)
      #expect(plans.first?.adds.count == count)
      let (kept, recomputed) = try BudgetStoreTests.monthTotals(store)
      #expect(kept == recomputed)
      let triggers = try store.database.rows(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'transactions'"
      ).compactMap {
        $0.text(0)
      }
      #expect(Set(triggers) == ["rollups_insert", "rollups_delete", "rollups_update"])
      // A row added after the import goes through the trigger again.
      try store.transactions.add(expense(10, method: "UPI", date: "2026-03-04"))
      let (after, again) = try BudgetStoreTests.monthTotals(store)
      #expect(after == again)
      // The whole import is one change: undo takes every row back, and the totals with them.
      _ = try store.undo()
      _ = try store.undo()
      #expect(try store.transactions.count() == 1)
      let (undone, recounted) = try BudgetStoreTests.monthTotals(store)
      #expect(undone == recounted)
      #expect(try store.imports.files().isEmpty)
    }
  }

  @Test func aDryRunWritesNothingAndAFailedRowNamesItsLine() throws {
    try withStore(.memory) { store, _ in
      try store.accounts.add(AccountStoreTests.savings)
      let before = try store.tableCounts()
      let plans = try store.imports.commit(
        [Self.step(Self.rows(50, seed: 3))], file: Self.file("b", rows: 50), creating: [], mapping: nil,
        fact: ImportFact(file: "a", format: .statement, rows: 1), dryRun: true)
      #expect(plans.first?.adds.count == 50)
      #expect(try store.tableCounts() == before)
      var rows = Self.rows(5, seed: 4)
      rows[3].date = LocalDate(iso: "1900-01-01")!
      guard
        case .invalid(let error)? = storeError({
          _ = try store.imports.commit(
            [Self.step(rows)], file: Self.file("c", rows: 5), creating: [], mapping: nil,
            fact: ImportFact(file: "c", format: .statement, rows: 5), dryRun: false)
        })
      else {
        Issue.record("a date outside 1970-2200 should be refused")
        return
      }
      #expect(error.description.hasPrefix("test.ofx:4: date"))
      #expect(try store.tableCounts() == before)
    }
  }
}

/// A bulk import turns SQLite's foreign-key checks off for its transaction, and checks every
/// table it may write before it commits: a row pointing at nothing rolls it all back, named.
@Suite("Store: a bulk import checks foreign keys before it commits")
struct ImportForeignKeyTests {
  @Test func aDanglingRowRollsTheImportBackAndIsNamed() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/spendly.db", clock: { fixedNow })
      let changes = try store.changeLog().count
      let error = storeError {
        let file = ImportFact(file: "test.csv", format: .csv)
        _ = try store.transactions.importStream(file: file, dryRun: false) { stream in
          _ = try stream.add(expense(250))
          // Something in the import writes a row pointing at a category that is not there.
          try store.database.run("INSERT INTO category_aliases(alias, category_id) VALUES ('ghost', 999)")
        }
      }
      guard case .invalid(let problem)? = error else {
        Issue.record("the import should be refused, got \(String(describing: error))")
        return
      }
      #expect(problem.field.contains("category_aliases row"), "\(problem)")
      #expect(problem.reason.contains("categories"), "\(problem)")
      #expect(try store.transactions.count() == 0)
      #expect(try store.database.row("SELECT 1 FROM category_aliases WHERE alias = 'ghost'") == nil)
      #expect(try store.changeLog().count == changes)
      // Foreign keys are on again after it.
      #expect(try store.database.row("PRAGMA foreign_keys")?.int(0) == 1)
    }
  }
}
