import CSQLite
import SpendlyCore

/// The store's small core: the connection, SQLite transactions (`write { db in }`), the change log
/// with `undo` and `redo`, and migrations (by name, see `Schema.migrate`). Each record family
/// (transactions, catalog, settings, reports, budgets and the rest) is a type of its own over
/// this core (see `RecordFamily`).
public final class Store {
  let database: Database
  public let path: String
  private let clock: () -> LocalDateTime
  /// The catalog as last read; dropped by a change that touches its rows (not by every write).
  var cachedCatalog: Catalog?
  /// Opened read-only (`.readOnly`, or a `.read` of a file this user cannot write): writes fail.
  public let isReadOnly: Bool
  /// What SQLite said when it found the file malformed: from then on it takes no writes.
  private(set) var damage: String?
  /// Whether every page has been checked (before this connection's first write).
  private var checkedIntact = false
  /// The check started when a store that may write opens (see `IntegrityCheck`).
  private var integrity: IntegrityCheck?
  /// Where the file is remembered as intact, so an unchanged file is not checked again.
  let memo: IntegrityMemo?
  /// The file is known intact (checked here, or unchanged since it was): what this store
  /// writes keeps the memo up to date.
  private var trusted = false
  /// The file is not in write-ahead-log mode yet: switched once it is known intact, since the
  /// switch writes the header (a file that is then refused, or only read, keeps every byte).
  private var switchesToWAL = false
  /// The first database error a history look-up (`MerchantHistory`) met: those answer nil so the
  /// parser never fails, and the caller reports this once (`takeLookupFailure`).
  public internal(set) var lookupFailure: StoreError?

  /// Opens the store at `path` (":memory:" for a throwaway one). With `.create` a missing file is
  /// created owner-only (directory 0700, file 0600); every access checks that the file is a
  /// database first (see `DatabaseFile`). A writable file is migrated to the latest schema.
  /// With a `memo`, a file unchanged since it was last known intact is not checked again (see
  /// `IntegrityMemo`).
  public convenience init(
    path: String, access: StoreAccess = .create, clock: @escaping () -> LocalDateTime, memo: IntegrityMemo? = nil
  ) throws(StoreError) {
    try self.init(path: path, access: access, clock: clock, onBusy: .standard, memo: memo)
  }

  /// As above; `onBusy` is how long to wait for another process's lock (tests replace it).
  init(
    path: String, access: StoreAccess = .create, clock: @escaping () -> LocalDateTime, onBusy: BusyWait,
    memo: IntegrityMemo? = nil
  ) throws(StoreError) {
    self.path = path
    self.clock = clock
    self.memo = path == ":memory:" ? nil : memo
    let file = path == ":memory:" ? nil : try DatabaseFile.check(path, access: access)
    if access == .create, let file, !file.writable { throw .readOnly(path) }
    let readOnly = file.map { access == .readOnly || !$0.writable } ?? false
    isReadOnly = readOnly
    do {
      database =
        if let file, readOnly {
          try Database(path: file.readOnlyURI, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, onBusy: onBusy)
        } else {
          try Database(path: path, onBusy: onBusy)
        }
      // One statement, so one snapshot: another process may be creating the schema right now.
      let found = try database.row("SELECT user_version, (SELECT count(*) FROM sqlite_master) FROM pragma_user_version")
      let version = Int(found?.int(0) ?? 0)
      if version > Schema.latestVersion { throw StoreError.newerDatabase(version) }
      if version == 0, found?.int(1) != 0 { throw StoreError.notADatabase(path, "it holds another program's tables") }
      if version == 0, readOnly { throw StoreError.notADatabase(path, "it is empty, and read-only") }
      // A migration this Spendly does not know, or one missing before one that ran, is refused here.
      if version > 0 {
        do {
          _ = try Schema.pending(database)
        } catch let error as MigrationOrderError {
          // A ledger that does not fit may be a damaged file rather than another Spendly's: the
          // file is refused either way, so it is checked to say which.
          if case .damaged(let detail) = IntegrityCheck.check(database) { throw StoreError.damagedFile(path, detail) }
          throw error
        }
      }
      if file != nil, !readOnly {
        switchesToWAL = try database.row("PRAGMA journal_mode")?.text(0) != "wal"
      }
      try database.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
      try database.defineFunction("spendly_same_name") { name, wanted in
        wanted.map { TransactionFilter.sameName(name, $0) } ?? false
      }
      try database.defineFunction("spendly_mentions") { text, word in
        word.map { TransactionFilter.mentions(text, $0) } ?? false
      }
      try database.defineCheckedSum()
      try database.defineNameKey()
      if file != nil, !checkedIntact, let memo, memo.matches(path) {
        checkedIntact = !readOnly
        trusted = true
      }
      // A new file has nothing to check; an unchanged one was checked before.
      if version == 0 || trusted { try switchToWAL() }
      if !readOnly && version < Schema.latestVersion {
        if version > 0, !checkedIntact { try checkIntact() }
        try Schema.migrate(database)
      }
      if access == .create, file != nil, !checkedIntact { integrity = IntegrityCheck(path: path) }
    } catch let error as StoreError {
      throw error
    } catch let error as DatabaseError where error.resultCode.matches(.notADatabase) {
      throw StoreError.notADatabase(path, "SQLite cannot read it: \(error.message)")
    } catch let error as DatabaseError where readOnly && error.resultCode.matches(.cannotOpen) {
      throw StoreError.cannotOpen(
        path, "read-only, and its write-ahead log needs a -shm file beside it (\(error.message))")
    } catch let error as DatabaseError {
      switch StoreError.from(error, path: path) {
      case .database: throw StoreError.cannotOpen(path, error.message)
      case let classified: throw classified
      }
    } catch {
      throw StoreError.cannotOpen(path, "\(error)")
    }
  }

  deinit {
    integrity?.cancel()
    // The last connection to close copies the write-ahead log into the file, changing it; copied
    // here first (without waiting for anyone), the file is recorded as it will stay; a memo that
    // already says so (a question, which changed nothing) is left as it is.
    if trusted, !isReadOnly, let memo {
      _ = try? database.row("PRAGMA wal_checkpoint(PASSIVE)")
      if !memo.matches(path) { memo.record(path) }
    }
  }

  /// Forgets the cached catalog: its rows changed (or may have: an undo or redo, or another
  /// process's change).
  public func forgetCatalog() { cachedCatalog = nil }

  /// Runs `body` in one read transaction: a question's many statements see one snapshot and
  /// take the file's locks once. A write inside it ends the read first.
  public func snapshot<T>(_ body: () throws -> T) rethrows -> T { try database.snapshot(body) }

  /// Runs a write in one transaction, mapping errors. A file found
  /// damaged (now or earlier on this connection) takes no write.
  func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    // A question's snapshot ends first: the checks before a write may change the journal mode.
    database.endRead()
    try ensureWritable()
    // Left in rollback-journal mode by a write that could not switch back (`restoreWriteAheadLog`).
    if switchesToWAL, checkedIntact { try? switchToWAL() }
    do {
      let result = try database.transaction {
        // A newer Spendly may have migrated the file since this one opened it (a shell left
        // open): this one would write in its older way.
        let version = database.userVersion
        if version > Schema.latestVersion { throw StoreError.newerDatabase(version) }
        return try body(database)
      }
      // A commit may have checkpointed into the file: it is still the file known intact.
      if trusted { memo?.record(path) }
      return result
    } catch let error as StoreError {
      throw error
    } catch let error as ValidationError {
      throw .invalid(error)
    } catch let error as DatabaseError {
      throw failure(error)
    } catch {
      throw .database("\(error)")
    }
  }

  /// Refuses a write before anything is read for it: a read-only or malformed file (checked
  /// page by page before the first write) takes none.
  public func ensureWritable() throws(StoreError) {
    if isReadOnly { throw .readOnly(path) }
    if let damage { throw .damagedFile(path, damage) }
    if !checkedIntact { try checkIntact() }
  }

  /// Leaves write-ahead-log mode for one large write into a file with (nearly) nothing in it,
  /// such as a big import into an empty database: under a rollback journal (which holds only the
  /// few pages there were) the rows go straight into the file, instead of once into the log and
  /// again into the file, the log having grown to the whole database. Only when no other
  /// connection has the file open (SQLite refuses the switch otherwise). The cost: until the
  /// write commits, another process that opens the file waits for it (and gives up with "the
  /// database is busy" after the usual wait), where the log would have let it read. The caller
  /// puts the log back (`restoreWriteAheadLog`). True when the switch was made.
  func leaveWriteAheadLog() -> Bool {
    guard !switchesToWAL, (try? database.row("PRAGMA journal_mode")?.text(0)) == "wal",
      (try? database.row("PRAGMA journal_mode = DELETE")?.text(0)) == "delete"
    else { return false }
    // Every commit synced in full, as a rollback journal needs against a power cut.
    try? database.execute("PRAGMA synchronous = FULL")
    return true
  }

  /// Puts write-ahead-log mode (and its usual syncing) back after a write made under a rollback
  /// journal (a large import into an empty database). If the file stays busy, the next write
  /// switches it first; the file known intact is recorded as it now is.
  func restoreWriteAheadLog() {
    switchesToWAL = true
    try? database.execute("PRAGMA synchronous = NORMAL")
    try? switchToWAL()
    if trusted, !switchesToWAL { memo?.record(path) }
  }

  /// Puts the file in write-ahead-log mode (readers and a writer at once), when it is not yet.
  private func switchToWAL() throws(DatabaseError) {
    guard switchesToWAL else { return }
    try database.executeWaiting("PRAGMA journal_mode = WAL")
    switchesToWAL = false
  }

  /// SQLite notices damage only in the pages a statement reads, so before a connection's first write
  /// every page and index is checked (`PRAGMA integrity_check`, usually already done in the
  /// background; skipped for a file unchanged since it was last known intact, see `IntegrityMemo`):
  /// a write never goes into a malformed file, and nothing is written to the file before.
  private func checkIntact() throws(StoreError) {
    var verdict = integrity?.verdict ?? .notChecked
    if case .notChecked = verdict {
      do {
        verdict = IntegrityCheck.Verdict(try database.row("PRAGMA integrity_check(1)")?.text(0))
      } catch {
        throw failure(error)
      }
    }
    if case .damaged(let detail) = verdict {
      damage = detail
      memo?.forget()
      throw .damagedFile(path, detail)
    }
    checkedIntact = true
    trusted = true
    integrity = nil
    do {
      try switchToWAL()
    } catch {
      throw failure(error)
    }
  }

  /// Runs a read, turning a failed SQLite call or a damaged row into the person's one-line error.
  func reading<T>(_ body: () throws -> T) throws(StoreError) -> T {
    do {
      return try body()
    } catch let error as StoreError {
      throw error
    } catch let error as DamagedRow {
      throw .damaged(error)
    } catch let error as DatabaseError {
      throw failure(error)
    } catch {
      throw .database("\(error)")
    }
  }

  /// The person's view of a failed SQLite call; a malformed file is remembered, and takes no more writes.
  func failure(_ error: DatabaseError) -> StoreError {
    let classified = StoreError.from(error, path: path)
    if case .damagedFile(_, let detail) = classified { damage = detail }
    return classified
  }

  var now: LocalDateTime { clock() }
}
