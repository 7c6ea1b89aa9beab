import CSQLite
import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// An edit or a delete looks up the few rollups of its row by their keys, whatever statistics
/// SQLite holds: statistics that say the rollups are few once made the triggers scan them all.
@Suite("Store: the rollup triggers look their rollups up")
struct RollupTriggerPlanTests {
  /// The steps a statement took in full scans of a table, its triggers' steps included.
  static func fullScanSteps(_ database: Database, _ sql: String) throws -> Int32 {
    let statement = try database.statement(sql)
    statement.reset()
    defer { statement.reset() }
    let code = sqlite3_step(statement.handle)
    #expect(code == SQLITE_DONE, "\(sql): \(String(cString: sqlite3_errmsg(database.handle)))")
    return sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0)
  }

  @Test func anEditAndADeleteScanNoRollupsWhateverTheStatistics() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      do {
        let store = try Store(path: path, clock: { fixedNow })
        // 3,000 rows of as many merchants: about 6,000 rollups.
        try store.database.execute(
          """
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
          INSERT INTO transactions(revision_id, kind, amount, currency, method_id, merchant, date, status, entry,
            created_at, updated_at)
          SELECT 1, 'expense', i, 'INR', 1, 'Merchant ' || i, '2025-0' || (1 + i % 9) || '-15', 'booked', 'debit',
            '2025-01-01T00:00', '2025-01-01T00:00' FROM n;
          ANALYZE;
          UPDATE sqlite_stat1 SET stat = '50' || substr(stat, instr(stat, ' ')) WHERE tbl = 'rollups';
          """)
        #expect(try store.database.row("SELECT count(*) FROM rollups")?.int(0) ?? 0 > 5000)
      }
      // Statistics are read when a connection opens.
      let database = try Database(path: path)
      try database.defineCheckedSum()
      #expect(try Self.fullScanSteps(database, "UPDATE transactions SET amount = 5 WHERE id = 78") < 100)
      #expect(try Self.fullScanSteps(database, "UPDATE transactions SET merchant = 'Other' WHERE id = 79") < 100)
      #expect(try Self.fullScanSteps(database, "DELETE FROM transactions WHERE id = 80") < 100)
    }
  }

  @Test func theEmptiedRollupsHaveTheirIndex() throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    let sql = try store.database.row("SELECT sql FROM sqlite_master WHERE name = 'rollups_emptied'")?.text(0)
    #expect(sql?.contains("WHERE count <= 0") == true)
    let plan = try store.database.rows("EXPLAIN QUERY PLAN DELETE FROM rollups WHERE count <= 0")
      .compactMap { $0.text(3) }.joined(separator: "; ")
    #expect(plan.contains("rollups_emptied"), "\(plan)")
  }
}
