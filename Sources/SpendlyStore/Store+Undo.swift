import SpendlyCore

/// What `undo` reverted (or `redo` re-applied).
public struct UndoResult: Sendable {
  public let undoneChangeID: Int64
  public let action: String
  /// What the change did (nil when it recorded nothing of it).
  public let fact: ChangeFact?
  public let transactionIDs: [Int64]
}

extension Store {
  /// Reverts the latest change of any kind that is not yet undone: each transaction it touched
  /// goes back to its revision before it, each catalog or settings row to what it was.
  public func undo() throws(StoreError) -> UndoResult {
    let stamp = now.description
    defer { forgetCatalog() }
    return try write { db in
      guard
        let change = try db.row(
          """
          SELECT id, action, fact, summary FROM changes
          WHERE undone_by IS NULL AND action NOT IN ('undo', 'redo') ORDER BY id DESC LIMIT 1
          """)
      else { throw StoreError.nothingToUndo }
      let changeID = try RowReader(row: change, name: "change").integer(0, "id")
      let fact = Self.fact(stored: change.text(2), sentence: change.text(3))
      // Before a replace lies the restored file's own history: undo never walks into it.
      if change.text(1) == ChangeAction.replace.rawValue {
        throw StoreError.replaceNotUndoable(fact, kept: Replacement.kept(from: fact))
      }
      try db.run(
        "INSERT INTO changes(action, recorded_at, undoes, fact) VALUES ('undo', ?, ?, ?)",
        [.text(stamp), .integer(changeID), .text(ChangeFact.undid(change: changeID, fact: fact).stored)])
      let undoID = db.lastInsertRowID
      try db.run("UPDATE changes SET undone_by = ? WHERE id = ?", [.integer(undoID), .integer(changeID)])
      var touched: [Int64] = []
      for row in try db.rows(
        "SELECT id, txn_id FROM revisions WHERE change_id = ? ORDER BY id DESC", [.integer(changeID)])
      {
        let reader = RowReader(row: row, name: "revision #\(row.text(0) ?? "?") of change #\(changeID)")
        let revisionID = try reader.integer(0, "id")
        let txnID = try reader.integer(1, "txn_id")
        touched.append(txnID)
        let previous = try db.row(
          "SELECT id, live FROM revisions WHERE txn_id = ? AND id < ? ORDER BY id DESC LIMIT 1",
          [.integer(txnID), .integer(revisionID)])
        try transactions.restore(
          db, txnID: txnID, from: previous?.int(0) ?? revisionID, live: previous?.int(1) ?? 0, changeID: undoID,
          stamp: stamp)
      }
      // Backward: the transactions first, then the catalog rows they used.
      try putRowsBack(db, of: changeID, redoing: false)
      return UndoResult(
        undoneChangeID: changeID, action: change.text(1) ?? "change", fact: fact, transactionIDs: touched.reversed())
    }
  }

  /// Re-applies the change undone last, when nothing has been changed since that undo (a new
  /// change ends what can be redone, as in any editor).
  public func redo() throws(StoreError) -> UndoResult {
    let stamp = now.description
    defer { forgetCatalog() }
    return try write { db in
      guard
        let undo = try db.row(
          """
          SELECT c.id, c.action, c.fact, c.summary FROM changes u JOIN changes c ON c.id = u.undoes
          WHERE u.action = 'undo' AND c.undone_by = u.id
            AND NOT EXISTS (SELECT 1 FROM changes n WHERE n.id > u.id AND n.action NOT IN ('undo', 'redo'))
          ORDER BY u.id DESC LIMIT 1
          """)
      else { throw StoreError.nothingToRedo }
      let changeID = try RowReader(row: undo, name: "change").integer(0, "id")
      let fact = Self.fact(stored: undo.text(2), sentence: undo.text(3))
      try db.run(
        "INSERT INTO changes(action, recorded_at, redoes, fact) VALUES ('redo', ?, ?, ?)",
        [.text(stamp), .integer(changeID), .text(ChangeFact.redid(change: changeID, fact: fact).stored)])
      let redoID = db.lastInsertRowID
      try db.run("UPDATE changes SET undone_by = NULL WHERE id = ?", [.integer(changeID)])
      // Forward, as the change ran: its catalog rows (a category an import added) before the
      // transactions that use them.
      try putRowsBack(db, of: changeID, redoing: true)
      var touched: [Int64] = []
      for row in try db.rows(
        "SELECT id, txn_id, live FROM revisions WHERE change_id = ? ORDER BY id", [.integer(changeID)])
      {
        let reader = RowReader(row: row, name: "revision #\(row.text(0) ?? "?") of change #\(changeID)")
        let txnID = try reader.integer(1, "txn_id")
        touched.append(txnID)
        try transactions.restore(
          db, txnID: txnID, from: try reader.integer(0, "id"), live: try reader.integer(2, "live"), changeID: redoID,
          stamp: stamp)
      }
      return UndoResult(
        undoneChangeID: changeID, action: undo.text(1) ?? "change", fact: fact, transactionIDs: touched)
    }
  }

  /// Puts the catalog and settings rows a change touched back as they were before it (undo) or
  /// after it (redo), in the order that undoes (or repeats) it.
  private func putRowsBack(_ db: Database, of changeID: Int64, redoing: Bool) throws {
    let rows = try db.rows(
      "SELECT tbl, row_key, before, after FROM change_rows WHERE change_id = ? ORDER BY id \(redoing ? "ASC" : "DESC")",
      [.integer(changeID)])
    for row in rows {
      let reader = RowReader(row: row, name: "a row of change #\(changeID)")
      guard let table = LoggedTable(rawValue: try reader.text(0, "tbl")) else {
        throw DamagedRow(
          row: "a row of change #\(changeID)", field: "tbl", value: row.text(0), expected: "a table the log keeps")
      }
      try ChangeRecorder.apply(db, table, key: try reader.text(1, "row_key"), snapshot: row.text(redoing ? 3 : 2))
    }
  }
}
