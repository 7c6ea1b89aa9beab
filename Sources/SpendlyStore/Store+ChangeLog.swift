import SpendlyCore

/// One entry of the change log, as facts, for `spendly log`.
public struct ChangeEntry: Sendable {
  public let id: Int64
  /// The action as stored (a `ChangeAction`'s raw value).
  public let action: String
  /// What the change did; nil for a change that recorded nothing of it.
  public let fact: ChangeFact?
  public let recordedAt: String
  /// Undone later (and not redone).
  public let undone: Bool
}

extension Store {
  /// Runs `body` as one change: one SQLite transaction, one entry in the change log with the
  /// fact of what it did, and every catalog or settings row it touches recorded for undo.
  func change<T>(_ action: ChangeAction, fact: ChangeFact, _ body: (ChangeRecorder) throws -> T) throws(StoreError)
    -> T
  {
    let stamp = now.description
    // A change that wrote catalog rows makes the cached catalog stale; so may a failed one, which
    // may have met another process's rename. Any other change leaves it.
    var recorder: ChangeRecorder?
    defer { if recorder?.touchedCatalog != false { forgetCatalog() } }
    let result = try write { db in
      try db.run(
        "INSERT INTO changes(action, recorded_at, fact) VALUES (?, ?, ?)",
        [.text(action.rawValue), .text(stamp), .text(fact.stored)])
      let log = ChangeRecorder(db: db, changeID: db.lastInsertRowID, stamp: stamp)
      let result = try body(log)
      recorder = log
      return result
    }
    return result
  }

  /// A change's fact from its `fact` column, else (a row the migration did not reach) its old sentence.
  static func fact(stored: String?, sentence: String?) -> ChangeFact? {
    if let stored, let fact = ChangeFact.read(stored) { return fact }
    return sentence.map(OldSummary.fact)
  }

  /// The latest changes, newest first, as facts.
  public func changeLog(limit: Int = 20) throws(StoreError) -> [ChangeEntry] {
    try reading {
      try database.rows(
        "SELECT id, action, fact, summary, recorded_at, undone_by FROM changes ORDER BY id DESC LIMIT ?",
        [.integer(Int64(limit))]
      ).map { row in
        let reader = RowReader(row: row, name: "change #\(row.text(0) ?? "?")")
        return ChangeEntry(
          id: try reader.integer(0, "id"), action: try reader.text(1, "action"),
          fact: Self.fact(stored: row.text(2), sentence: row.text(3)), recordedAt: try reader.text(4, "recorded_at"),
          undone: row.int(5) != nil)
      }
    }
  }
}

extension ChangeRecorder {
  /// Replaces the fact of this change (one that learns its ids or counts as it runs).
  func record(_ fact: ChangeFact) throws {
    try db.run("UPDATE changes SET fact = ? WHERE id = ?", [.text(fact.stored), .integer(changeID)])
  }
}
