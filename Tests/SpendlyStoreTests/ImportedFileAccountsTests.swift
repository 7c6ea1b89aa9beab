import SpendlyCore
import Testing

@testable import SpendlyStore

/// An imported file's accounts live in `imported_file_accounts`, one row an account in the
/// file's order; a database from before keeps them through the migration.
@Suite("Store: an imported file's accounts in their own table")
struct ImportedFileAccountsTests {
  @Test func theMigrationMovesTheJoinedNames() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/old.db"
      let previous = Schema.migrations.firstIndex { $0.name == "imported-file-accounts" }!
      try MigrationTests.buildDatabase(at: path, version: previous)
      let old = try Database(path: path)
      try old.execute(
        """
        INSERT INTO imported_files(id, hash, name, path, format, accounts, rows, first_date, last_date, imported_at)
        VALUES (3, 'h2', 'two.qif', NULL, 'QIF', 'ICICI Current' || char(10) || 'Petty Cash', 3, NULL, NULL,
          '2026-11-20T09:00'),
          (4, 'h0', 'none.ofx', NULL, 'OFX', '', 0, NULL, NULL, '2026-11-21T09:00');
        """)
      let store = try Store(path: path, clock: { fixedNow })
      #expect(try store.imports.file(hash: "h2")?.accounts == ["ICICI Current", "Petty Cash"])
      #expect(try store.imports.file(hash: "h0")?.accounts == [])
      let rows = try store.database.rows(
        "SELECT file_id, ordinal, account FROM imported_file_accounts ORDER BY id"
      ).map { "\($0.int(0) ?? 0) \($0.int(1) ?? 0) \($0.text(2) ?? "")" }
      #expect(rows == ["3 1 ICICI Current", "3 2 Petty Cash"])
      // The old column is no longer read or written.
      #expect(try store.database.row("SELECT count(*) FROM imported_files WHERE accounts != ''")?.int(0) == 0)
    }
  }

  @Test func anImportRecordsEachAccountAndUndoTakesThemBack() throws {
    try withStore(.disk) { store, _ in
      try store.accounts.add(AccountStoreTests.savings)
      var file = ImportStoreTests.file("a", rows: 2)
      file.accounts = ["HDFC Savings", "ICICI Current"]
      _ = try store.imports.commit(
        [ImportStoreTests.step(ImportStoreTests.rows(2, seed: 1))], file: file, creating: [], mapping: nil,
        fact: ImportFact(file: "a", format: .statement, rows: 1), dryRun: false)
      #expect(try store.imports.file(hash: "a")?.accounts == ["HDFC Savings", "ICICI Current"])
      _ = try store.undo()
      #expect(try store.imports.files().isEmpty)
      #expect(try store.database.row("SELECT count(*) FROM imported_file_accounts")?.int(0) == 0)
      _ = try store.redo()
      #expect(try store.imports.file(hash: "a")?.accounts == ["HDFC Savings", "ICICI Current"])
    }
  }
}
