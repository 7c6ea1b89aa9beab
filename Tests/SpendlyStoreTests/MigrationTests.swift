import SpendlyCore
import Testing

@testable import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// Migrations need a file to reopen, so these run on disk only.
@Suite("Store: migrations")
struct MigrationTests {
  /// Builds a database by hand at `version` and, from version 1 on, inserts one transaction with raw SQL.
  static func buildDatabase(at path: String, version: Int) throws {
    let database = try Database(path: path)
    try database.defineNameKey()  // as `Schema.migrate` does: migrations compare names by key
    for step in 0..<version {
      try Schema.migrations[step].run(database)
      // Once the ledger exists, each step is recorded there, as `Schema.migrate` does.
      if try Schema.hasLedger(database) {
        try database.run("INSERT INTO applied_migrations(name) VALUES (?)", [.text(Schema.migrations[step].name)])
      }
    }
    try database.setUserVersion(version)
    guard version >= 1 else { return }
    // From the accounts migration on, every row says whether it is a debit or a credit.
    let entryColumn = version > 10 ? ", entry" : ""
    let entryValue = version > 10 ? ", 'debit'" : ""
    try database.execute(
      """
      INSERT INTO changes(id, action, recorded_at) VALUES (1, 'add', '2026-11-01T09:00');
      INSERT INTO revisions(id, txn_id, change_id, live, kind, amount, currency, category_id, method_id,
        merchant, note, date, time, status, recorded_at\(entryColumn))
      VALUES (1, 7, 1, 1, 'expense', 42000, 'INR', (SELECT id FROM categories WHERE name = 'Food'),
        (SELECT id FROM methods WHERE name = 'UPI'), 'Social', 'lunch', '2026-11-01', '09:00', 'booked',
        '2026-11-01T09:00'\(entryValue));
      INSERT INTO transactions(id, revision_id, kind, amount, currency, category_id, method_id, merchant, note,
        date, time, status, created_at, updated_at\(entryColumn))
      VALUES (7, 1, 'expense', 42000, 'INR', (SELECT id FROM categories WHERE name = 'Food'),
        (SELECT id FROM methods WHERE name = 'UPI'), 'Social', 'lunch', '2026-11-01', '09:00', 'booked',
        '2026-11-01T09:00', '2026-11-01T09:00'\(entryValue));
      """)
    // From the name keys on, a row is written with its merchant's key (the store writes it, not a trigger).
    if version > Schema.migrations.firstIndex(where: { $0.name == "name-keys" })! {
      try database.execute(
        """
        UPDATE transactions SET merchant_key = spendly_name_key(merchant);
        UPDATE revisions SET merchant_key = spendly_name_key(merchant);
        """)
    }
  }

  @Test func latestVersionCountsTheMigrations() {
    #expect(Schema.latestVersion == Schema.migrations.count)
    #expect(Schema.latestVersion >= 2)
  }

  @Test(arguments: 0..<Schema.latestVersion)
  func migratesFromEveryEarlierVersion(_ version: Int) throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/old.db"
      try Self.buildDatabase(at: path, version: version)
      #expect(try Database(path: path).userVersion == version)

      let store = try Store(path: path, clock: { fixedNow })
      #expect(store.database.userVersion == Schema.latestVersion)
      let indexes = try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'index'").compactMap {
        $0.text(0)
      }
      #expect(indexes.contains("transactions_by_merchant"))
      #expect(try store.catalog.current().category(named: "Salary")?.side == .income)
      if version >= 1 {
        let old = try #require(try store.transactions.transaction(id: 7))
        #expect(old.fields.amount == Money(minorUnits: 42_000, currency: .inr))
        #expect(old.fields.category == "Food")
        #expect(old.fields.merchant == "Social")
        #expect(old.createdAt == LocalDateTime(iso: "2026-11-01T09:00"))
        #expect(try store.transactions.history(id: 7).map(\.action) == ["add"])
        #expect(try store.transactions.list(TransactionFilter(merchant: "social")).map(\.id) == [7])
      } else {
        #expect(try store.transactions.count() == 0)
      }
      // A new write works on the migrated database, and reopening does not migrate again.
      let added = try store.transactions.add(expense(100))
      let reopened = try Store(path: path, clock: { fixedNow })
      #expect(reopened.database.userVersion == Schema.latestVersion)
      #expect(try reopened.transactions.transaction(id: added.id) == added)
    }
  }

  /// A database as the migrations before `kind-check-compared` left it, with one transaction.
  static func buildBeforeKindCheck(in directory: String) throws -> String {
    let path = directory + "/old.db"
    let before = try #require(Schema.migrations.firstIndex { $0.name == "kind-check-compared" })
    try buildDatabase(at: path, version: before)
    return path
  }

  /// The kind's check reads as comparisons after the migration, refuses what it refused, and the
  /// connection that migrated checks by it at once (no temporary index of the kinds per row).
  @Test func theKindCheckIsComparedWithoutAList() throws {
    try withTemporaryDirectory { directory in
      let path = try Self.buildBeforeKindCheck(in: directory)
      let table = "SELECT sql FROM sqlite_master WHERE name = 'transactions'"
      #expect(try Database(path: path).row(table)?.text(0)?.contains(KindCheckMigration.listed) == true)

      let store = try Store(path: path, clock: { fixedNow })
      let sql = try #require(try store.database.row(table)?.text(0))
      #expect(sql.contains(KindCheckMigration.compared) && !sql.contains(KindCheckMigration.listed))
      let insert = """
        INSERT INTO transactions(revision_id, kind, amount, currency, method_id, date, entry, created_at, updated_at)
        VALUES (1, ?, 1, 'INR', 1, '2026-11-01', 'debit', 'x', 'x')
        """
      let program = try store.database.rows("EXPLAIN " + insert, [.text("expense")]).compactMap { $0.text(1) }
      #expect(!program.isEmpty && !program.contains("OpenEphemeral"))
      #expect(throws: DatabaseError.self) { try store.database.run(insert, [.text("refund")]) }
      #expect(try store.database.row("PRAGMA integrity_check")?.text(0) == "ok")
      #expect(try store.transactions.transaction(id: 7)?.fields.merchant == "Social")
    }
  }

  /// A `transactions` whose text does not hold the list is left as it is, and still migrates.
  @Test func aKindCheckWrittenOtherwiseIsLeftAsItIs() throws {
    try withTemporaryDirectory { directory in
      let path = try Self.buildBeforeKindCheck(in: directory)
      let other = "CHECK (kind IN ('income', 'expense', 'transfer'))"
      let database = try Database(path: path)
      let version = try #require(try database.row("PRAGMA schema_version")?.int(0))
      try database.execute("PRAGMA writable_schema = ON")
      try database.run(
        "UPDATE sqlite_schema SET sql = replace(sql, ?, ?) WHERE name = 'transactions'",
        [.text(KindCheckMigration.listed), .text(other)])
      try database.execute("PRAGMA schema_version = \(version + 1); PRAGMA writable_schema = RESET")
      let store = try Store(path: path, clock: { fixedNow })
      #expect(store.database.userVersion == Schema.latestVersion)
      let sql = try #require(
        try store.database.row("SELECT sql FROM sqlite_master WHERE name = 'transactions'")?.text(0))
      #expect(sql.contains(other) && !sql.contains(KindCheckMigration.compared))
      #expect(try store.database.row("PRAGMA writable_schema")?.int(0) == 0)
      #expect(try store.transactions.transaction(id: 7)?.fields.merchant == "Social")
    }
  }

  @Test func emptyFileIsVersionZeroAndGetsTheWholeSchema() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/empty.db"
      let fd = creat(path, 0o600)
      try #require(fd >= 0)
      close(fd)
      let store = try Store(path: path, clock: { fixedNow })
      #expect(store.database.userVersion == Schema.latestVersion)
      #expect(try store.catalog.current().categories.count == Category.defaults.count)
      #expect(try store.settings.defaultCurrency() == .inr)
    }
  }

  @Test func newerDatabaseIsRefused() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/newer.db"
      try Self.buildDatabase(at: path, version: Schema.latestVersion)
      try Database(path: path).setUserVersion(Schema.latestVersion + 1)
      guard
        case .newerDatabase(let version)? = storeError({ _ = try Store(path: path, clock: { fixedNow }) })
      else {
        Issue.record("a newer database should be refused")
        return
      }
      #expect(version == Schema.latestVersion + 1)
      #expect(try Database(path: path).userVersion == Schema.latestVersion + 1)
    }
  }
}
