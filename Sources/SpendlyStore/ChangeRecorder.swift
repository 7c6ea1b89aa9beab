import SpendlyCore

/// Records the rows one change touches, inside that change's SQLite transaction.
final class ChangeRecorder {
  let db: Database
  let changeID: Int64
  /// When the change was recorded, for the rows it writes.
  let stamp: String
  /// A catalog row was recorded: the store's cached catalog is stale once this change commits.
  private(set) var touchedCatalog = false
  /// Set while a bulk load runs without the rollups' insert trigger (`Rollups.withBulkLoad`):
  /// every transaction added is tallied here, and the rollups get the tally at its end.
  var rollupTally: RollupTally?

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
