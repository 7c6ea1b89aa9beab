import SpendlyCore

/// The whole database as tables of rows, for the JSON export and its restore: every table a
/// person's data lives in, in an order that restores (what a row points at comes first), rows
/// by primary key, so the same database always gives the same rows.
public struct ArchiveRecords: RecordFamily {
  let store: Store

  /// The version of the export's layout (its tables and columns are the schema's).
  public static let formatVersion = 1

  /// Tables in restore order. The month totals are not here: they are worked out again.
  static let order = [
    "settings", "categories", "category_aliases", "methods", "method_aliases", "accounts", "account_aliases",
    "account_methods", "schedules", "schedule_prices", "schedule_skips", "debts", "budgets", "changes", "revisions",
    "transactions", "change_rows", "statement_balances", "imported_files", "imported_file_accounts",
    "csv_mappings", "sync_tokens", "merchant_corrections",
  ]

  /// The tables deliberately not in `order`, and why (`SchemaCoverageTests` checks every table
  /// of the schema is in one or the other).
  static let outside: [String: String] = [
    "rollups": "worked out again from the transactions",
    "sqlite_sequence": "carried as the file's sequences",
    "applied_migrations": "the file's schema version says which migrations its rows have had",
  ]
}

extension Store {
  /// The whole database as tables, for `export json` and its restore.
  public var archive: ArchiveRecords { ArchiveRecords(store: self) }
}

extension ArchiveRecords {
  /// The schema version the rows are in: this database's own (the latest, once migrated; an
  /// older file opened read-only is not migrated, and is exported as it is).
  public var schemaVersion: Int { database.userVersion }

  /// The newest schema version this Spendly restores (an older one is migrated forward).
  public static var latestSchemaVersion: Int { Schema.latestVersion }

  /// The tables with their columns, in restore order (those the database's schema has).
  public func tables() throws(StoreError) -> [ArchiveTable] {
    try reading {
      try Self.order.compactMap { name in
        let columns = try Self.columns(database, name).map(\.name)
        return columns.isEmpty ? nil : ArchiveTable(name: name, columns: columns)
      }
    }
  }

  /// A table's columns as the schema declares them (see `TableColumn`).
  static func columns(_ db: Database, _ table: String) throws -> [TableColumn] {
    try db.columns(of: table)
  }

  /// Calls `body` with each row of `table`, by primary key (every column for a table without one).
  public func rows(_ table: ArchiveTable, _ body: ([ArchiveValue]) throws -> Void) throws {
    let columns = try reading { try Self.columns(database, table.name) }
    let keys = columns.filter { $0.keyPosition > 0 }.sorted { $0.keyPosition < $1.keyPosition }.map(\.name)
    let order = (keys.isEmpty ? table.columns : keys).joined(separator: ", ")
    let statement = try reading {
      try database.statement("SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name) ORDER BY \(order)")
    }
    defer { statement.reset() }
    do {
      while try statement.step() {
        try body(statement.row().values.map(ArchiveValue.init))
      }
    } catch let error as DatabaseError {
      throw failure(error)
    }
  }

  /// The AUTOINCREMENT counters (the next id is past every id ever used), by table.
  public func sequences() throws(StoreError) -> [(String, Int64)] {
    try reading {
      try database.rows("SELECT name, seq FROM sqlite_sequence ORDER BY name").map {
        ($0.text(0) ?? "", $0.int(1) ?? 0)
      }
    }
  }

  /// True when nothing was ever written here: no transaction, no change, no account, budget,
  /// schedule or debt (a new database with its default categories and methods).
  public func isEmpty() throws(StoreError) -> Bool {
    try reading {
      for table in ["changes", "transactions", "revisions", "accounts", "budgets", "schedules", "debts"] {
        if try database.row("SELECT 1 FROM \(table) LIMIT 1") != nil { return false }
      }
      return true
    }
  }

  /// Replaces every table with what `body` gives the restorer, in one transaction: checked
  /// (foreign keys, integrity) before it commits, so a bad file leaves the database as it was.
  ///
  /// `replacing` (the file's name) makes it a replace of a database with data: the database is
  /// first copied to `keep` inside the same write transaction, and the replace is one change
  /// that `undo` refuses to walk past (see `Replacement`).
  public func restore(
    dryRun: Bool = false, replacing source: String? = nil, keepingAt keep: String? = nil,
    _ body: (ArchiveRestorer) throws -> Void
  ) throws(StoreError) -> Int {
    try store.ensureWritable()
    // A dry run does the whole restore, checks included, and rolls it back.
    var rolledBack: Int?
    do {
      return try restoring(dryRun: dryRun, replacing: source, keepingAt: keep, body) { rolledBack = $0 }
    } catch {
      if let rolledBack { return rolledBack }
      throw error
    }
  }

  private func restoring(
    dryRun: Bool, replacing source: String?, keepingAt keep: String?, _ body: (ArchiveRestorer) throws -> Void,
    rolledBack: (Int) -> Void
  ) throws(StoreError) -> Int {
    let stamp = store.now.description
    try? database.execute("PRAGMA foreign_keys = OFF")
    // A bigger page cache while the rows come in (the whole restore is one transaction, which
    // otherwise spills pages to the log as it goes); back to SQLite's default after.
    try? database.execute("PRAGMA cache_size = -65536")
    defer {
      try? database.execute("PRAGMA cache_size = -2000")
      try? database.execute("PRAGMA foreign_keys = ON")
      store.forgetCatalog()
    }
    return try store.write { db in
      if let keep, !dryRun { try store.keepCopy(at: keep) }
      for table in Self.order.reversed() { try db.run("DELETE FROM \(table)") }
      try db.run("DELETE FROM rollups")
      try db.run("DELETE FROM sqlite_sequence")
      let restorer = ArchiveRestorer(db: db)
      try db.execute("DROP TRIGGER rollups_insert")
      // The big tables' indexes are built once after the rows are in, not row by row
      // (inside the transaction: a refused file gets them back with its rollback).
      let deferred = try Self.dropBulkIndexes(db)
      try body(restorer)
      // A file made at an earlier schema was restored at its own, then migrated: its rows come in now.
      try restorer.finishEarlierSchema()
      // A row that came in without its merchant's key gets the key it would have.
      for table in ["transactions", "revisions"] {
        try db.run(
          "UPDATE \(table) SET merchant_key = spendly_name_key(merchant) WHERE merchant IS NOT NULL AND merchant_key IS NULL"
        )
      }
      try Rollups.rebuild(db)
      try db.execute(Rollups.insertTrigger)
      for sql in deferred { try db.execute(sql) }
      for table in Self.order where !restorer.tables.contains(table) {
        throw StoreError.invalid(
          ValidationError(field: "table", value: table, reason: "missing from the file (every export has every table)"))
      }
      // Every transaction must read back and meet the rules a typed one meets (set-wise).
      store.forgetCatalog()
      try RestoreCheck.run(db, catalog: try store.catalog.current())
      try RestoreCheck.revisions(db)
      if let problem = try db.row("PRAGMA foreign_key_check") {
        throw StoreError.invalid(
          ValidationError(
            field: "table \(problem.text(0) ?? "?")", value: problem.text(1) ?? "",
            reason: "a row points at a \(problem.text(2) ?? "row") that the file does not have"))
      }
      if dryRun {
        rolledBack(restorer.rows)
        throw DryRun()
      }
      if let source {
        try Store.recordReplace(db, source: source, kept: keep, stamp: stamp)
      }
      return restorer.rows
    }
  }
}

extension ArchiveRecords {
  /// The tables a restore fills with many rows, whose indexes it builds after the rows.
  static let bulkTables = ["transactions", "revisions", "change_rows"]

  /// Drops the bulk tables' plain (not unique) indexes, giving the statements that make them again.
  static func dropBulkIndexes(_ db: Database) throws -> [String] {
    try db.dropIndexes(of: bulkTables, keepingUnique: true)
  }
}

extension ArchiveValue {
  init(_ value: SQLValue) {
    switch value {
    case .null: self = .null
    case .integer(let v): self = .integer(v)
    case .text(let s): self = .text(s)
    }
  }
}

extension SQLValue {
  init(_ value: ArchiveValue) {
    switch value {
    case .null: self = .null
    case .integer(let v): self = .integer(v)
    case .text(let s): self = .text(s)
    }
  }
}

/// Merges an export's transactions into a database that has its own: the file's catalog rows
/// are read for their names, and each of its current transactions is added through the one
/// import stream (new names created, duplicates skipped). History, budgets, schedules, debts
/// and settings stay as they are here.
public final class ArchiveMerger {
  let stream: ImportStream
  private var categories: [Int64: (String, Category.Side)] = [:]
  private var methods: [Int64: String] = [:]
  private var accounts: [Int64: Account] = [:]
  private var accountMethods: [Int64: [Int64]] = [:]
  /// Transactions of the file that could not be read back (named by id), skipped.
  public private(set) var unreadable: [String] = []

  /// The last row's columns, and where each is (a table's rows come with the same columns).
  private var lastColumns: [String] = []
  private var position: [String: Int] = [:]

  public init(_ stream: ImportStream) { self.stream = stream }

  /// Takes one row of the file.
  public func row(_ table: String, columns: [String], values: [ArchiveValue]) throws {
    if columns != lastColumns {
      lastColumns = columns
      // The first of a column named twice, as a search from the start finds it.
      position = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
    let position = self.position
    func value(_ name: String) -> ArchiveValue {
      position[name].map { values[$0] } ?? .null
    }
    func text(_ name: String) -> String? { if case .text(let s) = value(name) { s } else { nil } }
    func int(_ name: String) -> Int64? { if case .integer(let v) = value(name) { v } else { nil } }
    switch table {
    case "categories":
      if let id = int("id"), let name = text("name") {
        categories[id] = (name, text("side") == "income" ? .income : .expense)
      }
    case "methods":
      if let id = int("id"), let name = text("name") { methods[id] = name }
    case "accounts":
      if let id = int("id"), let name = text("name"), let type = text("type").flatMap(AccountType.init(rawValue:)) {
        var account = Account(name: name, type: type, currency: text("currency").flatMap(Currency.named) ?? .inr)
        account.institution = text("institution")
        account.last4 = text("last4")
        account.number = text("number")
        account.opening = int("opening") ?? 0
        account.openingDate = text("opening_date").flatMap { LocalDate(iso: $0) }
        account.closedOn = text("closed_on").flatMap { LocalDate(iso: $0) }
        accounts[id] = account
      }
    case "account_methods":
      if let account = int("account_id"), let method = int("method_id") {
        accountMethods[account, default: []].append(method)
      }
    case "transactions":
      try transaction(columns, values)
    default: break
    }
  }

  private func transaction(_ columns: [String], _ values: [ArchiveValue]) throws {
    // The row laid out as the store's own select reads it: id, the field columns, the names
    // joined, created and updated.
    let position = self.position
    func value(_ name: String) -> SQLValue {
      position[name].map { SQLValue(values[$0]) } ?? .null
    }
    func id(_ name: String) -> Int64? { if case .integer(let v) = value(name) { v } else { nil } }
    var layout: [SQLValue] = [value("id")]
    layout += TransactionColumns.selectedValues(stored: value) { table, id in
      guard case .integer(let id) = id else { return .null }
      return switch table {
      case "categories": SQLValue(categories[id]?.0)
      case "methods": SQLValue(methods[id])
      default: SQLValue(accounts[id]?.name)
      }
    }
    layout += [value("created_at"), value("updated_at")]
    let transaction: Transaction
    do {
      transaction = try TransactionRecords.transaction(from: Row(values: layout))
    } catch {
      unreadable.append("#\(id("id").map(String.init) ?? "?")")
      return
    }
    var fields = transaction.fields
    fields.recurringID = nil
    fields.debtID = nil
    let catalog = stream.currentCatalog
    if fields.kind != .transfer, catalog.category(named: fields.category) == nil,
      let (name, side) = id("category_id").flatMap({ categories[$0] })
    {
      try stream.createCategory(name, side: side)
    }
    for name in [fields.method, fields.counterMethod].compactMap({ $0 }) where catalog.method(named: name) == nil {
      try stream.createMethod(name)
    }
    for key in ["account_id", "counter_account_id"] {
      if let accountID = id(key), var account = accounts[accountID],
        stream.currentCatalog.account(named: account.name) == nil
      {
        // Its methods, as the file's account has them, where this database has the method.
        account.methods = (accountMethods[accountID] ?? []).compactMap { methods[$0] }.filter {
          stream.currentCatalog.method(named: $0) != nil && stream.currentCatalog.account(forMethod: $0) == nil
        }
        try stream.createAccount(account)
      }
    }
    // The file says which account each entry is on (none too): none is inferred.
    try stream.add(fields, inferringAccounts: false)
  }
}
