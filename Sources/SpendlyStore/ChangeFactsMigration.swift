/// The migration that gives every change its fact (`changes.fact`, JSON of a `ChangeFact`):
/// the sentence each change kept is read into a fact where its pattern is known (`OldSummary`),
/// and kept as it was (`said`) where not. The `summary` column stays, as it was, never written again.
enum ChangeFactsMigration {
  static let migration = Migration(
    name: "change-facts",
    purpose: "each change says what it did as data (records, ids, values before and after), worded when shown"
  ) { db in
    try db.execute("ALTER TABLE changes ADD COLUMN fact TEXT;")
    for row in try db.rows("SELECT id, summary, undoes, redoes FROM changes WHERE summary IS NOT NULL ORDER BY id") {
      guard let id = row.int(0), let summary = row.text(1) else { continue }
      var fact = OldSummary.fact(summary)
      // An undo or redo names the change it reverted by id.
      switch fact {
      case .undid(nil, let undone): fact = .undid(change: row.int(2), fact: undone)
      case .redid(nil, let redone): fact = .redid(change: row.int(3), fact: redone)
      default: break
      }
      try db.run("UPDATE changes SET fact = ? WHERE id = ?", [.text(fact.stored), .integer(id)])
    }
  }
}
