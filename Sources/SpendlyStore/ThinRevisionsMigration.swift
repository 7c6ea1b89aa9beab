/// The migration that lets a revision leave its fields to the current row it describes.
///
/// A transaction's current revision held a copy of every field its current row holds: a second
/// copy of the whole history's newest state, a quarter of the file and half of an import's
/// writes. Now a revision written by an add or an edit leaves its fields NULL while it is its
/// transaction's current one (`revision_id` names it), and has them written in when that row
/// changes or goes (`TransactionRecords.keepFields`); revisions written before this migration,
/// and those an undo or redo copies, keep theirs. Loosening NOT NULL leaves every stored row
/// valid, so the table's text is changed in place as SQLite documents for such a change; a table
/// whose text differs, or a SQLite that refuses to write its schema, is rebuilt instead.
enum ThinRevisionsMigration {
  /// The field columns that were NOT NULL and may now be NULL (a revision with its fields has
  /// them all: `RestoreCheck.revisions`), `kind` first, whose NULL marks a revision without fields.
  static let loosened = ["kind", "amount", "currency", "method_id", "date", "status", "entry"]

  /// Their definitions as the schema wrote them, and as they become.
  static let definitions: [(String, String)] = [
    (
      "kind TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,",
      "kind TEXT, amount INTEGER, currency TEXT,"
    ),
    ("method_id INTEGER NOT NULL,", "method_id INTEGER,"),
    ("date TEXT NOT NULL, time TEXT,", "date TEXT, time TEXT,"),
    ("external_ref TEXT, status TEXT NOT NULL,", "external_ref TEXT, status TEXT,"),
    ("entry TEXT NOT NULL,", "entry TEXT,"),
  ]

  /// The revision's own columns, which stay required.
  static let own: Set<String> = ["id", "txn_id", "change_id", "live", "recorded_at"]

  static let migration = Migration(
    name: "thin-revisions",
    purpose: "a transaction's current revision keeps its fields in the current row, written in when it changes"
  ) { db in
    try loosenInPlace(db)
    if try !stillRequired(db).isEmpty { try rebuild(db) }
  }

  /// Rewrites the table's text, unless SQLite refuses (defensive mode) or the text differs.
  private static func loosenInPlace(_ db: Database) throws {
    let version = try db.row("PRAGMA schema_version")?.int(0) ?? 0
    try db.execute("PRAGMA writable_schema = ON")
    // Off again, and this connection's schema read again, whatever happens below.
    defer { try? db.execute("PRAGMA writable_schema = RESET") }
    guard let sql = try db.row("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'revisions'")?.text(0)
    else { return }
    var loosened = sql
    for (before, after) in definitions {
      guard loosened.components(separatedBy: before).count == 2 else { return }
      loosened = loosened.replacingOccurrences(of: before, with: after)
    }
    do {
      try db.run(
        "UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = 'revisions' AND sql = ?",
        [.text(loosened), .text(sql)])
    } catch {
      return  // defensive mode: the table is rebuilt instead
    }
    guard db.changes == 1 else { return }
    try db.execute("PRAGMA schema_version = \(version + 1)")
  }

  /// The revisions' field columns that are still NOT NULL.
  static func stillRequired(_ db: Database) throws -> [String] {
    try db.rows("SELECT name FROM pragma_table_info('revisions') WHERE \"notnull\" = 1").compactMap { row in
      row.text(0).flatMap { own.contains($0) ? nil : $0 }
    }
  }

  /// Copies the table into one whose field columns may be NULL, keeping every row, id and index.
  private static func rebuild(_ db: Database) throws {
    let columns = try db.rows("SELECT name, type FROM pragma_table_info('revisions') ORDER BY cid").compactMap {
      row -> (String, String)? in
      guard let name = row.text(0) else { return nil }
      return (name, row.text(1) ?? "")
    }
    let definitions = columns.map { name, type in
      switch name {
      case "id": return "id INTEGER PRIMARY KEY"
      case "change_id": return "change_id INTEGER NOT NULL REFERENCES changes(id)"
      case _ where own.contains(name): return "\(quoted(name)) \(type) NOT NULL"
      default: return "\(quoted(name)) \(type)"
      }
    }
    let names = columns.map { quoted($0.0) }.joined(separator: ", ")
    let indexes = try db.rows(
      "SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'revisions' AND sql IS NOT NULL"
    ).compactMap { $0.text(0) }
    try db.execute(
      """
      CREATE TABLE revisions_loosened(\(definitions.joined(separator: ", ")));
      INSERT INTO revisions_loosened(\(names)) SELECT \(names) FROM revisions;
      DROP TABLE revisions;
      ALTER TABLE revisions_loosened RENAME TO revisions;
      """)
    for sql in indexes { try db.execute(sql) }
  }

  private static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
