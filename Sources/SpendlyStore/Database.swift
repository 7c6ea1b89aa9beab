import CSQLite
import SpendlyCore

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

let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// SQLite's process-wide settings, made once before the first connection opens: no allocation
/// statistics (nothing reads them, and each allocation took a global mutex for them).
private let sqliteConfigured: Void = { _ = spendly_sqlite3_memstatus_off() }()

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
    _ = sqliteConfigured
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

  /// Whether `snapshot` holds a read transaction open.
  private var readOpen = false

  /// Runs `body` in one read transaction, so its statements share one snapshot and take the
  /// locks once instead of once a statement; inside another transaction, just `body`.
  func snapshot<T>(_ body: () throws -> T) rethrows -> T {
    guard sqlite3_get_autocommit(handle) != 0, (try? execute("BEGIN")) != nil else { return try body() }
    readOpen = true
    defer { endRead() }
    return try body()
  }

  /// Ends the read transaction `snapshot` holds, if any (rolled back when the commit fails, so
  /// no transaction is left open on the connection).
  func endRead() {
    guard readOpen else { return }
    readOpen = false
    if (try? execute("COMMIT")) == nil { try? execute("ROLLBACK") }
  }

  /// Runs `body` inside one transaction: committed if it returns, rolled back if it throws. A
  /// read transaction (`snapshot`) is ended first: a write never waits on its own snapshot.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    endRead()
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
