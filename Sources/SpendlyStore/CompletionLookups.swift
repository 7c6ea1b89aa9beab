import SpendlyCore

extension MerchantRecords {
  /// Up to `limit` distinct merchant names starting with `prefix` (ASCII case ignored), in the
  /// merchant index's order, for shell completion. The index is skipped through one name at a
  /// time, from the first name at or after the prefix, so a merchant with many rows costs one
  /// seek, not a scan of its rows; a look-up the database fails answers no names.
  public func names(startingWith prefix: String, limit: Int = 50) -> [String] {
    var pattern = ""
    for character in prefix {
      if character == "\\" || character == "%" || character == "_" { pattern.append("\\") }
      pattern.append(character)
    }
    pattern.append("%")
    let sql = """
      WITH RECURSIVE names(name) AS (
        SELECT (SELECT merchant FROM transactions WHERE merchant >= ?1 COLLATE NOCASE
                ORDER BY merchant COLLATE NOCASE LIMIT 1)
        UNION ALL
        SELECT (SELECT merchant FROM transactions WHERE merchant > names.name COLLATE NOCASE
                ORDER BY merchant COLLATE NOCASE LIMIT 1)
        FROM names WHERE names.name LIKE ?2 ESCAPE '\\'
        LIMIT ?3
      )
      SELECT name FROM names WHERE name LIKE ?2 ESCAPE '\\' AND name <> ''
      """
    do {
      let rows = try database.rows(sql, [.text(prefix), .text(pattern), .integer(Int64(limit + 1))])
      return rows.compactMap { $0.text(0) }.prefix(limit).map { $0 }
    } catch {
      return []
    }
  }
}
