import SpendlyCore
import Testing

@testable import SpendlyStore

/// A transaction's current revision leaves its fields to the current row, and has them written
/// in when the row changes or goes (`ThinRevisionsMigration`): every revision still reads back as
/// it was, through edits, deletes, undo, redo, imports and restores.
@Suite("Store: revisions without their fields")
struct ThinRevisionsTests {
  /// The revisions' invariants: one without fields is its transaction's current one, every
  /// revision reads back with its fields, and each current row equals its revision.
  static func expectRevisionsHold(_ store: Store, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let db = store.database
    let orphans = try db.row(
      """
      SELECT count(*) FROM revisions r WHERE r.kind IS NULL
        AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = r.txn_id AND t.revision_id = r.id)
      """)?.int(0)
    #expect(orphans == 0, "revisions without fields that no current row holds", sourceLocation: sourceLocation)
    let unread = try db.row(
      "SELECT count(*) FROM \(TransactionColumns.revisionSource) WHERE \(TransactionColumns.revisionField("kind")) IS NULL"
    )?.int(0)
    #expect(unread == 0, "revisions that read back without fields", sourceLocation: sourceLocation)
    let differing = TransactionColumns.names.map { "t.\($0) IS NOT \(TransactionColumns.revisionField($0))" }
    let drifted = try db.row(
      """
      SELECT count(*) FROM \(TransactionColumns.revisionSource) JOIN transactions t ON t.revision_id = r.id
      WHERE \(differing.joined(separator: " OR "))
      """)?.int(0)
    #expect(drifted == 0, "current rows that differ from their revision", sourceLocation: sourceLocation)
    let current = try db.row("SELECT count(*) FROM transactions t JOIN revisions r ON r.id = t.revision_id")?.int(0)
    #expect(current.map(Int.init) == (try store.transactions.count()), sourceLocation: sourceLocation)
  }

  static func fieldsOf(_ store: Store, revision id: Int64) throws -> (kind: String?, amount: Int64?) {
    let row = try #require(try store.database.row("SELECT kind, amount FROM revisions WHERE id = ?", [.integer(id)]))
    return (row.text(0), row.int(1))
  }

  @Test func editsDeletesUndoAndRedoKeepEveryRevision() throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    let added = try store.transactions.add(expense(420))
    // The add's revision holds only its own columns.
    #expect(try Self.fieldsOf(store, revision: 1).kind == nil)
    try store.transactions.edit(id: added.id, expense(450))
    // The edit wrote the old fields into the add's revision, and leaves its own to the row.
    #expect(try Self.fieldsOf(store, revision: 1).amount == 42_000)
    #expect(try Self.fieldsOf(store, revision: 2).kind == nil)
    #expect(try store.transactions.history(id: added.id).map(\.fields.amount.minorUnits) == [42_000, 45_000])
    try Self.expectRevisionsHold(store)

    try store.transactions.delete(id: added.id)
    #expect(try Self.fieldsOf(store, revision: 2).amount == 45_000)
    #expect(try Self.fieldsOf(store, revision: 3).amount == 45_000)
    #expect(try store.transactions.history(id: added.id).map(\.live) == [true, true, false])
    try Self.expectRevisionsHold(store)

    for _ in 0..<3 {
      _ = try store.undo()
      try Self.expectRevisionsHold(store)
    }
    #expect(try store.transactions.transaction(id: added.id) == nil)
    for _ in 0..<2 {
      _ = try store.redo()
      try Self.expectRevisionsHold(store)
    }
    #expect(try store.transactions.transaction(id: added.id)?.fields.amount.minorUnits == 45_000)
    let amounts = try store.transactions.history(id: added.id).map(\.fields.amount.minorUnits)
    #expect(amounts.first == 42_000 && amounts.last == 45_000)
  }

  @Test func aBulkImportWritesRevisionsOfTheirOwnColumnsOnly() throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    let rows = (1...2_500).map { expense(Int64($0)) }
    _ = try store.transactions.importStream(file: ImportFact(file: "t.csv", format: .csv), dryRun: false) { stream in
      for row in rows { _ = try stream.add(row) }
    }
    #expect(try store.database.row("SELECT count(*) FROM revisions WHERE kind IS NULL")?.int(0) == 2_500)
    try Self.expectRevisionsHold(store)
    _ = try store.undo()
    #expect(try store.transactions.count() == 0)
    #expect(try store.database.row("SELECT count(*) FROM revisions WHERE kind IS NULL")?.int(0) == 0)
    try Self.expectRevisionsHold(store)
    _ = try store.redo()
    #expect(try store.transactions.count() == 2_500)
    try Self.expectRevisionsHold(store)
  }

  /// A restore refuses a revision without fields that is not its transaction's current one, and
  /// one that has fields but lacks one every revision has (the table no longer refuses it itself).
  @Test(arguments: [("kind = NULL", "not the current revision"), ("currency = NULL", "currency")])
  func aRestoreRefusesARevisionThatDoesNotReadBack(_ damage: String, _ reason: String) throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    let added = try store.transactions.add(expense(420))
    try store.transactions.edit(id: added.id, expense(450))
    try store.database.execute("UPDATE revisions SET \(damage) WHERE id = 1")
    #expect {
      try RollupConsistencyTests.exportAndRestore(store)
    } throws: { error in
      "\(error)".contains("table revisions") && "\(error)".contains("#1") && "\(error)".contains(reason)
    }
    #expect(try store.transactions.transaction(id: added.id)?.fields.amount.minorUnits == 45_000)
  }

  /// A backup whose revisions cannot be read back does not replace the database.
  @Test func aBackupWithARevisionWithoutItsFieldsElsewhereIsRefused() throws {
    try withTemporaryDirectory { directory in
      let other = try Store(path: directory + "/other.db", clock: { fixedNow })
      let added = try other.transactions.add(expense(420))
      try other.transactions.edit(id: added.id, expense(450))
      try other.database.execute("UPDATE revisions SET kind = NULL WHERE id = 1")
      let store = try Store(path: directory + "/main.db", clock: { fixedNow })
      try store.transactions.add(expense(99))
      #expect {
        _ = try store.restore(from: directory + "/other.db", keepingAt: nil)
      } throws: { error in
        "\(error)".contains("table revisions")
      }
      #expect(try store.transactions.list().map(\.fields.amount.minorUnits) == [9_900])
    }
  }

  /// A store left open while a newer Spendly migrated its file refuses to write the older way.
  @Test func aStoreRefusesToWriteOnceANewerSpendlyMigratedItsFile() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/main.db", clock: { fixedNow })
      try store.transactions.add(expense(420))
      try Database(path: directory + "/main.db").setUserVersion(Schema.latestVersion + 1)
      let error = storeError { try store.transactions.add(expense(99)) }
      guard case .newerDatabase(let version)? = error else {
        Issue.record("expected the newer database refused, got \(String(describing: error))")
        return
      }
      #expect(version == Schema.latestVersion + 1)
      #expect(try store.transactions.count() == 1)
    }
  }

  /// A database as the migrations before `thin-revisions` left it, with one transaction.
  static func buildBefore(in directory: String) throws -> String {
    let path = directory + "/old.db"
    let before = try #require(Schema.migrations.firstIndex { $0.name == "thin-revisions" })
    try MigrationTests.buildDatabase(at: path, version: before)
    return path
  }

  static func required(_ store: Store) throws -> [String] {
    try ThinRevisionsMigration.stillRequired(store.database)
  }

  @Test func theMigrationLoosensTheFieldsInPlace() throws {
    try withTemporaryDirectory { directory in
      let path = try Self.buildBefore(in: directory)
      #expect(
        try ThinRevisionsMigration.stillRequired(Database(path: path)).sorted()
          == ThinRevisionsMigration.loosened.sorted())
      let store = try Store(path: path, clock: { fixedNow })
      #expect(try Self.required(store).isEmpty)
      let sql = try #require(try store.database.row("SELECT sql FROM sqlite_master WHERE name = 'revisions'")?.text(0))
      #expect(sql.contains("kind TEXT, amount INTEGER, currency TEXT,") && sql.contains("recorded_at TEXT NOT NULL"))
      #expect(try store.database.row("PRAGMA integrity_check")?.text(0) == "ok")
      try store.transactions.edit(id: 7, expense(450))
      #expect(try store.transactions.history(id: 7).map(\.fields.amount.minorUnits) == [42_000, 45_000])
      try Self.expectRevisionsHold(store)
    }
  }

  /// A table whose text differs is rebuilt: every row, id and index kept.
  @Test func aTableWrittenOtherwiseIsRebuilt() throws {
    try withTemporaryDirectory { directory in
      let path = try Self.buildBefore(in: directory)
      let database = try Database(path: path)
      let version = try #require(try database.row("PRAGMA schema_version")?.int(0))
      try database.execute("PRAGMA writable_schema = ON")
      try database.run(
        "UPDATE sqlite_schema SET sql = replace(sql, 'entry TEXT NOT NULL,', 'entry  TEXT NOT NULL,') WHERE name = 'revisions'"
      )
      try database.execute("PRAGMA schema_version = \(version + 1); PRAGMA writable_schema = RESET")
      let indexes = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'revisions' ORDER BY name"
      let before = try database.rows(indexes).compactMap { $0.text(0) }
      let store = try Store(path: path, clock: { fixedNow })
      #expect(try Self.required(store).isEmpty)
      #expect(try store.database.rows(indexes).compactMap { $0.text(0) } == before)
      #expect(before.count == 2)
      #expect(try store.database.row("PRAGMA integrity_check")?.text(0) == "ok")
      #expect(try store.database.row("PRAGMA writable_schema")?.int(0) == 0)
      #expect(try store.transactions.history(id: 7).map(\.fields.merchant) == ["Social"])
      try store.transactions.edit(id: 7, expense(450))
      try Self.expectRevisionsHold(store)
    }
  }
}
