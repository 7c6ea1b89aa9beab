/// The migration that writes the check on a transaction's kind as three comparisons, not a list.
///
/// SQLite 3.40 codes `CHECK (kind IN ('expense', 'income', 'transfer'))` as a temporary index of
/// the three words, emptied and filled again for every row written (a page zeroed each time):
/// a tenth of an import's work. `kind = 'expense' OR kind = 'income' OR kind = 'transfer'`
/// accepts and refuses exactly the same values (the column is NOT NULL, compared as text with
/// the same collation), so the table's text is changed in place as SQLite documents for a
/// change that leaves the stored rows as they are (ALTER TABLE, "other kinds of table schema
/// changes"): no row is copied.
enum KindCheckMigration {
  static let listed = "CHECK (kind IN ('expense', 'income', 'transfer'))"
  static let compared = "CHECK (kind = 'expense' OR kind = 'income' OR kind = 'transfer')"

  static let migration = Migration(
    name: "kind-check-compared",
    purpose: "the check on a transaction's kind written as comparisons, which SQLite tests without a temporary index"
  ) { db in
    let version = try db.row("PRAGMA schema_version")?.int(0) ?? 0
    try db.execute("PRAGMA writable_schema = ON")
    try db.run(
      "UPDATE sqlite_schema SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = 'transactions'",
      [.text(listed), .text(compared)])
    try db.execute("PRAGMA schema_version = \(version + 1)")
    // Off, and the schema read again: this connection checks rows by the new text too.
    try db.execute("PRAGMA writable_schema = RESET")
  }
}
