import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// Where a store under test lives: every store test runs on both.
enum Location: String, CaseIterable, Sendable {
  case memory
  case disk
}

let fixedNow = LocalDateTime(iso: "2026-11-29T13:05")!

/// A clock the test moves by hand.
final class TestClock {
  var now = fixedNow
}

/// Runs `body` with a fresh directory from mkdtemp under /tmp, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
  var template = Array("/tmp/spendly-store-test-XXXXXX".utf8CString)
  let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  let directory = try #require(made.map { String(cString: $0) })
  defer { try? FileManager.default.removeItem(atPath: directory) }
  return try body(directory)
}

/// Opens a store at `location`; on disk the file is `<tmp>/data/spendly.db` (its parent is created by the store).
func withStore<T>(
  _ location: Location, clock: TestClock = TestClock(), _ body: (Store, String?) throws -> T
) throws -> T {
  switch location {
  case .memory:
    let store = try Store(path: ":memory:", clock: { clock.now })
    return try body(store, nil)
  case .disk:
    return try withTemporaryDirectory { directory in
      let path = directory + "/data/spendly.db"
      let store = try Store(path: path, clock: { clock.now })
      return try body(store, path)
    }
  }
}

func expense(
  _ rupees: Int64, _ category: String = "Food", method: String = "UPI", merchant: String? = "Social",
  note: String? = nil, date: String = "2026-11-29", time: String? = "13:05"
) -> TransactionFields {
  TransactionFields(
    kind: .expense, amount: Money(minorUnits: rupees * 100, currency: .inr), category: category, method: method,
    merchant: merchant, note: note, date: LocalDate(iso: date)!, time: time.flatMap { LocalTime(text: $0) })
}

func income(_ rupees: Int64, _ category: String = "Salary", date: String = "2026-11-01") -> TransactionFields {
  TransactionFields(
    kind: .income, amount: Money(minorUnits: rupees * 100, currency: .inr), category: category,
    method: "Bank Transfer", date: LocalDate(iso: date)!)
}

/// The error a store call throws, or nil when it succeeds.
func storeError(_ body: () throws -> Void) -> StoreError? {
  do {
    try body()
    return nil
  } catch let error as StoreError {
    return error
  } catch {
    Issue.record("expected a StoreError, got \(error)")
    return nil
  }
}

extension Store {
  /// Row counts of every table the write path touches, to prove a failed write left nothing behind.
  func tableCounts() throws -> [String: Int64] {
    var counts: [String: Int64] = [:]
    for table in [
      "transactions", "revisions", "changes", "categories", "methods", "category_aliases", "method_aliases",
    ] {
      counts[table] = try database.row("SELECT count(*) FROM \(table)")?.int(0)
    }
    return counts
  }
}
