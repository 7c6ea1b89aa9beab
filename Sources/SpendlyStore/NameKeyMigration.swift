import SpendlyCore

/// The migration that gives every name one comparison (`NameKey`, through `spendly_name_key`):
/// a `*_key` column beside each catalog and debt name and alias, kept by triggers and unique
/// where the name is, and a `merchant_key` on transactions and revisions (written with the row,
/// see `TransactionColumns`) that the merchant index and lookups use. SQLite's NOCASE collation
/// folded ASCII only and compared bytes, so "Café" and "CAFÉ", or "é" typed composed and
/// decomposed, were two names.
enum NameKeyMigration {
  /// Each keyed table, the name column and its key column.
  static let keyed: [(table: String, column: String, key: String, isAlias: Bool)] = [
    ("categories", "name", "name_key", false),
    ("methods", "name", "name_key", false),
    ("accounts", "name", "name_key", false),
    ("debts", "name", "name_key", false),
    ("category_aliases", "alias", "alias_key", true),
    ("method_aliases", "alias", "alias_key", true),
    ("account_aliases", "alias", "alias_key", true),
  ]

  static let migration = Migration(
    name: "name-keys", purpose: "one name comparison: Unicode name keys beside names, aliases and merchants"
  ) { db in
    try db.defineNameKey()
    for (table, column, key, isAlias) in keyed {
      try db.execute("ALTER TABLE \(table) ADD COLUMN \(key) TEXT")
      try db.run("UPDATE \(table) SET \(key) = spendly_name_key(\(column))")
      try separate(db, table: table, column: column, key: key, isAlias: isAlias)
      try db.execute(
        """
        CREATE UNIQUE INDEX \(table)_by_key ON \(table)(\(key));
        CREATE TRIGGER \(table)_key_insert AFTER INSERT ON \(table) BEGIN
          UPDATE \(table) SET \(key) = spendly_name_key(NEW.\(column)) WHERE rowid = NEW.rowid;
        END;
        CREATE TRIGGER \(table)_key_update AFTER UPDATE OF \(column) ON \(table) BEGIN
          UPDATE \(table) SET \(key) = spendly_name_key(NEW.\(column)) WHERE rowid = NEW.rowid;
        END;
        """)
    }
    try db.execute(
      """
      ALTER TABLE transactions ADD COLUMN merchant_key TEXT;
      ALTER TABLE revisions ADD COLUMN merchant_key TEXT;
      UPDATE transactions SET merchant_key = spendly_name_key(merchant) WHERE merchant IS NOT NULL;
      UPDATE revisions SET merchant_key = spendly_name_key(merchant) WHERE merchant IS NOT NULL;
      DROP INDEX IF EXISTS transactions_by_merchant;
      CREATE INDEX transactions_by_merchant ON transactions(merchant_key, date, id) WHERE merchant_key IS NOT NULL;
      """)
  }

  /// Names that were two under the old rule and are one now: the later alias goes (the catalog
  /// already read the first one that claimed the word), and a later name gets " (2)", " (3)", …
  /// so that none of its rows is lost.
  static func separate(_ db: Database, table: String, column: String, key: String, isAlias: Bool) throws {
    let clashes = try db.rows(
      """
      SELECT rowid, \(column) FROM \(table) WHERE \(key) IN
        (SELECT \(key) FROM \(table) GROUP BY \(key) HAVING count(*) > 1)
      ORDER BY \(key), rowid
      """)
    var seen: Set<String> = []
    for row in clashes {
      guard let rowid = row.int(0), let name = row.text(1) else { continue }
      let folded = NameKey(name).text
      // The first (oldest) keeps its name.
      if seen.insert(folded).inserted { continue }
      if isAlias {
        try db.run("DELETE FROM \(table) WHERE rowid = ?", [.integer(rowid)])
        continue
      }
      var n = 2
      while try db.row("SELECT 1 FROM \(table) WHERE \(key) = ?", [.text(NameKey("\(name) (\(n))").text)]) != nil {
        n += 1
      }
      let renamed = "\(name) (\(n))"
      try db.run(
        "UPDATE \(table) SET \(column) = ?, \(key) = ? WHERE rowid = ?",
        [.text(renamed), .text(NameKey(renamed).text), .integer(rowid)])
      // A default method or card named by its old spelling keeps naming this row, not the other.
      if table == "methods" {
        try db.run(
          "UPDATE settings SET value = ? WHERE value = ? AND key IN ('default_method', 'default_card', 'default_income_method')",
          [.text(renamed), .text(name)])
      }
    }
  }
}
