/// Why a database's recorded migrations do not fit this Spendly's list: it is refused at start-up
/// (nothing is run on it), never migrated past the gap.
struct MigrationOrderError: Error, CustomStringConvertible {
  enum Problem {
    /// The database has had a migration this Spendly does not know (another Spendly made it).
    case unknown(String)
    /// `missing` has not run, yet `later`, which comes after it, has: it was inserted out of order.
    case outOfOrder(missing: String, later: String)
    /// Its `user_version` and its ledger disagree (something set one without the other).
    case disagrees(version: Int, recorded: Int)
  }

  let problem: Problem

  var description: String {
    switch problem {
    case .unknown(let name):
      return "it has had the migration '\(name)', which this spendly does not know (another spendly made it)"
    case .outOfOrder(let missing, let later):
      return "its schema lacks the migration '\(missing)' yet has '\(later)', which comes after it; "
        + "this spendly will not run them out of order"
    case .disagrees(let version, let recorded):
      return "its schema version (\(version)) disagrees with the \(recorded) migrations it records"
    }
  }
}

extension Schema {
  static var latestVersion: Int { migrations.count }

  /// The table of applied names; migration "migration-names" creates it.
  static let ledger = "applied_migrations"

  /// Creates the ledger with the names of every migration before this one (a database reaches
  /// it having had all of them, in order: its `user_version`); `migrate` then records this one's.
  static func recordMigrationNames(_ db: Database) throws {
    try db.execute("CREATE TABLE \(ledger)(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
    for name in namesBeforeLedger {
      try db.run("INSERT INTO \(ledger)(name) VALUES (?)", [.text(name)])
    }
  }

  static func hasLedger(_ db: Database) throws -> Bool {
    try db.row("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(ledger)]) != nil
  }

  /// The names of the migrations `db` has had, in the order they ran: from its ledger, or, for a
  /// database made before the ledger, the first `user_version` of `namesBeforeLedger`.
  static func applied(_ db: Database) throws -> [String] {
    // Whether the ledger exists and the version beside it, from one snapshot: another process
    // may be migrating a fresh file meanwhile, committing a migration between two statements.
    let head = try db.row(
      "SELECT (SELECT user_version FROM pragma_user_version), "
        + "EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?)", [.text(ledger)])
    if head?.int(1) == 1 {
      // One statement, so one snapshot of both (a migration commits them together).
      let rows = try db.rows("SELECT name, (SELECT user_version FROM pragma_user_version) FROM \(ledger) ORDER BY id")
      let version = Int(rows.first?.int(1) ?? 0)
      guard version == rows.count else {
        throw MigrationOrderError(problem: .disagrees(version: version, recorded: rows.count))
      }
      return rows.compactMap { $0.text(0) }
    }
    let version = Int(head?.int(0) ?? 0)
    guard version <= namesBeforeLedger.count else {
      throw MigrationOrderError(problem: .disagrees(version: version, recorded: 0))
    }
    return Array(namesBeforeLedger.prefix(version))
  }

  /// The migrations that shipped before the ledger, in order: a database without a ledger has
  /// had the first `user_version` of these. Frozen, so a migration inserted among them later is
  /// still found missing rather than taken as run.
  static let namesBeforeLedger = [
    "core", "history-indexes", "report-index", "default-income-method", "change-rows", "summary-backfill",
    "budgets-and-month-totals", "month-totals-by-target", "schedules", "debts", "accounts-and-transfers",
    "statement-imports",
  ]

  /// The positions in `list` of the migrations `db` still needs, in order, up to `target`.
  /// Throws when `db` has had one `list` does not know, or lacks one that comes before one it
  /// has had (a migration inserted out of order: running it now could undo a later one).
  static func pending(_ db: Database, upTo target: Int? = nil, list: [Migration] = migrations) throws -> [Int] {
    let names = try applied(db)
    let done = Set(names)
    let known = Set(list.map(\.name))
    if let stranger = names.first(where: { !known.contains($0) }) {
      throw MigrationOrderError(problem: .unknown(stranger))
    }
    let missing = list.indices.filter { !done.contains(list[$0].name) }
    if let first = missing.first, let last = list.indices.last(where: { done.contains(list[$0].name) }), first < last {
      throw MigrationOrderError(problem: .outOfOrder(missing: list[first].name, later: list[last].name))
    }
    return missing.filter { $0 < (target ?? list.count) }
  }

  /// Brings `db` up to the first `target` migrations of `list`, each in its own transaction that
  /// records its name (once the ledger exists) and the count in `user_version`.
  static func migrate(_ db: Database, upTo target: Int = latestVersion, list: [Migration] = migrations) throws {
    guard !(try pending(db, upTo: target, list: list)).isEmpty else { return }
    // Migrations compare names as the store does, through `spendly_name_key` (a copy or a
    // staged archive is migrated on a connection the store did not open).
    try db.defineNameKey()
    for index in 0..<target {
      try db.transaction {
        // Re-read inside the write lock: another process may have migrated meanwhile.
        guard try pending(db, upTo: target, list: list).first == index else { return }
        try list[index].run(db)
        if try hasLedger(db) {
          try db.run("INSERT INTO \(ledger)(name) VALUES (?)", [.text(list[index].name)])
        }
        try db.setUserVersion(index + 1)
      }
      db.forgetColumns()
    }
  }
}
