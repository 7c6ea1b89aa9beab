import SpendlyCore

/// The check a bulk write runs before it commits when it turned SQLite's own foreign-key checks
/// off for speed: `PRAGMA foreign_key_check` over the tables it may write. A row that points at
/// nothing fails the write (which rolls back) and is named.
enum ForeignKeys {
  /// The tables an import may write whose rows point at others. The change log's own rows
  /// (changes, revisions, change_rows) point only at the change being written.
  static let importedTables = ArchiveRecords.order.filter { !["changes", "revisions", "change_rows"].contains($0) }

  /// Throws for the first row of `tables` that points at a row that is not there.
  static func check(_ db: Database, tables: [String] = importedTables, what: String) throws {
    for table in tables {
      guard let problem = try db.row("PRAGMA foreign_key_check(\(table))") else { continue }
      let row = problem.int(1).map { "row \($0)" } ?? "a row"
      throw StoreError.invalid(
        ValidationError(
          field: "\(what): \(problem.text(0) ?? table) \(row)", value: "",
          reason: "points at a \(problem.text(2) ?? "row") row that is not there; nothing was written"))
    }
  }
}
