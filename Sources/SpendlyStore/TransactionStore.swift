import CSQLite
import SpendlyCore

/// The one writer of transactions. Every add, edit, delete and import goes through `apply`, which
/// validates, appends revisions and updates the current view in one SQLite transaction; `undo`
/// restores earlier revisions (already validated when written) in one transaction of its own.
public final class TransactionStore {
  let database: Database
  public let path: String
  private let clock: () -> LocalDateTime
  /// The catalog as last read; dropped by a change that touches its rows (not by every write).
  private var cachedCatalog: Catalog?
  /// Opened read-only (`.readOnly`, or a `.read` of a file this user cannot write): writes fail.
  public let isReadOnly: Bool
  /// What SQLite said when it found the file malformed: from then on it takes no writes.
  private(set) var damage: String?
  /// Whether every page has been checked (before this connection's first write).
  private var checkedIntact = false
  /// The check started when a store that may write opens (see `IntegrityCheck`).
  private var integrity: IntegrityCheck?
  /// Where the file is remembered as intact, so an unchanged file is not checked again.
  private let memo: IntegrityMemo?
  /// The file is known intact (checked here, or unchanged since it was): what this store
  /// writes keeps the memo up to date.
  private var trusted = false
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
      if file != nil, !readOnly {
        let mode = try database.row("PRAGMA journal_mode")?.text(0)
        if mode != "wal" {
          try database.executeWaiting("PRAGMA journal_mode = WAL")
        }
      }
      try database.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
      try database.defineFunction("spendly_same_name") { name, wanted in
        wanted.map { TransactionFilter.sameName(name, $0) } ?? false
      }
      try database.defineFunction("spendly_mentions") { text, word in
        word.map { TransactionFilter.mentions(text, $0) } ?? false
      }
      try database.defineCheckedSum()
      if !readOnly && version < Schema.latestVersion {
        if version > 0 { try checkIntact() }
        try Schema.migrate(database)
      }
      if file != nil, !checkedIntact, let memo, memo.matches(path) {
        checkedIntact = !readOnly
        trusted = true
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
    // here first (without waiting for anyone), the file is recorded as it will stay.
    if trusted, !isReadOnly, let memo {
      _ = try? database.row("PRAGMA wal_checkpoint(PASSIVE)")
      memo.record(path)
    }
  }

  // MARK: Catalog and settings

  /// Forgets the cached catalog: its rows changed (or may have: an undo or redo).
  func forgetCatalog() { cachedCatalog = nil }

  /// Categories and methods with the person's aliases; cached until one changes.
  public func catalog() throws(StoreError) -> Catalog {
    if let cachedCatalog { return cachedCatalog }
    let catalog = try reading { () throws -> Catalog in
      var categoryAliases: [Int64: [String]] = [:]
      for row in try database.rows("SELECT category_id, alias FROM category_aliases ORDER BY alias") {
        let reader = RowReader(row: row, name: "category alias '\(row.text(1) ?? "")'")
        categoryAliases[try reader.integer(0, "category_id"), default: []].append(try reader.text(1, "alias"))
      }
      let categories = try database.rows("SELECT id, name, side, builtin FROM categories ORDER BY side = 'income', id")
        .map { row in
          let reader = RowReader(row: row, name: "category #\(row.text(0) ?? "?")")
          return Category(
            name: try reader.text(1, "name"),
            side: try reader.required(2, "side", "expense or income") { Category.Side(rawValue: $0) },
            aliases: categoryAliases[try reader.integer(0, "id")] ?? [], builtin: row.int(3) == 1)
        }
      var methodAliases: [Int64: [String]] = [:]
      for row in try database.rows("SELECT method_id, alias FROM method_aliases ORDER BY alias") {
        let reader = RowReader(row: row, name: "method alias '\(row.text(1) ?? "")'")
        methodAliases[try reader.integer(0, "method_id"), default: []].append(try reader.text(1, "alias"))
      }
      let methods = try database.rows("SELECT id, name, builtin FROM methods ORDER BY id").map { row in
        let reader = RowReader(row: row, name: "method #\(row.text(0) ?? "?")")
        return PaymentMethod(
          name: try reader.text(1, "name"), aliases: methodAliases[try reader.integer(0, "id")] ?? [],
          builtin: row.int(2) == 1)
      }
      return Catalog(categories: categories, methods: methods)
    }
    cachedCatalog = catalog
    return catalog
  }

  public func addCategory(_ name: String, side: Category.Side, aliases: [String]) throws(StoreError) {
    let name = try checkedName(name, what: "category")
    let summary =
      "added \(side.rawValue) category \(name)" + (aliases.isEmpty ? "" : " (\(aliases.joined(separator: ", ")))")
    try change(.addCategory, summary: summary) { log in
      try insertName(log.db, table: "categories", what: "category", name: name, extra: side.rawValue)
      let id = log.db.lastInsertRowID
      try log.inserted(.categories, key: .integer(id))
      for alias in aliases { try insertAlias(log, .category, id: id, alias: alias) }
    }
  }

  public func addMethod(_ name: String, aliases: [String]) throws(StoreError) {
    let name = try checkedName(name, what: "method")
    let summary = "added payment method \(name)" + (aliases.isEmpty ? "" : " (\(aliases.joined(separator: ", ")))")
    try change(.addMethod, summary: summary) { log in
      try insertName(log.db, table: "methods", what: "method", name: name, extra: nil)
      let id = log.db.lastInsertRowID
      try log.inserted(.methods, key: .integer(id))
      for alias in aliases { try insertAlias(log, .method, id: id, alias: alias) }
    }
  }

  /// Adds an alias to an existing category or method, named by any name it answers to; returns
  /// its current name.
  @discardableResult
  public func addAlias(_ alias: String, to name: String, kind: CatalogKind) throws(StoreError) -> String {
    guard let current = try reading({ try named(database, name, kind: kind)?.1 }) else {
      throw StoreError.unknown(kind.rawValue, name)
    }
    return try change(.addAlias, summary: "added alias \(alias) for \(kind.noun) \(current)") { log in
      guard let (id, current) = try named(log.db, name, kind: kind) else {
        throw StoreError.unknown(kind.rawValue, name)
      }
      try insertAlias(log, kind, id: id, alias: alias)
      return current
    }
  }

  /// Renames the category or method `old` (any name it answers to); returns the name it had.
  @discardableResult
  public func rename(_ kind: CatalogKind, from old: String, to new: String) throws(StoreError) -> String {
    let new = try checkedName(new, what: kind.rawValue)
    guard let shown = try reading({ try named(database, old, kind: kind)?.1 }) else {
      throw StoreError.unknown(kind.rawValue, old)
    }
    return try change(.rename, summary: "renamed \(kind.noun) \(shown) → \(new)") { log in
      let db = log.db
      // `old` may be an alias or an earlier name: what is renamed is the name it means now.
      guard let (id, current) = try self.named(db, old, kind: kind) else {
        throw StoreError.unknown(kind.rawValue, old)
      }
      let sameWord = current.lowercased() == new.lowercased()
      // Renaming to one of its own aliases (renaming back) frees that alias first.
      try log.track(kind.aliasTable, key: .text(new)) {
        try db.run(
          "DELETE FROM \(kind.aliasTable.rawValue) WHERE alias = ? AND \(kind.aliasColumn) = ?",
          [.text(new), .integer(id)])
      }
      if !sameWord, try wordTaken(db, new, kind: kind) { throw StoreError.duplicateName(kind.rawValue, new) }
      try log.track(kind.table, key: .integer(id)) {
        try db.run("UPDATE \(kind.table.rawValue) SET name = ? WHERE id = ?", [.text(new), .integer(id)])
      }
      // The old name keeps working (and the lexicon's words for it): it becomes an alias.
      if !sameWord, try !wordTaken(db, current, kind: kind) {
        try db.run(
          "INSERT INTO \(kind.aliasTable.rawValue)(alias, \(kind.aliasColumn)) VALUES (?, ?)",
          [.text(current), .integer(id)])
        try log.inserted(kind.aliasTable, key: .text(current))
      }
      return current
    }
  }

  private func checkedName(_ name: String, what: String) throws(StoreError) -> String {
    let cleaned: String?
    do {
      cleaned = try Validator.cleanedName(name, field: what)
    } catch {
      throw .invalid(error)
    }
    guard let cleaned else { throw .invalid(ValidationError(field: what, value: "", reason: "name is empty")) }
    return cleaned
  }

  /// True when `word` already names or aliases a category (or a method), so it would be ambiguous.
  private func wordTaken(_ db: Database, _ word: String, kind: CatalogKind) throws -> Bool {
    let sql =
      kind == .category
      ? "SELECT 1 FROM categories WHERE name = ?1 COLLATE NOCASE UNION ALL SELECT 1 FROM category_aliases WHERE alias = ?1"
      : "SELECT 1 FROM methods WHERE name = ?1 COLLATE NOCASE UNION ALL SELECT 1 FROM method_aliases WHERE alias = ?1"
    return try db.row(sql, [.text(word)]) != nil
  }

  private func insertName(_ db: Database, table: String, what: String, name: String, extra: String?) throws {
    if try wordTaken(db, name, kind: table == "categories" ? .category : .method) {
      throw StoreError.duplicateName(what, name)
    }
    try unique(what, name) {
      if let extra {
        try db.run("INSERT INTO \(table)(name, side) VALUES (?, ?)", [.text(name), .text(extra)])
      } else {
        try db.run("INSERT INTO \(table)(name) VALUES (?)", [.text(name)])
      }
    }
  }

  /// Runs an insert, reading a UNIQUE or PRIMARY KEY refusal as the name being taken: another
  /// process may add the same name between the check above and this insert.
  private func unique(_ what: String, _ name: String, _ insert: () throws -> Void) throws {
    do {
      try insert()
    } catch let error as DatabaseError
      where error.resultCode.matches(.constraintUnique) || error.resultCode.matches(.constraintPrimaryKey)
    {
      throw StoreError.duplicateName(what, name)
    }
  }

  private func insertAlias(_ log: ChangeRecorder, _ kind: CatalogKind, id: Int64, alias: String) throws {
    guard let alias = try Validator.cleanedName(alias, field: "alias") else { return }
    if try wordTaken(log.db, alias, kind: kind) { throw StoreError.duplicateName("alias", alias) }
    try unique("alias", alias) {
      try log.db.run(
        "INSERT INTO \(kind.aliasTable.rawValue)(alias, \(kind.aliasColumn)) VALUES (?, ?)",
        [.text(alias), .integer(id)])
    }
    try log.inserted(kind.aliasTable, key: .text(alias))
  }

  /// Runs a write in one transaction, mapping errors. A file found
  /// damaged (now or earlier on this connection) takes no write.
  func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    try ensureWritable()
    do {
      let result = try database.transaction { try body(database) }
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

  /// SQLite notices damage only in the pages a statement reads, so before a connection's first write
  /// every page is checked (`PRAGMA quick_check`, usually already done in the background): a write
  /// never goes into a malformed file.
  private func checkIntact() throws(StoreError) {
    var verdict = integrity?.verdict ?? .notChecked
    if case .notChecked = verdict {
      do {
        verdict = IntegrityCheck.Verdict(try database.row("PRAGMA quick_check(1)")?.text(0))
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
