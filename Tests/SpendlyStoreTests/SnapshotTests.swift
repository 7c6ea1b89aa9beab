import SpendlyCore
import Testing

@testable import SpendlyStore

/// `Store.snapshot` reads a question in one read transaction: it sees one state of the file
/// while another connection writes, ends with no transaction left open, and a write inside it
/// still saves (the read is ended first).
@Suite("Store: a question reads one snapshot")
struct SnapshotTests {
  @Test func aSnapshotSeesOneStateWhileAnotherConnectionWrites() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      let reader = try Store(path: path, clock: { fixedNow })
      let writer = try Store(path: path, clock: { fixedNow })
      try writer.transactions.add(expense(10))
      let (inside, after) = try reader.snapshot { () throws -> (Int, Int) in
        let first = try reader.transactions.count()
        try writer.transactions.add(expense(20))
        return (first, try reader.transactions.count())
      }
      #expect(inside == 1 && after == 1, "the snapshot saw another connection's write")
      #expect(try reader.transactions.count() == 2)
      #expect(sqlite3AutocommitIsOn(reader))
    }
  }

  @Test func aWriteInsideASnapshotSaves() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/spendly.db", clock: { fixedNow })
      let counted = try store.snapshot { () throws -> Int in
        _ = try store.transactions.count()
        try store.transactions.add(expense(30))
        return try store.transactions.count()
      }
      #expect(counted == 1)
      #expect(sqlite3AutocommitIsOn(store))
      let other = try Store(path: directory + "/spendly.db", clock: { fixedNow })
      #expect(try other.transactions.count() == 1)
    }
  }

  @Test func aFailureInsideEndsTheSnapshot() throws {
    try withTemporaryDirectory { directory in
      let store = try Store(path: directory + "/spendly.db", clock: { fixedNow })
      struct Stop: Error {}
      #expect(throws: Stop.self) { try store.snapshot { () throws -> Int in throw Stop() } }
      #expect(sqlite3AutocommitIsOn(store))
      // Nested: the inner one runs inside the outer's transaction.
      let value = try store.snapshot { try store.snapshot { try store.transactions.count() } }
      #expect(value == 0 && sqlite3AutocommitIsOn(store))
    }
  }

  func sqlite3AutocommitIsOn(_ store: Store) -> Bool {
    (try? store.database.execute("BEGIN")) != nil && (try? store.database.execute("ROLLBACK")) != nil
  }
}
