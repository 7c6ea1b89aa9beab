import SpendlyCore
import Testing

@testable import SpendlyStore

/// Every table of the schema, as `sqlite_master` lists it, is covered by the change log, the JSON
/// archive and the backup's replace, or listed as deliberately outside each, with why: a new
/// table cannot be forgotten by any of them.
@Suite("Store: every table is covered")
struct SchemaCoverageTests {
  /// Each of the three, by name: the tables it covers, and those it leaves out on purpose.
  static let coverers: [(name: String, covered: Set<String>, outside: Set<String>)] = [
    ("the change log (LoggedTable)", Set(LoggedTable.allCases.map(\.rawValue)), Set(LoggedTable.outside.keys)),
    ("the JSON archive (ArchiveRecords.order)", Set(ArchiveRecords.order), Set(ArchiveRecords.outside.keys)),
    ("the backup's replace (Replacement.tables)", Set(Replacement.tables), Set(Replacement.untouched.keys)),
  ]

  static func tables(_ store: Store) throws -> Set<String> {
    Set(try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.text(0) })
  }

  /// The tables of `tables` that `coverer` neither covers nor lists as outside it.
  static func forgotten(_ tables: Set<String>, by coverer: (name: String, covered: Set<String>, outside: Set<String>))
    -> Set<String>
  {
    tables.subtracting(coverer.covered).subtracting(coverer.outside)
  }

  @Test func everyTableIsCoveredOrDeliberatelyOutside() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/spendly.db", clock: { fixedNow })
      let tables = try Self.tables(store)
      #expect(tables.contains("transactions") && tables.contains("sqlite_sequence"))
      for coverer in Self.coverers {
        #expect(Self.forgotten(tables, by: coverer).isEmpty, "not covered by \(coverer.name)")
        // Nothing listed is gone from the schema, and nothing is both covered and outside.
        #expect(coverer.covered.union(coverer.outside).subtracting(tables).isEmpty, "\(coverer.name) lists a table the schema lacks")
        #expect(coverer.covered.isDisjoint(with: coverer.outside), "\(coverer.name)")
      }
      // The change log reads each table's columns and its one key column from the schema.
      for table in LoggedTable.allCases {
        let columns = try store.database.rows("SELECT name FROM pragma_table_info(?)", [.text(table.rawValue)])
          .compactMap { $0.text(0) }
        #expect(try table.layout(store.database).columns == columns, "\(table.rawValue)")
      }
    }
  }

  @Test func aNewTableIsFoundForgotten() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/spendly.db", clock: { fixedNow })
      try store.database.execute("CREATE TABLE account_files(id INTEGER PRIMARY KEY, name TEXT)")
      let tables = try Self.tables(store)
      for coverer in Self.coverers {
        #expect(Self.forgotten(tables, by: coverer) == ["account_files"], "\(coverer.name)")
      }
    }
  }

  /// A transaction's columns are declared once (`TransactionColumns.all`): every field column of
  /// the current rows and the revisions is there, and every export field is read by one.
  @Test func everyTransactionColumnIsDeclaredOnce() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/spendly.db", clock: { fixedNow })
      let declared = TransactionColumns.names
      #expect(Set(declared).count == declared.count, "a column declared twice")
      let current = try store.database.columns(of: "transactions").map(\.name)
      #expect(Set(current).subtracting(["id", "revision_id", "created_at", "updated_at"]) == Set(declared))
      let revisions = try store.database.columns(of: "revisions").map(\.name)
      #expect(Set(revisions).subtracting(["id", "txn_id", "change_id", "live", "recorded_at"]) == Set(declared))
      #expect(TransactionColumns.exported("t").count == TransactionField.allCases.count)
    }
  }
}
