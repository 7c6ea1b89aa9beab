import SpendlyCore

/// One change to one transaction, as handed to the store's single write path.
public enum TransactionWrite: Sendable {
  case add(TransactionFields)
  case update(id: Int64, TransactionFields)
  case delete(id: Int64)
}

/// What the store did: the change's id and the transactions it wrote, in order.
public struct ChangeResult: Sendable {
  public let changeID: Int64
  public let transactionIDs: [Int64]
}

/// What `undo` reverted (or `redo` re-applied).
public struct UndoResult: Sendable {
  public let undoneChangeID: Int64
  public let action: String
  /// The change in plain words ("renamed category Food → Meals").
  public let summary: String
  public let transactionIDs: [Int64]
}

extension TransactionStore {
  /// Adds one transaction; returns it as stored.
  @discardableResult
  public func add(_ fields: TransactionFields) throws(StoreError) -> Transaction {
    let result = try apply(action: .add, [.add(fields)])
    return try transaction(id: result.transactionIDs[0])!
  }

  /// Replaces a transaction's fields, keeping the old ones as a revision.
  @discardableResult
  public func edit(id: Int64, _ fields: TransactionFields) throws(StoreError) -> Transaction {
    _ = try apply(action: .edit, [.update(id: id, fields)])
    return try transaction(id: id)!
  }

  /// Deletes a transaction (a revision that marks it gone); returns what it was.
  @discardableResult
  public func delete(id: Int64) throws(StoreError) -> Transaction {
    guard let old = try transaction(id: id) else { throw .notFound(id) }
    _ = try apply(action: .delete, [.delete(id: id)], summary: "deleted \(TransactionStore.describe(id, old.fields))")
    return old
  }

  /// The single write path: validates every write, then records one change with its revisions
  /// and updates the current view, all in one SQLite transaction. Nothing is written if any part fails.
  @discardableResult
  public func apply(action: ChangeAction, _ writes: [TransactionWrite], summary: String? = nil) throws(StoreError)
    -> ChangeResult
  {
    try ensureWritable()
    let catalog = try catalog()
    var validated: [TransactionWrite] = []
    validated.reserveCapacity(writes.count)
    for write in writes {
      do {
        switch write {
        case .add(let fields): validated.append(.add(try Validator.validate(fields, catalog: catalog)))
        case .update(let id, let fields):
          validated.append(.update(id: id, try Validator.validate(fields, catalog: catalog)))
        case .delete: validated.append(write)
        }
      } catch {
        throw .invalid(error)
      }
    }
    let stamp = now.description
    // A failed write may come from a catalog another process changed: read it afresh next time.
    do {
      return try recordTransactions(action, validated, summary: summary, stamp: stamp)
    } catch {
      forgetCatalog()
      throw error
    }
  }

  private func recordTransactions(
    _ action: ChangeAction, _ validated: [TransactionWrite], summary: String?, stamp: String
  )
    throws(StoreError) -> ChangeResult
  {
    try write { db in
      // Ids are read inside the transaction: another process may have renamed a category.
      let ids = try self.nameIDs()
      try db.run(
        "INSERT INTO changes(action, recorded_at, summary) VALUES (?, ?, ?)",
        [.text(action.rawValue), .text(stamp), SQLValue(summary)])
      let changeID = db.lastInsertRowID
      var touched: [Int64] = []
      for write in validated {
        switch write {
        case .add(let fields):
          let id = try insertCurrent(
            db, id: nil, fields: fields, ids: ids, createdAt: stamp, updatedAt: stamp, revision: 0)
          let revision = try insertRevision(db, txnID: id, changeID: changeID, fields: fields, ids: ids, stamp: stamp)
          try db.run("UPDATE transactions SET revision_id = ? WHERE id = ?", [.integer(revision), .integer(id)])
          touched.append(id)
        case .update(let id, let fields):
          guard try db.row("SELECT 1 FROM transactions WHERE id = ?", [.integer(id)]) != nil else {
            throw StoreError.notFound(id)
          }
          let revision = try insertRevision(db, txnID: id, changeID: changeID, fields: fields, ids: ids, stamp: stamp)
          try updateCurrent(db, id: id, fields: fields, ids: ids, revision: revision, updatedAt: stamp)
          touched.append(id)
        case .delete(let id):
          guard let row = try db.row("SELECT revision_id FROM transactions WHERE id = ?", [.integer(id)]) else {
            throw StoreError.notFound(id)
          }
          try copyRevision(
            db, try RowReader(row: row, name: "transaction #\(id)").integer(0, "revision_id"), live: 0,
            changeID: changeID, stamp: stamp)
          try db.run("DELETE FROM transactions WHERE id = ?", [.integer(id)])
          touched.append(id)
        }
      }
      if summary == nil {
        try db.run(
          "UPDATE changes SET summary = ? WHERE id = ?",
          [.text(TransactionStore.summary(action, validated, ids: touched)), .integer(changeID)])
      }
      return ChangeResult(changeID: changeID, transactionIDs: touched)
    }
  }

  /// "#12 -₹420.00 Food": a transaction in a few words.
  static func describe(_ id: Int64, _ fields: TransactionFields) -> String {
    "#\(id) \(MoneyFormat.signed(fields.amount, kind: fields.kind)) \(fields.category)"
  }

  /// A transaction change in plain words: "added #12 -₹420.00 Food", "imported 214 transactions".
  static func summary(_ action: ChangeAction, _ writes: [TransactionWrite], ids: [Int64]) -> String {
    let verb =
      switch action {
      case .add: "added"
      case .edit: "edited"
      case .delete: "deleted"
      case .import: "imported"
      default: action.rawValue
      }
    guard writes.count == 1, let id = ids.first else { return "\(verb) \(writes.count) transactions" }
    switch writes[0] {
    case .add(let fields), .update(_, let fields): return "\(verb) \(describe(id, fields))"
    case .delete: return "\(verb) #\(id)"
    }
  }

  /// Reverts the latest change of any kind that is not yet undone: each transaction it touched
  /// goes back to its revision before it, each catalog or settings row to what it was.
  public func undo() throws(StoreError) -> UndoResult {
    let stamp = now.description
    defer { forgetCatalog() }
    return try write { db in
      guard
        let change = try db.row(
          """
          SELECT id, action, summary FROM changes
          WHERE undone_by IS NULL AND action NOT IN ('undo', 'redo') ORDER BY id DESC LIMIT 1
          """)
      else { throw StoreError.nothingToUndo }
      let changeID = try RowReader(row: change, name: "change").integer(0, "id")
      let summary = change.text(2) ?? "\(change.text(1) ?? "change") (change #\(changeID))"
      try db.run(
        "INSERT INTO changes(action, recorded_at, undoes, summary) VALUES ('undo', ?, ?, ?)",
        [.text(stamp), .integer(changeID), .text("undid: " + summary)])
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
        try restore(
          db, txnID: txnID, from: previous?.int(0) ?? revisionID, live: previous?.int(1) ?? 0, changeID: undoID,
          stamp: stamp)
      }
      try putRowsBack(db, of: changeID, redoing: false)
      return UndoResult(
        undoneChangeID: changeID, action: change.text(1) ?? "change", summary: summary,
        transactionIDs: touched.reversed())
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
          SELECT c.id, c.action, c.summary FROM changes u JOIN changes c ON c.id = u.undoes
          WHERE u.action = 'undo' AND c.undone_by = u.id
            AND NOT EXISTS (SELECT 1 FROM changes n WHERE n.id > u.id AND n.action NOT IN ('undo', 'redo'))
          ORDER BY u.id DESC LIMIT 1
          """)
      else { throw StoreError.nothingToRedo }
      let changeID = try RowReader(row: undo, name: "change").integer(0, "id")
      let summary = undo.text(2) ?? "\(undo.text(1) ?? "change") (change #\(changeID))"
      try db.run(
        "INSERT INTO changes(action, recorded_at, redoes, summary) VALUES ('redo', ?, ?, ?)",
        [.text(stamp), .integer(changeID), .text("redid: " + summary)])
      let redoID = db.lastInsertRowID
      try db.run("UPDATE changes SET undone_by = NULL WHERE id = ?", [.integer(changeID)])
      var touched: [Int64] = []
      for row in try db.rows(
        "SELECT id, txn_id, live FROM revisions WHERE change_id = ? ORDER BY id", [.integer(changeID)])
      {
        let reader = RowReader(row: row, name: "revision #\(row.text(0) ?? "?") of change #\(changeID)")
        let txnID = try reader.integer(1, "txn_id")
        touched.append(txnID)
        try restore(
          db, txnID: txnID, from: try reader.integer(0, "id"), live: try reader.integer(2, "live"), changeID: redoID,
          stamp: stamp)
      }
      try putRowsBack(db, of: changeID, redoing: true)
      return UndoResult(
        undoneChangeID: changeID, action: undo.text(1) ?? "change", summary: summary, transactionIDs: touched)
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

  /// Makes transaction `txnID` what revision `source` says (live or deleted), as a new revision of `changeID`.
  private func restore(_ db: Database, txnID: Int64, from source: Int64, live: Int64, changeID: Int64, stamp: String)
    throws
  {
    let newRevision = try copyRevision(db, source, live: live, changeID: changeID, stamp: stamp)
    try db.run("DELETE FROM transactions WHERE id = ?", [.integer(txnID)])
    if live == 1 {
      try db.run(Self.restoreCurrentSQL, [.integer(txnID), .integer(newRevision)])
    }
  }

  /// Copies revision `source` as a new revision of `changeID` (live or a deletion); returns its id.
  @discardableResult
  private func copyRevision(_ db: Database, _ source: Int64, live: Int64, changeID: Int64, stamp: String) throws
    -> Int64
  {
    try db.run(Self.copyRevisionSQL, [.integer(changeID), .integer(live), .text(stamp), .integer(source)])
    return db.lastInsertRowID
  }

  // MARK: SQL, its column lists from `TransactionColumns`

  private static let revisionColumns = "txn_id, change_id, live, \(TransactionColumns.list()), recorded_at"
  private static let currentColumns = "id, revision_id, \(TransactionColumns.list()), created_at, updated_at"

  private static let insertRevisionSQL =
    "INSERT INTO revisions(\(revisionColumns)) VALUES (?, ?, 1, \(TransactionColumns.placeholders), ?)"

  private static let copyRevisionSQL = """
    INSERT INTO revisions(\(revisionColumns))
    SELECT txn_id, ?, ?, \(TransactionColumns.list()), ? FROM revisions WHERE id = ?
    """

  private static let insertCurrentSQL =
    "INSERT INTO transactions(\(currentColumns)) VALUES (?, ?, \(TransactionColumns.placeholders), ?, ?)"

  /// The current row as a revision says, created when the transaction's first revision was recorded.
  private static let restoreCurrentSQL = """
    INSERT INTO transactions(\(currentColumns))
    SELECT txn_id, id, \(TransactionColumns.list()),
      (SELECT recorded_at FROM revisions WHERE txn_id = ? ORDER BY id LIMIT 1), recorded_at
    FROM revisions WHERE id = ?
    """

  private static let updateCurrentSQL =
    "UPDATE transactions SET \(TransactionColumns.assignments), revision_id = ?, updated_at = ? WHERE id = ?"

  // MARK: Rows

  struct NameIDs {
    var categories: [String: Int64]
    var methods: [String: Int64]
  }

  func nameIDs() throws(StoreError) -> NameIDs {
    try reading {
      var categories: [String: Int64] = [:]
      for row in try database.rows("SELECT id, name FROM categories") {
        let reader = RowReader(row: row, name: "category #\(row.text(0) ?? "?")")
        categories[try reader.text(1, "name")] = try reader.integer(0, "id")
      }
      var methods: [String: Int64] = [:]
      for row in try database.rows("SELECT id, name FROM methods") {
        let reader = RowReader(row: row, name: "method #\(row.text(0) ?? "?")")
        methods[try reader.text(1, "name")] = try reader.integer(0, "id")
      }
      return NameIDs(categories: categories, methods: methods)
    }
  }

  private func values(_ fields: TransactionFields, _ ids: NameIDs) throws -> [SQLValue] {
    guard let categoryID = ids.categories[fields.category] else {
      throw ValidationError(
        field: "category", value: fields.category, reason: "no longer exists (renamed elsewhere?); try again")
    }
    guard let methodID = ids.methods[fields.method] else {
      throw ValidationError(
        field: "method", value: fields.method, reason: "no longer exists (renamed elsewhere?); try again")
    }
    return TransactionColumns.values(fields, categoryID: categoryID, methodID: methodID)
  }

  private func insertRevision(
    _ db: Database, txnID: Int64, changeID: Int64, fields: TransactionFields, ids: NameIDs, stamp: String
  ) throws -> Int64 {
    try db.run(
      Self.insertRevisionSQL, [.integer(txnID), .integer(changeID)] + (try values(fields, ids)) + [.text(stamp)])
    return db.lastInsertRowID
  }

  private func insertCurrent(
    _ db: Database, id: Int64?, fields: TransactionFields, ids: NameIDs, createdAt: String, updatedAt: String,
    revision: Int64
  ) throws -> Int64 {
    try db.run(
      Self.insertCurrentSQL,
      [SQLValue(id), .integer(revision)] + (try values(fields, ids)) + [.text(createdAt), .text(updatedAt)])
    return db.lastInsertRowID
  }

  private func updateCurrent(
    _ db: Database, id: Int64, fields: TransactionFields, ids: NameIDs, revision: Int64, updatedAt: String
  ) throws {
    try db.run(
      Self.updateCurrentSQL, (try values(fields, ids)) + [.integer(revision), .text(updatedAt), .integer(id)])
  }
}
