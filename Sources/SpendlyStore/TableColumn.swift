/// One column of a table as the schema declares it: the migrations are the one place a table's
/// columns are written, and everything else (the change log's snapshots, the JSON archive, the
/// replace) reads them from here by name.
struct TableColumn: Sendable, Equatable {
  let name: String
  /// Declared INTEGER (its values are integers; a key of it is written as a number).
  let isInteger: Bool
  /// Its place in the primary key (1 for the first), 0 when it is not part of it.
  let keyPosition: Int
}

extension Database {
  /// `table`'s columns in the schema's order (`PRAGMA table_info`), cached for this connection
  /// until a migration changes the schema (`forgetColumns`). Empty for a table that is not there.
  func columns(of table: String) throws(DatabaseError) -> [TableColumn] {
    if let known = columnCache[table] { return known }
    let columns = try rows("SELECT name, type, pk FROM pragma_table_info(?)", [.text(table)]).map {
      TableColumn(
        name: $0.text(0) ?? "", isInteger: ($0.text(1) ?? "").uppercased() == "INTEGER", keyPosition: Int($0.int(2) ?? 0))
    }
    if !columns.isEmpty { columnCache[table] = columns }
    return columns
  }

  /// Forgets the cached columns (the schema changed).
  func forgetColumns() { columnCache.removeAll() }
}
