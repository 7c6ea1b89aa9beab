/// The database's lineage: a random hex token made once, when the database is made (or by
/// the `lineage` migration for an older one), and kept in `settings`, so a JSON archive,
/// backup or restore of it has the same. Two databases can both have transaction 42 at
/// revision 42; an `--all-fields` CSV row is matched by its Id only when its Database is ours.
enum Lineage {
  /// The settings key holding the token.
  static let key = "lineage"

  static let migration = Migration.sql(
    "lineage",
    "a random token naming this database and its copies, so an edited CSV export updates the transactions it came from",
    "INSERT OR IGNORE INTO settings(key, value) VALUES ('lineage', lower(hex(randomblob(16))));")
}

extension SettingRecords {
  /// This database's lineage token (see `Lineage`).
  public func lineage() throws(StoreError) -> String {
    let row: Row?
    do {
      row = try database.row("SELECT value FROM settings WHERE key = ?", [.text(Lineage.key)])
    } catch {
      throw failure(error)
    }
    guard let token = row?.text(0) else { throw .database("this database has no lineage token") }
    return token
  }
}
