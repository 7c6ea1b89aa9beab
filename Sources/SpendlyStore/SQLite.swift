import CSQLite
import SpendlyCore

/// A failed SQLite call: the result code, SQLite's message and the statement.
struct DatabaseError: Error, CustomStringConvertible, Sendable {
  let code: Int32
  let message: String
  let sql: String?

  var description: String {
    "database error \(code): \(message)" + (sql.map { " (in: \($0.prefix(80)))" } ?? "")
  }

}

/// How a connection waits for a lock another one holds: called with the number of waits so far
/// for that lock, it waits and returns true to try again, or returns false to give up (SQLITE_BUSY).
struct BusyWait: Sendable {
  let body: @Sendable (Int) -> Bool

  init(_ body: @escaping @Sendable (Int) -> Bool) { self.body = body }

  /// What every connection uses: SQLite's own back-off (1 ms growing to 100 ms), for 5 seconds in all.
  static let standard = BusyWait.backOff(milliseconds: 5000)

  /// Sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, then 100 ms per wait until `milliseconds` have passed.
  static func backOff(milliseconds timeout: Int) -> BusyWait {
    BusyWait { count in
      let delays = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
      let waited = count < delays.count ? delays[..<count].reduce(0, +) : 328 + 100 * (count - delays.count)
      let delay = min(count < delays.count ? delays[count] : 100, timeout - waited)
      guard delay > 0 else { return false }
      sqlite3_sleep(Int32(delay))
      return true
    }
  }
}

/// Holds a connection's busy wait while SQLite may call it.
private final class BusyBox {
  let wait: BusyWait
  init(_ wait: BusyWait) { self.wait = wait }
}

/// A value bound to or read from a statement.
enum SQLValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case text(String)
}

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection. Every statement is parameterised; no SQL is built from values.
final class Database {
  let handle: OpaquePointer
  private var cache: [String: Statement] = [:]
  /// Each table's columns as last read from the schema (see `columns(of:)`).
  var columnCache: [String: [TableColumn]] = [:]
  private let busy: Unmanaged<BusyBox>

  /// Opens (creating if needed) the database at `path`; ":memory:" for an in-memory one.
  /// `onBusy` decides how long to wait for another connection's lock (see `BusyWait`).
  init(
    path: String, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, onBusy: BusyWait = .standard
  ) throws(DatabaseError) {
    var db: OpaquePointer?
    let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      if let db { sqlite3_close_v2(db) }
      throw DatabaseError(code: rc, message: message, sql: nil)
    }
    handle = db
    busy = Unmanaged.passRetained(BusyBox(onBusy))
    sqlite3_busy_handler(
      db,
      { pointer, count in
        Unmanaged<BusyBox>.fromOpaque(pointer!).takeUnretainedValue().wait.body(Int(count)) ? 1 : 0
      }, busy.toOpaque())
    sqlite3_extended_result_codes(db, 1)
  }

  deinit {
    cache.removeAll()
    sqlite3_close_v2(handle)
    busy.release()
  }

  /// Runs `sql` again after waiting while it fails with SQLITE_BUSY. SQLite returns BUSY without
  /// calling the busy handler when a connection that is reading asks to write (its deadlock
  /// guard), which `PRAGMA journal_mode = WAL` does; no lock is held between attempts.
  func executeWaiting(_ sql: String) throws(DatabaseError) {
    var attempt = 0
    while true {
      do {
        return try execute(sql)
      } catch  where error.resultCode.matches(.busy) && busy.takeUnretainedValue().wait.body(attempt) {
        attempt += 1
      }
    }
  }

  func error(_ rc: Int32, _ sql: String?) -> DatabaseError {
    DatabaseError(code: rc, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
  }

  /// Runs one or more statements that take no parameters (schema, pragmas).
  func execute(_ sql: String) throws(DatabaseError) {
    let rc = sqlite3_exec(handle, sql, nil, nil, nil)
    guard rc == SQLITE_OK else { throw error(rc, sql) }
  }

  /// A prepared statement for `sql`, reused across calls.
  func statement(_ sql: String) throws(DatabaseError) -> Statement {
    if let cached = cache[sql] {
      cached.reset()
      return cached
    }
    var stmt: OpaquePointer?
    let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
    guard rc == SQLITE_OK, let stmt else { throw error(rc, sql) }
    let statement = Statement(database: self, handle: stmt, sql: sql)
    cache[sql] = statement
    return statement
  }

  /// Runs a statement with parameters and no result rows.
  func run(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) {
    let stmt = try statement(sql)
    try stmt.bind(values)
    while try stmt.step() {}
  }

  /// All rows of a query.
  func rows(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> [Row] {
    let stmt = try statement(sql)
    try stmt.bind(values)
    var result: [Row] = []
    while try stmt.step() { result.append(stmt.row()) }
    return result
  }

  /// The first row of a query, if any.
  func row(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> Row? {
    let stmt = try statement(sql)
    try stmt.bind(values)
    defer { stmt.reset() }
    return try stmt.step() ? stmt.row() : nil
  }

  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows the last statement inserted, changed or deleted.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Runs `body` inside one transaction: committed if it returns, rolled back if it throws.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  var userVersion: Int {
    get { (try? row("PRAGMA user_version")?.int(0)).flatMap { $0 }.map(Int.init) ?? 0 }
  }

  func setUserVersion(_ version: Int) throws(DatabaseError) {
    try execute("PRAGMA user_version = \(version)")
  }
}

/// A prepared statement. Owned by its database's cache.
final class Statement {
  unowned let database: Database
  let handle: OpaquePointer
  let sql: String

  init(database: Database, handle: OpaquePointer, sql: String) {
    self.database = database
    self.handle = handle
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  func bind(_ values: [SQLValue]) throws(DatabaseError) {
    for (i, value) in values.enumerated() {
      let index = Int32(i + 1)
      let rc: Int32
      switch value {
      case .null: rc = sqlite3_bind_null(handle, index)
      case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
      case .text(let s): rc = sqlite3_bind_text(handle, index, s, -1, SQLITE_TRANSIENT)
      }
      guard rc == SQLITE_OK else { throw database.error(rc, sql) }
    }
  }

  /// Advances to the next row; false when done.
  func step() throws(DatabaseError) -> Bool {
    let rc = sqlite3_step(handle)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let err = database.error(rc, sql)
      sqlite3_reset(handle)
      throw err
    }
  }

  func row() -> Row {
    let count = sqlite3_column_count(handle)
    var values: [SQLValue] = []
    values.reserveCapacity(Int(count))
    for i in 0..<count {
      switch sqlite3_column_type(handle, i) {
      case SQLITE_NULL: values.append(.null)
      case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(handle, i)))
      default:
        if let text = sqlite3_column_text(handle, i) {
          values.append(.text(String(cString: text)))
        } else {
          values.append(.null)
        }
      }
    }
    return Row(values: values)
  }
}

/// One result row, read by column index.
struct Row: Sendable {
  let values: [SQLValue]

  func int(_ i: Int) -> Int64? {
    if case .integer(let v) = values[i] { return v }
    if case .text(let s) = values[i] { return Int64(s) }
    return nil
  }

  func text(_ i: Int) -> String? {
    switch values[i] {
    case .text(let s): return s
    case .integer(let v): return String(v)
    case .null: return nil
    }
  }
}

extension SQLValue {
  init(_ text: String?) { self = text.map { .text($0) } ?? .null }
  init(_ int: Int64?) { self = int.map { .integer($0) } ?? .null }
}

/// Holds a Swift function while SQLite may call it.
private final class FunctionBox {
  let body: (String?, String?) -> Bool
  init(_ body: @escaping (String?, String?) -> Bool) { self.body = body }
}

extension Database {
  /// Registers a deterministic SQL function of two text arguments that answers 1 or 0,
  /// so a query can use exactly the same rule as the Swift code (Unicode case folding).
  func defineFunction(_ name: String, _ body: @escaping (String?, String?) -> Bool) throws(DatabaseError) {
    let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
    let rc = sqlite3_create_function_v2(
      handle, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
      { context, _, arguments in
        let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
        func text(_ i: Int) -> String? {
          guard let value = arguments?[i], let bytes = sqlite3_value_text(value) else { return nil }
          return String(cString: bytes)
        }
        sqlite3_result_int(context, box.body(text(0), text(1)) ? 1 : 0)
      }, nil, nil,
      { pointer in
        if let pointer { Unmanaged<FunctionBox>.fromOpaque(pointer).release() }
      })
    guard rc == SQLITE_OK else { throw error(rc, "create function \(name)") }
  }
}

/// What `spendly_sum` keeps per group: the sum so far and what went wrong (1 overflow, 2 damaged).
private struct CheckedSum {
  var sum: Int64
  var flags: Int32
}

extension DatabaseError {
  /// What `spendly_sum` fails its statement with when a sum passes Int64.
  static let sumTooLarge = "spendly_sum: a total too large to keep"

  /// A `spendly_sum` that passed Int64: the store names the figure (see `StoreError.tooLarge`).
  var isSumTooLarge: Bool { message == Self.sumTooLarge }
}

extension Database {
  /// Registers `spendly_sum(x)`: the sum of positive integers as an integer, and the text
  /// 'damaged' when a value is not a positive integer. A sum that passes Int64 fails the
  /// statement with `DatabaseError.sumTooLarge`, which the store turns into the error naming
  /// the figure: the one overflow rule, as in `Money`. Never NULL, never capped.
  ///
  /// Also `spendly_month_total(x)`, the same sum for the `month_totals` cache alone: there a sum
  /// past Int64 is kept as the REAL 1e19, as the triggers keep one, so that a budget adds that
  /// month up again from its transactions with `spendly_sum` (and so meets the error).
  func defineCheckedSum() throws(DatabaseError) {
    for (name, cache) in [("spendly_sum", false), ("spendly_month_total", true)] {
      let rc = sqlite3_create_function_v2(
        handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, cache ? UnsafeMutableRawPointer(bitPattern: 1) : nil,
        nil,
        { context, _, arguments in
          guard
            let state = sqlite3_aggregate_context(context, Int32(MemoryLayout<CheckedSum>.size))?
              .assumingMemoryBound(to: CheckedSum.self), let value = arguments?[0]
          else { return sqlite3_result_error_nomem(context) }
          let amount = sqlite3_value_int64(value)
          guard sqlite3_value_type(value) == SQLITE_INTEGER, amount > 0 else { return state.pointee.flags |= 2 }
          let (next, overflow) = state.pointee.sum.addingReportingOverflow(amount)
          if overflow { state.pointee.flags |= 1 } else { state.pointee.sum = next }
        },
        { context in
          let state = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: CheckedSum.self).pointee
          let flags = state?.flags ?? 0
          if flags & 2 != 0 {
            sqlite3_result_text(context, "damaged", -1, SQLITE_TRANSIENT)
          } else if flags & 1 != 0 {
            if sqlite3_user_data(context) != nil {
              sqlite3_result_double(context, 1e19)
            } else {
              sqlite3_result_error(context, DatabaseError.sumTooLarge, -1)
            }
          } else {
            sqlite3_result_int64(context, state?.sum ?? 0)
          }
        }, nil)
      guard rc == SQLITE_OK else { throw error(rc, "create function \(name)") }
    }
  }
}

extension SQLValue {
  /// A `spendly_sum` result: the total, or why there is none (a damaged stored amount; one
  /// past Int64 failed the statement instead).
  var checkedSum: Result<Int64, TotalProblem> {
    switch self {
    case .integer(let total): return .success(total)
    default: return .failure(.damaged)
    }
  }
  /// A checked sum, or the error that says it cannot be given (a damaged stored amount), for
  /// `field` of `value`.
  func checkedTotal(field: String, value: String) throws(StoreError) -> Int64 {
    switch checkedSum {
    case .success(let total): return total
    case .failure:
      throw .invalid(ValidationError(field: field, value: value, reason: "includes a damaged stored amount"))
    }
  }

}
