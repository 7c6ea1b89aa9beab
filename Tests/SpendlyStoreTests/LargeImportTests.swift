import SpendlyCore
import Testing

@testable import SpendlyStore

/// A large file into an empty database (`importStream(large: true)`): its indexes, the rollups'
/// among them, are built once at the end, it is written under a rollback journal when nothing
/// else has the file open, and the database is left as any other import leaves it.
@Suite("Store: a large import into an empty database")
struct LargeImportTests {
  static func rows(_ count: Int, seed: UInt64) -> [TransactionFields] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in RollupConsistencyTests.fields(&random) }
  }

  /// The import's result, and the journal mode it ran under.
  static func importLarge(_ store: Store, _ rows: [TransactionFields]) throws -> (ImportStreamResult, String?) {
    var mode: String?
    let result = try store.transactions.importStream(
      file: ImportFact(file: "big.csv", format: .csv), dryRun: false, large: true
    ) { stream in
      mode = try journalMode(store)
      for row in rows { _ = try stream.add(row) }
    }
    return (result, mode)
  }

  static func indexes(_ store: Store) throws -> [String] {
    try store.database.rows(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name"
    ).compactMap { $0.text(0) }
  }

  static func journalMode(_ store: Store) throws -> String? {
    try store.database.row("PRAGMA journal_mode")?.text(0)
  }

  @Test func itLeavesTheSchemaTheRollupsAndTheJournalAsTheyWere() throws {
    try withStore(.disk) { store, path in
      try AccountStoreTests.world(store)
      let before = try Self.indexes(store)
      #expect(before.contains("rollups_by_total") && before.contains("transactions_by_date"))
      #expect(try Self.journalMode(store) == "wal")
      // Two parts (5,000 rows, then 2,100), each written straight in with its revisions.
      let (result, during) = try Self.importLarge(store, Self.rows(7_100, seed: 41))
      #expect(result.added == 7_100)
      #expect(during == "delete")
      #expect(try Self.indexes(store) == before)
      #expect(try Self.journalMode(store) == "wal")
      #expect(try store.database.row("PRAGMA synchronous")?.int(0) == 1)
      try RollupConsistencyTests.expectConsistent(store, "a large import")
      // Written straight into the current rows (their indexes dropped), each with its revision.
      try ThinRevisionsTests.expectRevisionsHold(store)
      #expect(try store.database.row("PRAGMA integrity_check")?.text(0) == "ok")
      // Another process sees the rows, and the file is in write-ahead-log mode for it too.
      let other = try Store(path: try #require(path), clock: { fixedNow })
      #expect(try other.transactions.count() == 7_100)
      #expect(try Self.journalMode(other) == "wal")
      _ = try store.undo()
      try RollupConsistencyTests.expectConsistent(store, "its undo")
      try ThinRevisionsTests.expectRevisionsHold(store)
      #expect(try other.transactions.count() == 0)
    }
  }

  @Test func withTheFileOpenElsewhereItStaysInWriteAheadLogMode() throws {
    try withStore(.disk) { store, path in
      try AccountStoreTests.world(store)
      let other = try Store(path: try #require(path), clock: { fixedNow })
      #expect(try other.transactions.count() == 0)
      let (result, during) = try Self.importLarge(store, Self.rows(2_100, seed: 42))
      #expect(result.added == 2_100)
      #expect(during == "wal")
      #expect(try Self.journalMode(store) == "wal")
      #expect(try other.transactions.count() == 2_100)
      try RollupConsistencyTests.expectConsistent(store, "a large import beside another connection")
    }
  }

  /// A failed row rolls the whole file back: no rows, the indexes and the journal mode as before.
  @Test func aFailureLeavesNothingBehind() throws {
    try withStore(.disk) { store, _ in
      try AccountStoreTests.world(store)
      let before = try Self.indexes(store)
      var rows = Self.rows(2_300, seed: 43)
      rows[2_200].category = "No Such Category"
      rows[2_200].kind = .expense
      #expect(throws: (any Error).self) { _ = try Self.importLarge(store, rows) }
      #expect(try store.transactions.count() == 0)
      #expect(try Self.indexes(store) == before)
      #expect(try Self.journalMode(store) == "wal")
      #expect(try store.database.row("SELECT count(*) FROM rollups")?.int(0) == 0)
    }
  }
}
