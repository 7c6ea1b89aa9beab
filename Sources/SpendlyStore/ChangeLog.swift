import SpendlyCore

/// What a change did, as the change log records it. Every write of the store is one of these.
public enum ChangeAction: String, Sendable, CaseIterable {
  case add, edit, delete
  case `import`
  case undo, redo
  case addCategory = "add-category"
  case addMethod = "add-method"
  case addAlias = "add-alias"
  case rename
  case setting
  case budget
  case addSchedule = "add-schedule"
  case editSchedule = "edit-schedule"
  case deleteSchedule = "delete-schedule"
  case logRecurring = "log-recurring"
  case addDebt = "add-debt"
  case editDebt = "edit-debt"
  case removeDebt = "remove-debt"
  case payDebt = "pay-debt"
  case addAccount = "add-account"
  case editAccount = "edit-account"
  case renameAccount = "rename-account"
  case closeAccount = "close-account"
  case reconcile
  case mapping
  /// The whole database replaced (`restore`, `import --replace`): never undone.
  case replace
}

/// One entry of the change log, in plain words, for `spendly log`.
public struct ChangeEntry: Sendable {
  public let id: Int64
  /// The action as stored (a `ChangeAction`'s raw value).
  public let action: String
  public let summary: String
  public let recordedAt: String
  /// Undone later (and not redone).
  public let undone: Bool
}

/// The tables whose rows the change log keeps before and after each change, so `undo` and
/// `redo` can put any of them back: the catalog and the settings (and each new family's).
enum LoggedTable: String, CaseIterable {
  case settings
  case categories
  case categoryAliases = "category_aliases"
  case methods
  case methodAliases = "method_aliases"
  case budgets
  case schedules
  case schedulePrices = "schedule_prices"
  case scheduleSkips = "schedule_skips"
  case debts
  case accounts
  case accountAliases = "account_aliases"
  case accountMethods = "account_methods"
  case statementBalances = "statement_balances"
  case importedFiles = "imported_files"
  case importedFileAccounts = "imported_file_accounts"
  case csvMappings = "csv_mappings"
  case syncTokens = "sync_tokens"

  /// The tables deliberately outside the change log, and why (a new table goes either here or
  /// in the cases above; `SchemaCoverageTests` walks the schema to check).
  static let outside: [String: String] = [
    "changes": "the log itself",
    "change_rows": "the log itself",
    "transactions": "kept with their own history in revisions, which undo walks",
    "revisions": "the transactions' own history",
    "month_totals": "worked out by triggers from the transactions",
    "sqlite_sequence": "SQLite's id counters: an undone id is never used again",
    "applied_migrations": "the schema's record of its migrations, not the person's data",
  ]

  /// A table the cached catalog is read from.
  var isCatalog: Bool {
    [.categories, .categoryAliases, .methods, .methodAliases, .accounts, .accountAliases, .accountMethods]
      .contains(self)
  }

  /// The table's columns, in the schema's order (the order of a snapshot's values), and its
  /// primary key column: read from the schema, where alone they are declared.
  func layout(_ db: Database) throws -> (columns: [String], key: TableColumn) {
    let columns = try db.columns(of: rawValue)
    guard let key = columns.first(where: { $0.keyPosition == 1 }), !columns.contains(where: { $0.keyPosition > 1 })
    else {
      throw DamagedRow(row: "table \(rawValue)", field: "primary key", value: nil, expected: "one key column")
    }
    return (columns.map(\.name), key)
  }
}

/// Records the rows one change touches, inside that change's SQLite transaction.
final class ChangeRecorder {
  let db: Database
  let changeID: Int64
  /// When the change was recorded, for the rows it writes.
  let stamp: String
  /// A catalog row was recorded: the store's cached catalog is stale once this change commits.
  private(set) var touchedCatalog = false

  init(db: Database, changeID: Int64, stamp: String) {
    self.db = db
    self.changeID = changeID
    self.stamp = stamp
  }

  /// Runs `body`, recording the row of `table` with primary key `key` as it was before and after.
  @discardableResult
  func track<T>(_ table: LoggedTable, key: SQLValue, _ body: () throws -> T) throws -> T {
    let before = try ChangeRecorder.snapshot(db, table, key: key)
    let result = try body()
    try record(table, key: key, before: before, after: try ChangeRecorder.snapshot(db, table, key: key))
    return result
  }

  /// Records a row just inserted (it was not there before).
  func inserted(_ table: LoggedTable, key: SQLValue) throws {
    try record(table, key: key, before: nil, after: try ChangeRecorder.snapshot(db, table, key: key))
  }

  private func record(_ table: LoggedTable, key: SQLValue, before: String?, after: String?) throws {
    guard before != after else { return }
    if table.isCatalog { touchedCatalog = true }
    try db.run(
      "INSERT INTO change_rows(change_id, tbl, row_key, before, after) VALUES (?, ?, ?, ?, ?)",
      [
        .integer(changeID), .text(table.rawValue), .text(ChangeRecorder.keyText(key)), SQLValue(before),
        SQLValue(after),
      ])
  }

  static func keyText(_ key: SQLValue) -> String {
    switch key {
    case .integer(let value): return String(value)
    case .text(let text): return text
    default: return ""
    }
  }

  /// The row's values in the table's column order (see `RowSnapshot`), or nil when there is none.
  static func snapshot(_ db: Database, _ table: LoggedTable, key keyValue: SQLValue) throws -> String? {
    let (columns, key) = try table.layout(db)
    let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(table.rawValue) WHERE \(key.name) = ?"
    return try db.row(sql, [keyValue]).map { RowSnapshot.encode($0.values) }
  }

  /// Puts the row of `table` with `key` back as `snapshot` says: removed when nil, else
  /// inserted or updated in place (so rows that point at it keep pointing at it).
  static func apply(_ db: Database, _ table: LoggedTable, key: String, snapshot: String?) throws {
    let (columns, keyColumn) = try table.layout(db)
    let keyValue: SQLValue = keyColumn.isInteger ? .integer(Int64(key) ?? 0) : .text(key)
    guard let snapshot else {
      try db.run("DELETE FROM \(table.rawValue) WHERE \(keyColumn.name) = ?", [keyValue])
      return
    }
    guard let values = RowSnapshot.decode(snapshot), values.count == columns.count else {
      throw DamagedRow(
        row: "change log row of \(table.rawValue) '\(key)'", field: "before/after", value: snapshot,
        expected: "the row's values")
    }
    let updates = columns.filter { $0 != keyColumn.name }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    try db.run(
      """
      INSERT INTO \(table.rawValue)(\(columns.joined(separator: ", ")))
      VALUES (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))
      ON CONFLICT(\(keyColumn.name)) DO UPDATE SET \(updates)
      """, values)
  }
}

extension Store {
  /// Runs `body` as one change: one SQLite transaction, one entry in the change log with its
  /// plain-words summary, and every catalog or settings row it touches recorded for undo.
  func change<T>(_ action: ChangeAction, summary: String, _ body: (ChangeRecorder) throws -> T) throws(StoreError)
    -> T
  {
    let stamp = now.description
    // A change that wrote catalog rows makes the cached catalog stale; so may a failed one, which
    // may have met another process's rename. Any other change leaves it.
    var recorder: ChangeRecorder?
    defer { if recorder?.touchedCatalog != false { forgetCatalog() } }
    let result = try write { db in
      try db.run(
        "INSERT INTO changes(action, recorded_at, summary) VALUES (?, ?, ?)",
        [.text(action.rawValue), .text(stamp), .text(summary)])
      let log = ChangeRecorder(db: db, changeID: db.lastInsertRowID, stamp: stamp)
      let result = try body(log)
      recorder = log
      return result
    }
    return result
  }

  /// The latest changes, newest first, in plain words.
  public func changeLog(limit: Int = 20) throws(StoreError) -> [ChangeEntry] {
    try reading {
      try database.rows(
        "SELECT id, action, summary, recorded_at, undone_by FROM changes ORDER BY id DESC LIMIT ?",
        [.integer(Int64(limit))]
      ).map { row in
        let reader = RowReader(row: row, name: "change #\(row.text(0) ?? "?")")
        let id = try reader.integer(0, "id")
        let action = try reader.text(1, "action")
        return ChangeEntry(
          id: id, action: action, summary: row.text(2) ?? "\(action) (change #\(id))",
          recordedAt: try reader.text(3, "recorded_at"), undone: row.int(4) != nil)
      }
    }
  }
}

/// A row's values as text, for the change log: each value is `n` (NULL), `i` and an integer, or
/// `t`, the text's length in UTF-8 bytes, `:` and the text, one after another with no
/// separator (so any text, quotes and all, reads back exactly).
enum RowSnapshot {
  static func encode(_ values: [SQLValue]) -> String {
    var out = ""
    for value in values {
      switch value {
      case .null: out += "n;"
      case .integer(let number): out += "i\(number);"
      case .text(let text): out += "t\(text.utf8.count):" + text
      }
    }
    return out
  }

  static func decode(_ text: String) -> [SQLValue]? {
    var bytes = Array(text.utf8)[...]
    var values: [SQLValue] = []
    func number(until end: UInt8) -> Int64? {
      guard let stop = bytes.firstIndex(of: end) else { return nil }
      defer { bytes = bytes[(stop + 1)...] }
      return Int64(String(decoding: bytes[..<stop], as: UTF8.self))
    }
    while let tag = bytes.popFirst() {
      switch tag {
      case UInt8(ascii: "n"):
        guard bytes.popFirst() == UInt8(ascii: ";") else { return nil }
        values.append(.null)
      case UInt8(ascii: "i"):
        guard let value = number(until: UInt8(ascii: ";")) else { return nil }
        values.append(.integer(value))
      case UInt8(ascii: "t"):
        guard let length = number(until: UInt8(ascii: ":")), length >= 0, bytes.count >= length else { return nil }
        let end = bytes.index(bytes.startIndex, offsetBy: Int(length))
        values.append(.text(String(decoding: bytes[..<end], as: UTF8.self)))
        bytes = bytes[end...]
      default:
        return nil
      }
    }
    return values
  }
}
