extension Database {
  /// Drops the indexes of `tables` (all but the unique ones when `keepingUnique`), giving the
  /// statements that make them again: a bulk load builds each index once at its end, by one
  /// sort, instead of row by row.
  func dropIndexes(of tables: [String], keepingUnique: Bool) throws -> [String] {
    var made: [String] = []
    for table in tables {
      for row in try rows(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = ? ORDER BY rowid",
        [.text(table)])
      {
        guard let name = row.text(0), let sql = row.text(1) else { continue }
        if keepingUnique && sql.uppercased().hasPrefix("CREATE UNIQUE") { continue }
        // A name read from the schema itself, quoted as an identifier.
        try execute("DROP INDEX \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"")
        made.append(sql)
      }
    }
    return made
  }
}
