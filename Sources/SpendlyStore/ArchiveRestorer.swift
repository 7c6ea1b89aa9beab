import CSQLite
import SpendlyCore

/// Puts rows back during `ArchiveRecords.restore`: a table's rows in any column order the
/// file gives, each column one the schema has.
///
/// A file made at an earlier schema (`schema(_:)`, from its header) is restored at its own: into
/// a temporary database brought up to that schema by the migrations, then migrated forward
/// exactly as an old database file is, and its rows copied into the live tables (still inside
/// the restore's one write transaction, see `finishEarlierSchema`).
public final class ArchiveRestorer {
  /// The database being restored.
  let live: Database
  /// Where rows go now: the live database, or the temporary one at the file's schema.
  private(set) var db: Database
  /// The temporary database and the file's schema version, for a file made at an earlier one.
  private var earlier: (db: Database, version: Int)?
  private var known: [String: Set<String>] = [:]
  public private(set) var rows = 0
  /// The tables the file had (each export has every one, empty or not).
  public private(set) var tables: Set<String> = []
  private var counts: [String: Int] = [:]

  init(db: Database) {
    live = db
    self.db = db
  }

  /// Takes the file's schema version (from its header, before any row or sequence). One earlier
  /// than this Spendly's is restored at its own schema, then migrated forward.
  public func schema(_ version: Int) throws {
    guard version < Schema.latestVersion, earlier == nil else { return }
    guard version >= 1, rows == 0, tables.isEmpty else {
      throw ValidationError(field: "schema", value: String(version), reason: "must come before the tables")
    }
    // A private temporary file of SQLite's own, gone when it closes.
    let staged = try Database(path: "")
    try Schema.migrate(staged, upTo: version)
    // The migrations seed defaults (categories, methods, settings); the file has its own.
    for row in try staged.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
      try staged.run("DELETE FROM \(row.text(0) ?? "")")
    }
    try staged.run("DELETE FROM sqlite_sequence")
    try staged.execute("BEGIN")
    earlier = (staged, version)
    db = staged
  }

  /// The last row's table and columns, checked, and the statement that inserts such a row: the
  /// rows of a table come one after another with the same columns.
  private var last: (table: String, columns: [String], statement: Statement)?
  private var bound: [SQLValue] = []
  /// Rows inserted through `last`'s statement, not yet in `counts`.
  private var pending = 0

  /// The statement for a row of `table` with `columns`: the last row's, unless its table or
  /// columns differ (`same` says whether the columns are the last row's).
  private func statement(_ table: String, columns: [String], same: Bool) throws -> Statement {
    if same, let last, last.table == table { return last.statement }
    if let last { counts[last.table, default: 0] += pending }
    pending = 0
    let statement = try checked(table, columns: columns)
    last = (table, columns, statement)
    return statement
  }

  /// The place of the row being inserted in its table, from 1 (for its errors).
  private func place(in table: String) -> Int {
    counts[table, default: 0] + (last?.table == table ? pending : 0)
  }

  /// Inserts one row of `table`, its values named by `columns`.
  public func insert(_ table: String, columns: [String], values: [ArchiveValue]) throws {
    let statement = try statement(table, columns: columns, same: last?.columns == columns)
    pending += 1
    bound.removeAll(keepingCapacity: true)
    for value in values { bound.append(SQLValue(value)) }
    do {
      statement.reset()
      try statement.bind(bound)
      while try statement.step() {}
    } catch {
      throw ValidationError(field: "\(table) row \(place(in: table))", value: "", reason: error.message)
    }
    rows += 1
  }

  /// Inserts one row of `table` as the file's reader lends it: its values bound straight from
  /// the reader's bytes (SQLite copies none of them; they stay the reader's until the row is in).
  public func insert(_ table: String, row: ArchiveRow) throws {
    let statement = try statement(table, columns: row.columns, same: !row.columnsChanged)
    pending += 1
    let handle = statement.handle
    var rc = SQLITE_OK
    for index in 0..<row.count where rc == SQLITE_OK {
      let place = Int32(index + 1)
      switch row.kind(index) {
      case .null: rc = sqlite3_bind_null(handle, place)
      case .integer: rc = sqlite3_bind_int64(handle, place, row.integer(index))
      case .text:
        let text = row.text(index)
        // An empty text is '' (a null pointer would bind NULL).
        let start = text.baseAddress ?? ("" as StaticString).utf8Start
        let bytes = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
        rc = sqlite3_bind_text(handle, place, bytes, Int32(text.count), nil)
      }
    }
    if rc == SQLITE_OK { rc = sqlite3_step(handle) }
    let failure = rc == SQLITE_DONE || rc == SQLITE_ROW ? nil : db.error(rc, statement.sql)
    // The bytes bound are the reader's, about to be reused: let go of them whatever happened.
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    if let failure {
      throw ValidationError(field: "\(table) row \(place(in: table))", value: "", reason: failure.message)
    }
    rows += 1
  }

  /// Checks that `table` is Spendly's and has each of `columns`, and gives the statement that
  /// inserts a row of them.
  private func checked(_ table: String, columns: [String]) throws -> Statement {
    guard ArchiveRecords.order.contains(table) else {
      throw ValidationError(field: "table", value: table, reason: "not a table of Spendly's")
    }
    if known[table] == nil { known[table] = Set(try ArchiveRecords.columns(db, table).map(\.name)) }
    if known[table]!.isEmpty, let earlier {
      throw ValidationError(
        field: "table", value: table,
        reason: "not a table of Spendly's schema \(earlier.version), which the file says it has")
    }
    for column in columns where !known[table]!.contains(column) {
      throw ValidationError(field: "\(table) column", value: column, reason: "not a column of this table")
    }
    do {
      return try db.statement(Self.insertSQL(table, columns: columns))
    } catch {
      throw ValidationError(field: "\(table) row \(counts[table, default: 0] + 1)", value: "", reason: error.message)
    }
  }

  static func insertSQL(_ table: String, columns: [String]) -> String {
    let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    return "INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES (\(marks))"
  }

  static func insert(_ db: Database, _ table: String, columns: [String], _ values: [SQLValue]) throws(DatabaseError) {
    try db.run(insertSQL(table, columns: columns), values)
  }

  /// Notes a table the file has (even with no rows).
  public func saw(_ table: String) { tables.insert(table) }

  /// Sets a table's AUTOINCREMENT counter.
  public func sequence(_ table: String, _ value: Int64) throws {
    try db.run("INSERT INTO sqlite_sequence(name, seq) VALUES (?, ?)", [.text(table), .integer(value)])
  }

  /// For a file made at an earlier schema: checks it had every table of that schema, migrates
  /// the temporary database forward (as an old file is migrated), and copies every row and id
  /// counter into the live tables. Nothing to do for a file at this schema.
  func finishEarlierSchema() throws {
    guard let earlier else { return }
    let (staged, version) = earlier
    for table in ArchiveRecords.order {
      let hadIt = !(try ArchiveRecords.columns(staged, table)).isEmpty
      guard tables.contains(table) || !hadIt else {
        throw StoreError.invalid(
          ValidationError(
            field: "table", value: table, reason: "missing from the file (every export of schema \(version) has it)"))
      }
    }
    // The statement kept for the last row is the temporary database's: let go of it first.
    if let last { counts[last.table, default: 0] += pending }
    pending = 0
    last = nil
    try staged.execute("COMMIT")
    do {
      // As a store opens an old file: foreign keys on, then every migration it lacks.
      try staged.execute("PRAGMA foreign_keys = ON")
      try Schema.migrate(staged)
    } catch {
      throw StoreError.invalid(
        ValidationError(
          field: "schema", value: String(version),
          reason: "the file's rows cannot be brought up to this Spendly (\(error))"))
    }
    db = live
    for row in try staged.rows("SELECT name, seq FROM sqlite_sequence ORDER BY name") {
      try live.run(
        "INSERT INTO sqlite_sequence(name, seq) VALUES (?, ?)", [SQLValue(row.text(0)), SQLValue(row.int(1))])
    }
    for table in ArchiveRecords.order {
      let columns = try ArchiveRecords.columns(staged, table).map(\.name)
      let statement = try staged.statement("SELECT \(columns.joined(separator: ", ")) FROM \(table)")
      defer { statement.reset() }
      while try statement.step() {
        try Self.insert(live, table, columns: columns, statement.row().values)
      }
      tables.insert(table)
    }
    self.earlier = nil
  }
}
