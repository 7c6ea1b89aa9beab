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
      let listed = try store.transactions.list()
      #expect(listed.map(\.id) == [3, 2, 1])
      #expect(listed.map { $0.fields.amount.minorUnits } == [15_000_000, 175_000, 42_000])
      #expect(listed.map(\.fields.category) == ["Salary", "Shopping", "Meals"])
      #expect(try store.transactions.history(id: 2).count == 2)
      let catalog = try store.catalog.current()
      #expect(catalog.category(named: "Food")?.name == "Meals")
      #expect(catalog.category(named: "vet")?.name == "Pets")
      #expect(try store.settings.value(.currency) == "USD")
      // The changes made before summaries existed say what they did, from their revisions.
      #expect(
        try store.changeLog().map(\.summary) == [
          "deleted #4", "added #4", "edited #2", "added #3", "added #2", "added #1",
        ])
      // Undo walks those old changes as before: the delete first.
      #expect(try store.undo().summary == "deleted #4")
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
