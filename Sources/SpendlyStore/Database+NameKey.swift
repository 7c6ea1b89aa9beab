import CSQLite
import SpendlyCore

extension Database {
  /// Registers `spendly_name_key(text)`: the text's `NameKey` (NULL for NULL), the one name
  /// comparison. Triggers keep each catalog table's `*_key` column with it, and queries compare
  /// `x_key = spendly_name_key(?)`, so the keys themselves are plain text any SQLite reads and
  /// checks (`PRAGMA integrity_check` in the sqlite3 shell needs no collation of ours).
  func defineNameKey() throws(DatabaseError) {
    let rc = sqlite3_create_function_v2(
      handle, "spendly_name_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
      { context, _, arguments in
        guard let value = arguments?[0], let bytes = sqlite3_value_text(value) else {
          return sqlite3_result_null(context)
        }
        let key = NameKey(String(cString: bytes)).text
        sqlite3_result_text(context, key, -1, SQLITE_TRANSIENT)
      }, nil, nil, nil)
    guard rc == SQLITE_OK else { throw error(rc, "create function spendly_name_key") }
  }
}
