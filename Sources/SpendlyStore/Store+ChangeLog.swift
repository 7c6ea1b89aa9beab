import SpendlyCore

/// One entry of the change log, in plain words, for `spendly log`.
public struct ChangeEntry: Sendable {
  public let id: Int64
  /// The action as stored (a `ChangeAction`'s raw value).
  public let action: String
  public let summary: String
  public let recordedAt: String
  /// Undone later (and not redone).
  public let undone: Bool
}

extension Store {
  /// Runs `body` as one change: one SQLite transaction, one entry in the change log with its
  /// plain-words summary, and every catalog or settings row it touches recorded for undo.
  func change<T>(_ action: ChangeAction, summary: String, _ body: (ChangeRecorder) throws -> T) throws(StoreError)
    -> T
  {
    let stamp = now.description
    // A change that wrote catalog rows makes the cached catalog stale; so may a failed one, which
    // may have met another process's rename. Any other change leaves it.
    var recorder: ChangeRecorder?
    defer { if recorder?.touchedCatalog != false { forgetCatalog() } }
    let result = try write { db in
      try db.run(
        "INSERT INTO changes(action, recorded_at, summary) VALUES (?, ?, ?)",
        [.text(action.rawValue), .text(stamp), .text(summary)])
      let log = ChangeRecorder(db: db, changeID: db.lastInsertRowID, stamp: stamp)
      let result = try body(log)
      recorder = log
      return result
    }
    return result
  }

  /// The latest changes, newest first, in plain words.
  public func changeLog(limit: Int = 20) throws(StoreError) -> [ChangeEntry] {
    try reading {
      try database.rows(
        "SELECT id, action, summary, recorded_at, undone_by FROM changes ORDER BY id DESC LIMIT ?",
        [.integer(Int64(limit))]
      ).map { row in
        let reader = RowReader(row: row, name: "change #\(row.text(0) ?? "?")")
        let id = try reader.integer(0, "id")
        let action = try reader.text(1, "action")
        return ChangeEntry(
          id: id, action: action, summary: row.text(2) ?? "\(action) (change #\(id))",
          recordedAt: try reader.text(3, "recorded_at"), undone: row.int(4) != nil)
      }
    }
  }
}
