import CSQLite
import SpendlyCore

#if canImport(Glibc)
  import Glibc
#endif

/// Replacing the whole database (`restore`, `import FILE.json --replace`) happens inside one
/// write transaction on the live file: the database it replaces is copied aside while that
/// transaction holds the write lock, so another process's save lands either before the copy (and
/// is in it) or after the replace (and is in the new database), never in between.
///
/// The replace is one entry of the change log, which `undo` refuses to walk past: the history
/// before it is the restored file's own, and the way back is restoring the copy.
enum Replacement {

  /// The tables a replace empties and fills from the checked copy, which a backup must have
  /// once brought up to this schema (what a row points at comes first).
  static let tables = ArchiveRecords.order

  /// The tables a replace does not copy row by row, and why (`SchemaCoverageTests` checks every
  /// table of the schema is in one or the other).
  static let untouched: [String: String] = [
    "sqlite_sequence": "copied on its own, after the rows",
    "rollups": "added up again from the transactions, once after the rows",
    "applied_migrations": "the copy was migrated to this schema, so it has had the same migrations",
  ]

  /// The copy a replace kept, from its fact.
  static func kept(from fact: ChangeFact?) -> String? {
    if case .replaced(_, let kept) = fact { return kept }
    return nil
  }
}

extension Store {
  /// Copies the database as last committed into a new file at `keep`, through a second
  /// connection. Called inside a write transaction, so nobody can commit in between.
  func keepCopy(at keep: String) throws(StoreError) {
    let reader: Database
    do {
      reader = try Database(path: path, flags: SQLITE_OPEN_READONLY)
    } catch {
      throw StoreError.from(error, path: path)
    }
    try Self.copy(from: reader, into: keep)
  }

  /// Records the replace in the change log (inside the replacing transaction).
  static func recordReplace(_ db: Database, source: String, kept: String?, stamp: String) throws {
    try db.run(
      "INSERT INTO changes(action, recorded_at, fact) VALUES (?, ?, ?)",
      [
        .text(ChangeAction.replace.rawValue), .text(stamp),
        .text(ChangeFact.replaced(source: source, kept: kept).stored),
      ])
  }

  /// Replaces every row of every table with those of the checked copy at `staged` (already at
  /// this schema), in one write transaction, keeping the replaced database at `keep` first.
  func replaceContents(with staged: String, source: String, keepingAt keep: String?) throws(StoreError) {
    try ensureWritable()
    do {
      try database.run("ATTACH DATABASE ? AS incoming", [.text(staged)])
    } catch {
      throw failure(error)
    }
    defer { try? database.execute("DETACH DATABASE incoming") }
    try? database.execute("PRAGMA foreign_keys = OFF")
    defer {
      try? database.execute("PRAGMA foreign_keys = ON")
      forgetCatalog()
    }
    let stamp = now.description
    try write { db in
      if let keep { try keepCopy(at: keep) }
      do {
        for table in Replacement.tables.reversed() { try db.run("DELETE FROM main.\(table)") }
        try db.run("DELETE FROM main.sqlite_sequence")
        try db.execute("DROP TRIGGER main.rollups_insert")
        for table in Replacement.tables {
          let columns = try db.rows("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)])
            .compactMap { $0.text(0) }.map { "\"\($0)\"" }.joined(separator: ", ")
          try db.run("INSERT INTO main.\(table)(\(columns)) SELECT \(columns) FROM incoming.\(table)")
        }
        try db.run("INSERT INTO main.sqlite_sequence(name, seq) SELECT name, seq FROM incoming.sqlite_sequence")
        try Rollups.rebuild(db)
        try db.execute(Rollups.insertTrigger)
        try RestoreCheck.revisions(db)
        try Self.recordReplace(db, source: source, kept: keep, stamp: stamp)
      } catch {
        if let keep { unlink(keep) }
        throw error
      }
    }
  }
}
