import CSQLite
import SpendlyCore

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
      case .text(let s):
        // The String's own bytes and their count: no C string is made. As with a length of -1
        // before, the text ends at a NUL byte.
        var text = s
        rc = text.withUTF8 { bytes in
          let count = bytes.firstIndex(of: 0) ?? bytes.count
          // An empty String's bytes may have no address, and a nil pointer would bind NULL.
          guard count > 0, let base = bytes.baseAddress else {
            return sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
          }
          return base.withMemoryRebound(to: CChar.self, capacity: count) {
            sqlite3_bind_text64(handle, index, $0, UInt64(count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
          }
        }
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
    for i in 0..<count { values.append(value(i)) }
    return Row(values: values)
  }

  /// Column `i` of the current row, as `row()` reads it.
  func value(_ i: Int32) -> SQLValue {
    switch sqlite3_column_type(handle, i) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, i))
    default:
      if let text = sqlite3_column_text(handle, i) { return .text(String(cString: text)) }
      return .null
    }
  }

  /// Appends column `i` of the current row to `key` as bytes that differ wherever the stored
  /// values differ (type, then the value), without making a value of it.
  func appendKey(_ i: Int32, to key: inout [UInt8]) {
    let type = sqlite3_column_type(handle, i)
    key.append(UInt8(truncatingIfNeeded: type))
    switch type {
    case SQLITE_NULL: return
    case SQLITE_INTEGER, SQLITE_FLOAT:
      let bits =
        type == SQLITE_INTEGER
        ? UInt64(bitPattern: sqlite3_column_int64(handle, i))
        : sqlite3_column_double(handle, i).bitPattern
      withUnsafeBytes(of: bits.littleEndian) { key.append(contentsOf: $0) }
    default:
      let start =
        type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(handle, i)) : sqlite3_column_blob(handle, i)
      let count = Int(sqlite3_column_bytes(handle, i))
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { key.append(contentsOf: $0) }
      if let start, count > 0 { key.append(contentsOf: UnsafeRawBufferPointer(start: start, count: count)) }
    }
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
