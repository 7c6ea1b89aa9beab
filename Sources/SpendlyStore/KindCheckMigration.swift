/// The migration that writes the check on a transaction's kind as three comparisons, not a list.
///
/// SQLite 3.40 codes `CHECK (kind IN ('expense', 'income', 'transfer'))` as a temporary index of
/// the three words, emptied and filled again for every row written (a page zeroed each time):
/// 6% of an import's instructions. `kind = 'expense' OR kind = 'income' OR kind = 'transfer'`
/// accepts and refuses exactly the same values (the column is NOT NULL, compared as text with
/// the same collation), so the table's text is changed in place as SQLite documents for a
/// change that leaves the stored rows as they are (ALTER TABLE, "other kinds of table schema
/// changes"): no row is copied. A table whose text differs, or a SQLite that refuses to write
/// its schema (defensive mode), keeps the list: slower, never wrong.
enum KindCheckMigration {
  static let listed = "CHECK (kind IN ('expense', 'income', 'transfer'))"
  static let compared = "CHECK (kind = 'expense' OR kind = 'income' OR kind = 'transfer')"

  static let migration = Migration(
    name: "kind-check-compared",
    purpose: "the check on a transaction's kind written as comparisons, which SQLite tests without a temporary index"
  ) { db in
    let version = try db.row("PRAGMA schema_version")?.int(0) ?? 0
    try db.execute("PRAGMA writable_schema = ON")
    // Off again, and this connection's schema read again, whatever happens below.
    defer { try? db.execute("PRAGMA writable_schema = RESET") }
    do {
      try db.run(
        """
        UPDATE sqlite_schema SET sql = replace(sql, ?1, ?2)
        WHERE type = 'table' AND name = 'transactions' AND instr(sql, ?1) > 0
        """,
        [.text(listed), .text(compared)])
    } catch {
      return  // defensive mode: sqlite_schema may not be written, and the list stays
    }
    guard db.changes == 1 else { return }
    try db.execute("PRAGMA schema_version = \(version + 1)")
  }
}
