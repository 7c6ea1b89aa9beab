import SpendlyCore

/// One change to one transaction, as handed to the store's single write path.
public enum TransactionWrite: Sendable {
  case add(TransactionFields)
  case update(id: Int64, TransactionFields)
  case delete(id: Int64)
}

/// A write whose names are resolved into ids (`ResolvedFields`): what the store records.
enum ResolvedWrite: Sendable {
  case add(ResolvedFields)
  case update(id: Int64, ResolvedFields)
  case delete(id: Int64)
}

/// What the store did: the change's id and the transactions it wrote, in order.
public struct ChangeResult: Sendable {
  public let changeID: Int64
  public let transactionIDs: [Int64]
}

extension TransactionRecords {
  /// Adds one transaction; returns it as stored.
  @discardableResult
  public func add(_ fields: TransactionFields) throws(StoreError) -> Transaction {
    try add(fields, corrections: [])
  }

  /// Adds a transaction and, in the same change, the fields the person corrected in review for
  /// its merchant (`MerchantCorrection`): each replaces the one kept for that merchant and field.
  public func add(_ fields: TransactionFields, corrections: [MerchantCorrection]) throws(StoreError) -> Transaction {
    let result = try apply(action: .add, [.add(fields)], corrections: corrections)
    return try transaction(id: result.transactionIDs[0])!
  }

  /// Replaces a transaction's fields, keeping the old ones as a revision; and, in the same
  /// change, the fields the person corrected for its merchant (as `add(_:corrections:)`).
  @discardableResult
  public func edit(
    id: Int64, _ fields: TransactionFields, corrections: [MerchantCorrection] = []
  ) throws(StoreError) -> Transaction {
    _ = try apply(action: .edit, [.update(id: id, fields)], corrections: corrections)
    return try transaction(id: id)!
  }

  /// Deletes a transaction (a revision that marks it gone); returns what it was.
  @discardableResult
  public func delete(id: Int64) throws(StoreError) -> Transaction {
    guard let old = try transaction(id: id) else { throw .notFound(id) }
    let fact = TransactionsFact(action: ChangeAction.delete.rawValue, ids: [id], count: 1, entry: EntryFact(old.fields))
    _ = try apply(action: .delete, [.delete(id: id)], fact: .transactions(written: fact))
    return old
  }

  /// The single write path: validates every write, then records one change with its revisions
  /// and updates the current view, all in one SQLite transaction. Nothing is written if any part fails.
  /// Without a `fact`, the change's fact is the transactions it wrote.
  @discardableResult
  public func apply(
    action: ChangeAction, _ writes: [TransactionWrite], fact: ChangeFact? = nil, corrections: [MerchantCorrection] = []
  ) throws(StoreError) -> ChangeResult {
    try store.ensureWritable()
    let catalog = try store.catalog.current()
    var validated: [ResolvedWrite] = []
    validated.reserveCapacity(writes.count)
    for write in writes {
      do {
        switch write {
        case .add(let fields): validated.append(.add(try Validator.resolve(fields, catalog: catalog)))
        case .update(let id, let fields):
          // An edit that leaves the entry's methods and accounts as they were keeps its accounts.
          let old = try? transaction(id: id)?.fields
          let keeps = old.map { AccountRules.keepsAccounts(fields, of: $0) } ?? false
          validated.append(
            .update(id: id, try Validator.resolve(fields, catalog: catalog, inferringAccounts: !keeps)))
        case .delete(let id): validated.append(.delete(id: id))
        }
      } catch {
        throw .invalid(error)
      }
    }
    for write in validated {
      switch write {
      case .add(let resolved): try store.debts.checkPayment(resolved.fields, replacing: nil)
      case .update(let id, let resolved): try store.debts.checkPayment(resolved.fields, replacing: id)
      case .delete: break
      }
    }
    let written = ChangeFact.transactions(
      written: TransactionsFact(action: action.rawValue, ids: [], count: 0, entry: nil))
    let result = try change(action, fact: fact ?? written) { log in
      let ids: [Int64]
      do {
        ids = try record(log, validated)
      } catch let error as DatabaseError where error.resultCode.matches(.constraintForeignKey) {
        throw try Self.missingReference(log.db, validated) ?? error
      }
      if fact == nil { try log.record(Self.fact(action, validated, ids: ids)) }
      for correction in corrections { try Self.keep(correction, log) }
      return ChangeResult(changeID: log.changeID, transactionIDs: ids)
    }
    return result
  }

  /// Keeps a correction as part of the change `log` records: the row for its merchant's key and
  /// field, replaced (so undoing the change puts back the one before).
  static func keep(_ correction: MerchantCorrection, _ log: ChangeRecorder) throws {
    let merchantKey = NameKey(correction.merchant).text
    let key = correction.field.rawValue + ":" + merchantKey
    try log.track(.merchantCorrections, key: .text(key)) {
      try log.db.run(
        """
        INSERT INTO merchant_corrections(key, merchant_key, field, value, corrected_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET value = excluded.value, corrected_at = excluded.corrected_at
        """,
        [.text(key), .text(merchantKey), .text(correction.field.rawValue), .text(correction.value), .text(log.stamp)])
    }
  }

  /// Writes validated transactions as part of the change `log` records (so a change of another
  /// family, an import that adds a category, can add transactions in the same change); returns
  /// the ids it wrote, in order. `unindexed` says the table's indexes are dropped for a bulk load
  /// (`ImportStream`), so thousands of adds are written straight into it.
  func record(_ log: ChangeRecorder, _ validated: [ResolvedWrite], unindexed: Bool = false) throws -> [Int64] {
    let db = log.db
    let changeID = log.changeID
    let stamp = log.stamp
    var touched: [Int64] = []
    touched.reserveCapacity(validated.count)
    // Adds take the next ids, worked out once (this transaction holds the write lock): the
    // current row, then its revision, which holds only its own columns while the row holds the
    // fields (`keepFields` writes them in when the row changes); two statements a row, each
    // prepared once (an import writes thousands).
    var nextTransaction: Int64 = 0
    var nextRevision: Int64 = 0
    func nextIDs() throws {
      nextTransaction =
        (try db.row(
          """
          SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'transactions'), 0),
            coalesce((SELECT max(id) FROM transactions), 0))
          """)?.int(0) ?? 0) + 1
      nextRevision = (try db.row("SELECT coalesce(max(id), 0) FROM revisions")?.int(0) ?? 0) + 1
    }
    // Worked out before the first add, and again after any edit or delete (their revisions take ids too).
    var stale = true
    // Thousands of adds (an import): written a row at a time into a table without indexes,
    // then what has them by set statements, which is what SQLite does fastest (a statement a
    // row into indexed tables builds and frees each index's key each time). Into the current
    // rows themselves when their indexes are dropped for the load, else staged in a temporary
    // table first; the revisions (their own columns only) follow by one set statement.
    if validated.count >= 2000, validated.allSatisfy({ if case .add = $0 { true } else { false } }) {
      try nextIDs()
      let first = nextTransaction
      if !unindexed { try db.execute(Self.createStagingSQL) }
      let insert = try db.statement(unindexed ? Self.insertCurrentSQL : Self.stageSQL)
      let trailing: [SQLValue] = unindexed ? [.text(stamp), .text(stamp)] : []
      for case .add(let fields) in validated {
        insert.reset()
        try insert.bind(
          TransactionColumns.values(
            fields, after: [.integer(nextTransaction), .integer(nextRevision)], before: trailing))
        while try insert.step() {}
        log.rollupTally?.add(fields)
        touched.append(nextTransaction)
        nextTransaction += 1
        nextRevision += 1
      }
      if let tally = log.rollupTally, tally.isFull { try tally.write(db) }
      if unindexed {
        try db.run(
          Self.revisionsFromCurrentSQL,
          [.integer(changeID), .text(stamp), .integer(first), .integer(nextTransaction - 1)])
      } else {
        try db.run(Self.currentFromStageSQL, [.text(stamp), .text(stamp)])
        try db.run(Self.revisionsFromStageSQL, [.integer(changeID), .text(stamp)])
        try db.execute("DELETE FROM temp.staged_transactions")
      }
      return touched
    }
    let currentStatement = try db.statement(Self.insertCurrentSQL)
    let revisionStatement = try db.statement(Self.insertRevisionSQL)
    func insertRevision(_ id: SQLValue, txnID: Int64) throws {
      revisionStatement.reset()
      try revisionStatement.bind([id, .integer(txnID), .integer(changeID), .text(stamp)])
      while try revisionStatement.step() {}
    }
    for write in validated {
      // In a bulk load, an edit or delete meets the rollups (by trigger) with every row added so far.
      if case .add = write {} else { try log.rollupTally?.write(db) }
      switch write {
      case .add(let fields):
        if let tally = log.rollupTally {
          tally.add(fields)
          if tally.isFull { try tally.write(db) }
        }
        if stale {
          try nextIDs()
          stale = false
        }
        let id = nextTransaction
        let revision = nextRevision
        nextTransaction += 1
        nextRevision += 1
        currentStatement.reset()
        try currentStatement.bind(
          TransactionColumns.values(
            fields, after: [.integer(id), .integer(revision)], before: [.text(stamp), .text(stamp)]))
        while try currentStatement.step() {}
        try insertRevision(.integer(revision), txnID: id)
        touched.append(id)
      case .update(let id, let fields):
        guard try db.row("SELECT 1 FROM transactions WHERE id = ?", [.integer(id)]) != nil else {
          throw StoreError.notFound(id)
        }
        try Self.keepFields(db, of: id)
        try insertRevision(.null, txnID: id)
        try updateCurrent(db, id: id, fields: fields, revision: db.lastInsertRowID, updatedAt: stamp)
        touched.append(id)
        stale = true
      case .delete(let id):
        guard let row = try db.row("SELECT revision_id FROM transactions WHERE id = ?", [.integer(id)]) else {
          throw StoreError.notFound(id)
        }
        try Self.keepFields(db, of: id)
        try copyRevision(
          db, try RowReader(row: row, name: "transaction #\(id)").integer(0, "revision_id"), live: 0,
          changeID: changeID, stamp: stamp)
        try db.run("DELETE FROM transactions WHERE id = ?", [.integer(id)])
        touched.append(id)
        stale = true
      }
    }
    return touched
  }

  /// Writes transaction `id`'s fields into its current revision, which left them to the row
  /// (`ThinRevisionsMigration`): called before the row changes or goes. A revision that holds
  /// them (written before that migration, or copied by an undo) is left as it is.
  static func keepFields(_ db: Database, of id: Int64) throws {
    try db.run(keepFieldsSQL, [.integer(id)])
  }

  /// The catalog entry a write names that another change removed after this one read the
  /// catalog, as the error to show (the failed change forgets the catalog, so a retry reads anew).
  static func missingReference(_ db: Database, _ writes: [ResolvedWrite]) throws -> StoreError? {
    for write in writes {
      let resolved: ResolvedFields
      switch write {
      case .add(let fields), .update(_, let fields): resolved = fields
      case .delete: continue
      }
      let fields = resolved.fields
      let references: [(String, String, Int64?, String?)] = [
        ("category", "categories", resolved.category?.rawValue, fields.category),
        ("method", "methods", resolved.method.rawValue, fields.method),
        ("account", "accounts", resolved.account?.rawValue, fields.account),
        ("to account", "accounts", resolved.counterAccount?.rawValue, fields.counterAccount),
        ("to method", "methods", resolved.counterMethod?.rawValue, fields.counterMethod),
      ]
      for (field, table, id, name) in references {
        guard let id, try db.row("SELECT 1 FROM \(table) WHERE id = ?", [.integer(id)]) == nil else { continue }
        return .invalid(
          ValidationError(field: field, value: name ?? "", reason: "was removed by another change; try again"))
      }
    }
    return nil
  }

  /// The transactions a change wrote: their ids (up to `listedIDs`; the revisions link them
  /// all), and a single one's amount and category.
  static func fact(_ action: ChangeAction, _ writes: [ResolvedWrite], ids: [Int64]) -> ChangeFact {
    var entry: EntryFact?
    if writes.count == 1, !ids.isEmpty {
      switch writes[0] {
      case .add(let resolved), .update(_, let resolved): entry = EntryFact(resolved.fields)
      case .delete: entry = nil
      }
    }
    let listed = ids.count <= listedIDs ? ids : []
    return .transactions(
      written: TransactionsFact(action: action.rawValue, ids: listed, count: writes.count, entry: entry))
  }

  /// The most ids a transactions fact lists (an import's thousands are found through the revisions).
  static let listedIDs = 50

  /// Makes transaction `txnID` what revision `source` says (live or deleted), as a new revision of `changeID`.
  func restore(_ db: Database, txnID: Int64, from source: Int64, live: Int64, changeID: Int64, stamp: String)
    throws
  {
    try Self.keepFields(db, of: txnID)
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
  /// A revision's own columns: all a revision written now holds (its row holds the fields).
  private static let ownRevisionColumns = "id, txn_id, change_id, live, recorded_at"
  private static let currentColumns = "id, revision_id, \(TransactionColumns.list()), created_at, updated_at"

  private static let createStagingSQL = """
    CREATE TEMP TABLE IF NOT EXISTS staged_transactions(
      id INTEGER PRIMARY KEY, revision INTEGER NOT NULL, \(TransactionColumns.list()));
    DELETE FROM temp.staged_transactions;
    """
  private static let stageSQL =
    "INSERT INTO temp.staged_transactions(id, revision, \(TransactionColumns.list())) VALUES (?, ?, \(TransactionColumns.placeholders))"
  private static let currentFromStageSQL = """
    INSERT INTO transactions(\(currentColumns))
    SELECT id, revision, \(TransactionColumns.list()), ?1, ?2 FROM temp.staged_transactions ORDER BY id
    """
  private static let revisionsFromStageSQL = """
    INSERT INTO revisions(\(ownRevisionColumns))
    SELECT revision, id, ?1, 1, ?2 FROM temp.staged_transactions ORDER BY id
    """

  private static let revisionsFromCurrentSQL = """
    INSERT INTO revisions(\(ownRevisionColumns))
    SELECT revision_id, id, ?1, 1, ?2 FROM transactions WHERE id BETWEEN ?3 AND ?4 ORDER BY id
    """

  /// A revision of its own columns only: its transaction's row holds the fields (a NULL id takes the next).
  private static let insertRevisionSQL =
    "INSERT INTO revisions(\(ownRevisionColumns)) VALUES (?, ?, ?, 1, ?)"

  private static let keepFieldsSQL = """
    UPDATE revisions SET (\(TransactionColumns.list())) = (SELECT \(TransactionColumns.list()) FROM transactions WHERE id = ?1)
    WHERE id = (SELECT revision_id FROM transactions WHERE id = ?1) AND txn_id = ?1 AND kind IS NULL
    """

  /// The fields come through `revisionSource`: a revision that left them to its row is copied
  /// with the row's (`keepFields` has written them in on every path that copies, but a copy never
  /// depends on it).
  private static let copyRevisionSQL = """
    INSERT INTO revisions(\(revisionColumns))
    SELECT r.txn_id, ?, ?, \(TransactionColumns.names.map(TransactionColumns.revisionField).joined(separator: ", ")), ?
    FROM \(TransactionColumns.revisionSource) WHERE r.id = ?
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

  private func updateCurrent(
    _ db: Database, id: Int64, fields: ResolvedFields, revision: Int64, updatedAt: String
  ) throws {
    try db.run(
      Self.updateCurrentSQL, TransactionColumns.values(fields) + [.integer(revision), .text(updatedAt), .integer(id)])
  }
}
