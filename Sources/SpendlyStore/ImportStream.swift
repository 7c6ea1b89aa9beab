import SpendlyCore

/// A file of transactions read a row at a time (Spendly's own CSV, a JSON export merged in) and
/// written as one change: rows are validated as they come, written in batches inside the one
/// SQLite transaction, and the whole file is rolled back if any row fails. A million rows never
/// sit in memory.
public final class ImportStream {
  let log: ChangeRecorder
  let store: Store
  /// The first id this import may write: rows below it were stored before it began.
  let firstNewID: Int64
  /// Whether anything was stored before: with nothing, no row can be a duplicate.
  let hadRows: Bool
  private var catalog: Catalog
  private var pending: [ResolvedWrite] = []
  /// What makes two rows the same entry, for counting the stored matches a file's rows use up.
  private enum MatchKey: Hashable {
    case reference(String)
    /// What the query compares; a transfer's method is inferred from its ends, so it carries none.
    case fields(
      date: LocalDate, kind: Kind, amount: Money, category: CategoryID?, method: MethodID?, merchant: String,
      note: String, time: LocalTime?)
  }
  private var usedMatches: [MatchKey: Int] = [:]
  private var schedules: [Int64: Bool] = [:]
  public private(set) var added = 0
  public private(set) var duplicates = 0
  /// Recurring ids the file named that no schedule here has: dropped from their rows.
  public private(set) var droppedRecurring = 0
  public private(set) var createdCategories: [String] = []
  public private(set) var createdMethods: [String] = []
  /// The accounts this import made, each with its type as it stands (a later row may retype one).
  public private(set) var createdAccounts: [Account] = []
  /// Rows exported from transactions here (`reconcile`): how many changed one, how many were
  /// as exported, and those whose transaction moved on since.
  public internal(set) var updated = 0
  public internal(set) var unchanged = 0
  public internal(set) var conflicts: [ImportConflict] = []
  /// Transactions the file's export held that it no longer has: deleted (`--sync-deletes`),
  /// or only counted.
  public internal(set) var deleted = 0
  public internal(set) var missing = 0
  /// The ids of this database's transactions the file has rows for, and the span they cover
  /// (the largest id, the first and last date): what its export held.
  private(set) var seen: Set<Int64> = []
  private(set) var seenSpan: (maxID: Int64, from: LocalDate, to: LocalDate)?
  /// The newest revision when the file's export of every transaction was taken, if it says.
  private(set) var exportExtent: Int64?

  /// Indexes of the transactions (and their rollups) dropped for a large import into an empty
  /// table, made again at its end (sorting once is far faster than a million inserts into each index).
  private var deferredIndexes: [String] = []

  init(log: ChangeRecorder, store: Store, large: Bool) throws {
    self.log = log
    self.store = store
    catalog = try store.catalog.current()
    firstNewID =
      (try log.db.row(
        """
        SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'transactions'), 0),
          coalesce((SELECT max(id) FROM transactions), 0))
        """)?.int(0) ?? 0) + 1
    hadRows = try log.db.row("SELECT 1 FROM transactions LIMIT 1") != nil
    // With rows stored, the duplicate checks need the indexes: they stay.
    if large && !hadRows {
      deferredIndexes = try log.db.dropIndexes(of: ["transactions", "revisions", "rollups"], keepingUnique: false)
    }
  }

  /// Writes what is left, the rollups' tally with it, and makes the deferred indexes again
  /// (inside the import's transaction).
  func finish() throws {
    try flush()
    try log.rollupTally?.write(log.db)
    for sql in deferredIndexes { try log.db.execute(sql) }
    deferredIndexes = []
  }

  /// The catalog as it stands in this import (with the names it created).
  public var currentCatalog: Catalog { catalog }

  /// Adds a category the file names and the catalog lacks, in this import's change.
  public func createCategory(_ name: String, side: Category.Side) throws {
    guard catalog.category(named: name) == nil else { return }
    guard let cleaned = try Validator.cleanedName(name, field: "category") else { return }
    try store.catalog.insertCategory(log, cleaned, side: side, aliases: [])
    createdCategories.append(cleaned)
    try refreshCatalog()
  }

  /// Adds a method the file names and the catalog lacks, in this import's change.
  public func createMethod(_ name: String) throws {
    guard catalog.method(named: name) == nil else { return }
    guard let cleaned = try Validator.cleanedName(name, field: "method") else { return }
    try store.catalog.insertMethod(log, cleaned, aliases: [])
    createdMethods.append(cleaned)
    try refreshCatalog()
  }

  /// Adds an account the file names and the catalog lacks, in this import's change.
  public func createAccount(_ account: Account) throws {
    guard catalog.account(named: account.name) == nil else { return }
    try store.accounts.insert(log, account)
    createdAccounts.append(account)
    try refreshCatalog()
  }

  /// Makes an account this import made a `type` (a later row of the file tells it better: a
  /// Credit Card row makes a card), in this import's change. An account stored before the import
  /// began is never retyped: false, and so is a type it already has.
  @discardableResult
  public func retypeCreatedAccount(_ name: String, to type: AccountType) throws -> Bool {
    guard let index = createdAccounts.firstIndex(where: { NameKey.same($0.name, name) }),
      createdAccounts[index].type != type
    else { return false }
    try store.accounts.retype(log, createdAccounts[index].name, to: type)
    createdAccounts[index].type = type
    try refreshCatalog()
    return true
  }

  private func refreshCatalog() throws {
    try flush()
    store.forgetCatalog()
    catalog = try store.catalog.current()
  }

  /// Validates `fields` and adds them, unless an equal transaction was stored before this
  /// import began (by external reference, else by every field a person sees): then it is a
  /// duplicate, skipped, and false is returned. Each stored transaction matches one row at most.
  /// `inferringAccounts` is false for a file that says which account each row is on (none too).
  @discardableResult
  public func add(_ fields: TransactionFields, inferringAccounts: Bool = true) throws -> Bool {
    var fields = fields
    if let id = fields.recurringID, !(try scheduleExists(id)) {
      fields.recurringID = nil
      droppedRecurring += 1
    }
    let resolved = try Validator.resolve(fields, catalog: catalog, inferringAccounts: inferringAccounts)
    if hadRows, try isDuplicate(resolved) {
      duplicates += 1
      return false
    }
    pending.append(.add(resolved))
    added += 1
    if pending.count >= 5_000 { try flush() }
    return true
  }

  private func scheduleExists(_ id: Int64) throws -> Bool {
    if let known = schedules[id] { return known }
    let exists = try log.db.row("SELECT 1 FROM schedules WHERE id = ?", [.integer(id)]) != nil
    schedules[id] = exists
    return exists
  }

  private func isDuplicate(_ resolved: ResolvedFields) throws -> Bool {
    let fields = resolved.fields
    let key: MatchKey
    let count: Int64
    if let reference = fields.externalReference {
      key = .reference(reference)
      count =
        try log.db.row(
          "SELECT count(*) FROM transactions WHERE external_ref = ? AND id < ?",
          [.text(reference), .integer(firstNewID)])?.int(0) ?? 0
    } else {
      key = .fields(
        date: fields.date, kind: fields.kind, amount: fields.amount, category: resolved.category,
        method: fields.kind == .transfer ? nil : resolved.method, merchant: fields.merchant ?? "",
        note: fields.note ?? "", time: fields.time)
      count =
        try log.db.row(
          """
          SELECT count(*) FROM transactions t
          WHERE t.date = ? AND t.kind = ? AND t.amount = ? AND t.currency = ? AND t.id < ?
            AND t.category_id IS ? AND (t.kind = 'transfer' OR t.method_id = ?)
            AND coalesce(t.merchant, '') = ? AND coalesce(t.note, '') = ? AND coalesce(t.time, '') = ?
          """,
          [
            .text(fields.date.description), .text(fields.kind.rawValue), .integer(fields.amount.minorUnits),
            .text(fields.amount.currency.code), .integer(firstNewID), SQLValue(resolved.category?.rawValue),
            .integer(resolved.method.rawValue),
            .text(fields.merchant ?? ""), .text(fields.note ?? ""), .text(fields.time?.description ?? ""),
          ])?.int(0) ?? 0
    }
    let used = usedMatches[key, default: 0]
    guard used < count else { return false }
    usedMatches[key] = used + 1
    return true
  }

  /// Notes that the file has a row for transaction `id`, dated `date`.
  func noteSeen(_ id: Int64, date: LocalDate, extent: Int64?) {
    seen.insert(id)
    if let extent { exportExtent = max(exportExtent ?? 0, extent) }
    if let span = seenSpan {
      seenSpan = (max(span.maxID, id), min(span.from, date), max(span.to, date))
    } else {
      seenSpan = (id, date, date)
    }
  }

  /// Queues a write of this import (an update or delete of a row stored before it).
  func queue(_ write: ResolvedWrite) throws {
    pending.append(write)
    if pending.count >= 5_000 { try flush() }
  }

  /// Writes the rows read so far.
  func flush() throws {
    guard !pending.isEmpty else { return }
    _ = try store.transactions.record(log, pending, unindexed: !deferredIndexes.isEmpty)
    pending.removeAll(keepingCapacity: true)
  }
}

extension TransactionRecords {
  /// Runs `body`, which adds rows to the stream, as one change (`import`, its fact `file`
  /// with the count added). Nothing is written when `body` throws or `dryRun` is set; the
  /// returned stream says what was (or would be) added. `large` (a big file) lets an import
  /// into an empty table build its indexes once at the end.
  public func importStream(
    file: ImportFact, dryRun: Bool, large: Bool = false, _ body: (ImportStream) throws -> Void
  ) throws(StoreError)
    -> ImportStreamResult
  {
    try store.ensureWritable()
    var outcome: ImportStreamResult?
    var rolledBack = false
    // Every id is read from the catalog inside the import's own transaction (which holds the
    // write lock): the foreign-key look-ups check nothing more, and are off for it (as for
    // statement imports); the rollups are tallied in memory and added to the table in parts.
    try? database.execute("PRAGMA cache_size = -16384")
    if !dryRun { try? database.execute("PRAGMA foreign_keys = OFF") }
    // A large file into a database with no transactions yet goes straight into the file.
    let empty = (try? database.row("SELECT 1 FROM transactions LIMIT 1") == nil) ?? false
    let direct = large && !dryRun && empty && store.leaveWriteAheadLog()
    defer {
      try? database.execute("PRAGMA cache_size = -2000")
      if !dryRun { try? database.execute("PRAGMA foreign_keys = ON") }
      if direct { store.restoreWriteAheadLog() }
    }
    do {
      try change(.import, fact: .imported(file: file)) { log in
        try Rollups.withBulkLoad(log) {
          let stream = try ImportStream(log: log, store: store, large: large)
          try body(stream)
          try stream.finish()
          outcome = ImportStreamResult(stream)
          var counted = file
          counted.added = stream.added
          if stream.updated > 0 || stream.deleted > 0 {
            (counted.updated, counted.deleted) = (stream.updated, stream.deleted)
          }
          try log.record(.imported(file: counted))
          // A dry run, or a file with nothing new (every row a duplicate), leaves no change behind.
          let nothing =
            stream.added == 0 && stream.updated == 0 && stream.deleted == 0 && stream.createdCategories.isEmpty
            && stream.createdMethods.isEmpty
            && stream.createdAccounts.isEmpty
          if dryRun || nothing {
            rolledBack = true
            throw DryRun()
          }
          // SQLite's own checks were off for the import: every row it wrote must point somewhere.
          try ForeignKeys.check(log.db, what: "import")
        }
      }
    } catch {
      // Rolled back on purpose (a dry run, or nothing new): what it found is the answer.
      if rolledBack, let outcome { return outcome }
      throw error
    }
    guard let outcome else { throw .database("import: no outcome") }
    return outcome
  }
}

/// What a streamed import added, skipped and created.
public struct ImportStreamResult: Sendable {
  public let added: Int
  public let duplicates: Int
  public let droppedRecurring: Int
  public let createdCategories: [String]
  public let createdMethods: [String]
  /// The accounts the import made, with the types they ended with.
  public let createdAccounts: [Account]
  /// Rows exported from transactions here: updated, as exported, or in conflict (see `ImportStream.reconcile`).
  public let updated: Int
  public let unchanged: Int
  public let conflicts: [ImportConflict]
  /// Transactions of the file's export that it no longer has: deleted (`--sync-deletes`), or left (`missing`).
  public let deleted: Int
  public let missing: Int

  init(_ stream: ImportStream) {
    updated = stream.updated
    unchanged = stream.unchanged
    conflicts = stream.conflicts
    deleted = stream.deleted
    missing = stream.missing
    added = stream.added
    duplicates = stream.duplicates
    droppedRecurring = stream.droppedRecurring
    createdCategories = stream.createdCategories
    createdMethods = stream.createdMethods
    createdAccounts = stream.createdAccounts
  }
}
