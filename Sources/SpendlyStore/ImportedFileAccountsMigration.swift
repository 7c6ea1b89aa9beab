/// The migration that gives an imported file's accounts a table of their own
/// (`imported_file_accounts`, one row an account, in the file's order) instead of its
/// `imported_files.accounts` column of names joined with newlines. The names stay names, as
/// the file's record has them (an account renamed since keeps the name it had).
///
/// The old column stays, written empty and never read: the change log's snapshots of the
/// files imported before hold its value, and a snapshot puts a row back only with every column.
enum ImportedFileAccountsMigration {
  static let migration = Migration(
    name: "imported-file-accounts",
    purpose: "an imported file's accounts in a table of their own, not a column of names joined with newlines"
  ) { db in
    try db.execute(
      """
      CREATE TABLE imported_file_accounts(
        id INTEGER PRIMARY KEY,
        file_id INTEGER NOT NULL REFERENCES imported_files(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        account TEXT NOT NULL,
        UNIQUE (file_id, ordinal));
      """)
    for row in try db.rows("SELECT id, accounts FROM imported_files ORDER BY id") {
      guard let id = row.int(0) else { continue }
      for (index, name) in (row.text(1) ?? "").split(separator: "\n").enumerated() {
        try db.run(
          "INSERT INTO imported_file_accounts(file_id, ordinal, account) VALUES (?, ?, ?)",
          [.integer(id), .integer(Int64(index + 1)), .text(String(name))])
      }
    }
    try db.run("UPDATE imported_files SET accounts = ''")
  }
}
