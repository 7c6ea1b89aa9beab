import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// `Fixtures/release-0.1.0.sqlite` was made by spendly 0.1.0 (schema version 4), before the
/// change log covered every record: added, edited and deleted transactions, a new category with
/// an alias, a rename and a setting. Today's store opens it, migrates it, and keeps everything.
@Suite("Store: a database made by release 0.1.0")
struct ReleaseFixtureTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/release-0.1.0.sqlite").path

  @Test func itMigratesAndKeepsEverything() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/spendly.db"
      try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
      #expect(try Database(path: path).userVersion == 4)
      let store = try Store(path: path, clock: { fixedNow })
      #expect(store.database.userVersion == Schema.latestVersion)
      // Its version 4 maps onto the first four migrations' names; the rest ran and are recorded.
      #expect(try MigrationNameTests.ledger(store) == Schema.migrations.map(\.name))
      let listed = try store.transactions.list()
      #expect(listed.map(\.id) == [3, 2, 1])
      #expect(listed.map { $0.fields.amount.minorUnits } == [15_000_000, 175_000, 42_000])
      #expect(listed.map(\.fields.category) == ["Salary", "Shopping", "Meals"])
      #expect(try store.transactions.history(id: 2).count == 2)
      let catalog = try store.catalog.current()
      #expect(catalog.category(named: "Food")?.name == "Meals")
      #expect(catalog.category(named: "vet")?.name == "Pets")
      #expect(try store.settings.value(.currency) == "USD")
      // The changes made before summaries existed say what they did, from their revisions (their
      // backfilled sentences, read into facts).
      #expect(
        try store.changeLog().map(\.fact) == [
          written(.delete, [4]), written(.add, [4]), written(.edit, [2]), written(.add, [3]), written(.add, [2]),
          written(.add, [1]),
        ])
      // Undo walks those old changes as before: the delete first.
      #expect(try store.undo().fact == written(.delete, [4]))
      #expect(try store.transactions.transaction(id: 4)?.fields.amount.minorUnits == 6_000)
      _ = try store.redo()
      #expect(try store.transactions.transaction(id: 4) == nil)
    }
  }

  /// Every migration has a name, and the names are distinct (they say what each step does).
  @Test func migrationsAreNamed() {
    let names = Schema.migrations.map(\.name)
    #expect(names.allSatisfy { !$0.isEmpty })
    #expect(Set(names).count == names.count)
  }
}

extension ReleaseFixtureTests {
  /// The migration to budgets adds up the month totals of what the release stored.
  @Test func monthTotalsAreBackfilled() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/spendly.db"
      try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
      let store = try Store(path: path, clock: { fixedNow })
      let (kept, recomputed) = try BudgetStoreTests.monthTotals(store)
      #expect(kept.count == 3)
      #expect(kept == recomputed)
    }
  }
}

/// `Fixtures/release-611bdba.sqlite` was made by the release before accounts (commit 611bdba,
/// still calling itself 0.1.0; schema version 10): expenses, a salary, a deleted and an undone entry, a category with an
/// alias, a budget, a subscription and a debt with a payment. Migration 11 rebuilds the
/// transactions and revisions tables; nothing may be lost, and no id may come back.
@Suite("Store: a database made by the release before accounts (611bdba)")
struct SecondReleaseFixtureTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/release-611bdba.sqlite").path

  @Test func itMigratesAndKeepsEverything() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/spendly.db"
      try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
      #expect(try Database(path: path).userVersion == 10)
      let store = try Store(path: path, clock: { fixedNow })
      #expect(store.database.userVersion == Schema.latestVersion)
      let listed = try store.transactions.list()
      #expect(listed.map(\.id) == [7, 5, 1, 3, 2])
      #expect(listed.map { $0.fields.amount.minorUnits } == [500_000, 90_000, 42_000, 120_000, 15_000_000])
      #expect(listed.map(\.fields.category) == ["Debt", "Pets", "Food", "Shopping", "Salary"])
      #expect(listed.map(\.fields.entry) == [.debit, .debit, .debit, .debit, .credit])
      #expect(listed.allSatisfy { $0.fields.account == nil && $0.fields.status == .booked })
      #expect(listed.first?.fields.debtID == 1)
      #expect(try store.transactions.history(id: 1).count == 1)
      #expect(try store.catalog.current().category(named: "vet")?.name == "Pets")
      // The month totals came through the rebuild, and their triggers with them.
      let food = BudgetTarget(category: "Food", currency: .inr)
      #expect(try store.budgets.status(of: food, in: YearMonth(text: "2026-11")!)?.spent == 42_000)
      #expect(try store.schedules.all().count == 1)
      #expect(try store.debts.all().map(\.name) == ["HDFC Loan"])
      // The id sequence is kept: #8 was added and deleted, so the next id is 9, never 8 again.
      #expect(try store.transactions.add(expense(10)).id == 9)
      #expect(try store.budgets.status(of: food, in: YearMonth(text: "2026-11")!)?.spent == 43_000)
      let indexes = Set(
        try store.database.rows("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')").compactMap {
          $0.text(0)
        })
      for name in [
        "transactions_by_date", "transactions_by_merchant", "transactions_by_category", "transactions_report",
        "transactions_by_external_ref", "transactions_by_recurring", "transactions_by_debt", "revisions_by_txn",
        "revisions_by_change", "rollups_insert", "rollups_delete", "rollups_update",
      ] {
        #expect(indexes.contains(name), "\(name) is missing after the migration")
      }
      // Undo walks the old changes: the new entry, then the delete of #8.
      _ = try store.undo()
      #expect(try store.undo().fact == written(.delete, [8], rupees: 30, category: "Transport"))
      #expect(try store.transactions.transaction(id: 8)?.fields.amount.minorUnits == 3_000)
      #expect(try store.database.row("PRAGMA foreign_key_check") == nil)
      #expect(try store.database.row("PRAGMA integrity_check")?.text(0) == "ok")
    }
  }
}

/// `Fixtures/release-0.2.0.sqlite` was made by release 0.2.0 (schema version 12) with
/// `scripts/make-release-fixtures`: 240 transactions from the bench generator in three
/// currencies (through the store's one write path), an add, an add undone, and a budget. Today's store opens it, migrates it, and
/// keeps the same totals, count and undo.
@Suite("Store: a database made by release 0.2.0")
struct ReleaseFixture020Tests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/release-0.2.0.sqlite").path

  /// Lifetime totals by currency and kind, with counts, straight from the table (any schema).
  static func totals(_ db: Database) throws -> [String] {
    try db.rows("SELECT currency, kind, sum(amount), count(*) FROM transactions GROUP BY 1, 2 ORDER BY 1, 2").map {
      "\($0.text(0) ?? "") \($0.text(1) ?? "") \($0.int(2) ?? 0) \($0.int(3) ?? 0)"
    }
  }

  @Test func itMigratesWithTheSameTotalsCountAndUndo() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/spendly.db"
      try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
      let made = try Database(path: path)
      #expect(made.userVersion == 12)
      let before = try Self.totals(made)
      #expect(Set(before.map { $0.prefix(3) }) == ["EUR", "INR", "USD"])
      let store = try Store(path: path, clock: { fixedNow })
      #expect(store.database.userVersion == Schema.latestVersion)
      #expect(try MigrationNameTests.ledger(store) == Schema.migrations.map(\.name))
      #expect(try Self.totals(store.database) == before)
      #expect(try store.transactions.count() == 241)
      // Undo walks the release's own history: its last change was the budget.
      // Its sentences are read into facts: the budget, the undo of an add (naming the change it
      // undid), the import of 240 transactions.
      let log = try store.changeLog()
      #expect(log.first?.fact == .budget(set: budgetFact("Food", 9000, "from", "2026-11")))
      #expect(log.dropFirst().first?.fact == .undid(change: 3, fact: written(.add, [242], rupees: 99)))
      #expect(log.last?.fact == written(.import, [], count: 240))
      #expect(try store.undo().fact == .budget(set: budgetFact("Food", 9000, "from", "2026-11")))
      #expect(try store.transactions.count() == 241)
      _ = try store.redo()
      #expect(try store.database.row("PRAGMA foreign_key_check") == nil)
    }
  }
}
