import SpendlyCore
import Testing

@testable import SpendlyStore

/// Migrations are identified by name: a database records the names it has had, one made before
/// that record maps its `user_version` onto the names, and a gap is refused at start-up.
@Suite("Store: migrations by name")
struct MigrationNameTests {
  /// A step some later Spendly might wrongly insert into the list rather than append.
  static let inserted = Migration.sql("inserted-late", "a table added in the middle", "CREATE TABLE inserted_late(x);")

  static func ledger(_ store: Store) throws -> [String] {
    try store.database.rows("SELECT name FROM applied_migrations ORDER BY id").compactMap { $0.text(0) }
  }

  @Test func namesAreShortDistinctAndTheFrozenPrefixMatches() {
    let names = Schema.migrations.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { name in !name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "-" } })
    #expect(Array(names.prefix(Schema.namesBeforeLedger.count)) == Schema.namesBeforeLedger)
    #expect(Schema.migrations.allSatisfy { !$0.purpose.isEmpty })
  }

  @Test func aNewDatabaseRecordsEveryName() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/new.db", clock: { fixedNow })
      #expect(try Self.ledger(store) == Schema.migrations.map(\.name))
      #expect(store.database.userVersion == Schema.latestVersion)
    }
  }

  @Test(arguments: 0..<Schema.latestVersion)
  func anOlderDatabaseMapsItsVersionOntoTheNames(_ version: Int) throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/old.db"
      try MigrationTests.buildDatabase(at: path, version: version)
      #expect(try Schema.applied(Database(path: path)) == Schema.migrations.prefix(version).map(\.name))
      let store = try Store(path: path, clock: { fixedNow })
      #expect(try Self.ledger(store) == Schema.migrations.map(\.name))
      #expect(store.database.userVersion == Schema.latestVersion)
    }
  }

  @Test func aMigrationInsertedBeforeOnesThatRanIsAnErrorAndRunsNothing() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      _ = try Store(path: path, clock: { fixedNow })
      var list = Schema.migrations
      list.insert(Self.inserted, at: 5)
      let database = try Database(path: path)
      #expect(throws: MigrationOrderError.self) { try Schema.pending(database, list: list) }
      do {
        try Schema.migrate(database, upTo: list.count, list: list)
        Issue.record("an inserted migration should be refused")
      } catch let error as MigrationOrderError {
        #expect("\(error)".contains("'inserted-late'"))
        #expect("\(error)".contains("'\(Schema.migrations.last!.name)'"))
      }
      #expect(try database.row("SELECT 1 FROM sqlite_master WHERE name = 'inserted_late'") == nil)
      // Appended instead, it runs and is recorded.
      try Schema.migrate(database, upTo: Schema.latestVersion + 1, list: Schema.migrations + [Self.inserted])
      #expect(try database.row("SELECT 1 FROM sqlite_master WHERE name = 'inserted_late'") != nil)
      #expect(try Schema.applied(database).last == "inserted-late")
      #expect(database.userVersion == Schema.latestVersion + 1)
    }
  }

  /// A database from before the ledger is read by the frozen names, so a step inserted among
  /// them is found missing, not taken as run.
  @Test func anInsertionAmongTheOldStepsIsFoundInAnOldDatabase() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/old.db"
      try MigrationTests.buildDatabase(at: path, version: 8)
      var list = Schema.migrations
      list.insert(Self.inserted, at: 3)
      let database = try Database(path: path)
      #expect(throws: MigrationOrderError.self) { try Schema.migrate(database, upTo: list.count, list: list) }
      #expect(database.userVersion == 8)
    }
  }

  @Test func aStoreRefusesAGapOrAnUnknownNameAtStartUp() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      _ = try Store(path: path, clock: { fixedNow })
      try Database(path: path).execute(
        "UPDATE applied_migrations SET name = 'from-another-branch' WHERE name = 'schedules'")
      guard case .cannotOpen(_, let reason)? = storeError({ _ = try Store(path: path, clock: { fixedNow }) }) else {
        Issue.record("an unknown migration should refuse the open")
        return
      }
      #expect(reason.contains("'from-another-branch'"))
      try Database(path: path).execute(
        "DELETE FROM applied_migrations WHERE name = 'from-another-branch'; PRAGMA user_version = \(Schema.latestVersion - 1)")
      guard case .cannotOpen(_, let gap)? = storeError({ _ = try Store(path: path, clock: { fixedNow }) }) else {
        Issue.record("a missing migration before later ones should refuse the open")
        return
      }
      #expect(gap.contains("'schedules'"), "\(gap)")
      #expect(try Database(path: path).row("SELECT 1 FROM applied_migrations WHERE name = 'schedules'") == nil)
    }
  }
}
