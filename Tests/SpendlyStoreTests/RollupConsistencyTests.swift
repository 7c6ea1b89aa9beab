import SpendlyCore
import Testing

@testable import SpendlyStore

/// The rollups the triggers keep always equal a fresh GROUP BY over the transactions: after
/// every kind of write the store has, and after a seeded random sequence of 10,000 of them.
@Suite("Store: rollups equal a fresh GROUP BY")
struct RollupConsistencyTests {
  /// Every rollup row, and the same rows added up afresh (written here apart from `Rollups`).
  static func rollups(_ store: Store) throws -> (kept: [String], fresh: [String]) {
    let order = "ORDER BY 1, 2, 3, 4, 5, 6"
    let kept = try store.database.rows(
      "SELECT dim, month, currency, status, kind, key, total, count FROM rollups \(order)")
    // A month (7), or for merchants by year a year (4), or for the kind by day a day (10).
    let month = { (length: Int) in
      "CASE WHEN date(date, '+0 days') IS date THEN substr(date, 1, \(length)) ELSE 'damaged' END"
    }
    let keys = [
      ("kind", 7, "''"), ("category", 7, "coalesce(category_id, 0)"), ("method", 7, "coalesce(method_id, 0)"),
      ("account", 7, "coalesce(account_id, 0)"), ("merchant", 7, "coalesce(merchant, '—')"),
      ("merchant_year", 4, "coalesce(merchant, '—')"), ("kind_day", 10, "''"),
    ]
    let union = keys.map { dim, length, key in
      "SELECT '\(dim)' AS dim, \(month(length)) AS month, currency, status, kind, \(key) AS key, amount "
        + "FROM transactions WHERE kind != 'transfer'"
    }.joined(separator: " UNION ALL ")
    let fresh = try store.database.rows(
      "SELECT dim, month, currency, status, kind, key, spendly_month_total(amount), count(*) FROM (\(union)) "
        + "GROUP BY 1, 2, 3, 4, 5, 6 \(order)")
    let text = { (rows: [Row]) in rows.map { RowSnapshot.encode($0.values) } }
    return (text(kept), text(fresh))
  }

  static func expectConsistent(_ store: Store, _ after: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let (kept, fresh) = try rollups(store)
    // Only the rows that differ are shown: a whole table of rollups would bury them.
    let missing = Array(Set(fresh).subtracting(kept).sorted().prefix(5))
    let extra = Array(Set(kept).subtracting(fresh).sorted().prefix(5))
    let same = kept == fresh
    #expect(
      same, "rollups differ from a fresh GROUP BY after \(after): missing \(missing), not expected \(extra)",
      sourceLocation: sourceLocation)
  }

  static let merchants: [String?] = ["Social", "social", "Uber", "DMart", "Café", "Cafe\u{301}", "—", nil, nil]
  static let methods = ["Cash", "UPI", "Credit Card", "Debit Card", "Bank Transfer", "Other"]

  /// A random transaction: both kinds and a few transfers, every status, two currencies, dates
  /// over two years with the months' edges more often than chance.
  static func fields(_ random: inout SplitMix64) -> TransactionFields {
    let first = LocalDate(iso: "2025-01-01")!
    let date =
      random.chance(20)
      ? YearMonth(first).adding(months: random.below(24)).lastDay
      : first.adding(days: random.below(730))
    let status = random.pick(TransactionStatus.allCases)
    let currency: Currency = random.chance(75) ? .inr : .usd
    let amount = Money(minorUnits: Int64(1 + random.below(1_000_000)), currency: currency)
    if random.chance(5) {
      return TransactionFields(
        kind: .transfer, amount: Money(minorUnits: amount.minorUnits, currency: .inr), category: Transfer.category,
        method: "Bank Transfer", date: date, status: status, account: "HDFC Savings", counterAccount: "Wallet")
    }
    let kind: Kind = random.chance(80) ? .expense : .income
    return TransactionFields(
      kind: kind, amount: amount,
      category: random.pick(kind == .expense ? Category.defaultExpense : Category.defaultIncome),
      method: random.pick(methods), merchant: random.pick(merchants), date: date, status: status)
  }

  /// The id of a random live transaction, or nil when there is none.
  static func someID(_ store: Store, _ random: inout SplitMix64) throws -> Int64? {
    let count = try store.database.row("SELECT count(*) FROM transactions")?.int(0) ?? 0
    guard count > 0 else { return nil }
    return try store.database.row(
      "SELECT id FROM transactions ORDER BY id LIMIT 1 OFFSET ?", [.integer(Int64(random.below(Int(count))))])?.int(0)
  }

  /// A CSV import's path: the import stream, as `import FILE.csv` uses it.
  static func importRows(_ store: Store, _ rows: [TransactionFields]) throws {
    _ = try store.transactions.importStream(file: ImportFact(file: "t.csv", format: .csv), dryRun: false) { stream in
      for row in rows { _ = try stream.add(row) }
    }
  }

  /// A JSON restore's path: every table read out and given back to the restorer.
  static func exportAndRestore(_ store: Store) throws {
    var tables: [(ArchiveTable, [[ArchiveValue]])] = []
    for table in try store.archive.tables() {
      var rows: [[ArchiveValue]] = []
      try store.archive.rows(table) { rows.append($0) }
      tables.append((table, rows))
    }
    let sequences = try store.archive.sequences()
    _ = try store.archive.restore { restorer in
      try restorer.schema(ArchiveRecords.latestSchemaVersion)
      for (table, rows) in tables {
        restorer.saw(table.name)
        for row in rows { try restorer.insert(table.name, columns: table.columns, values: row) }
      }
      for (name, value) in sequences { try restorer.sequence(name, value) }
    }
  }

  /// Something an operation may refuse (nothing to undo, a row that no longer validates).
  static func tolerated(_ body: () throws -> Void) throws {
    do { try body() } catch is StoreError {}
  }

  /// A bulk import (thousands of rows, staged, the insert trigger off) tallies its rows in memory
  /// and adds them to the rollups at its end, or in parts when it holds many groups (a capacity
  /// of 100): into months that already have rollups, with merchants Swift would merge, a month
  /// and a year past Int64, and twice into the same months.
  @Test(arguments: [50_000, 100])
  func aBulkImportTalliesTheRollupsExactly(_ capacity: Int) throws {
    try RollupTally.$capacity.withValue(capacity) { try bulkImportTallies() }
  }

  func bulkImportTallies() throws {
    let store = try Store(path: ":memory:", clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    try AccountStoreTests.world(store)
    var random = SplitMix64(seed: 2801)
    for _ in 0..<50 { try store.transactions.add(Self.fields(&random)) }
    let kwd = Currency.named("KWD")!
    let largest = AmountParser.maximumMajorUnits * kwd.minorPerMajor
    let past = (0..<9_330).map { index in
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: largest, currency: kwd), category: "Rent", method: "Bank Transfer",
        merchant: index % 100 == 0 ? "Cafe\u{301}" : "Café",
        date: LocalDate(iso: "2025-03-01")!.adding(days: index % 28))
    }
    try Self.importRows(store, past + (0..<3_000).map { _ in Self.fields(&random) })
    // The month and the year of "Café" both pass Int64; "Cafe\u{301}" (other bytes) stays apart.
    let real = { (dim: String) in
      try store.database.row(
        "SELECT 1 FROM rollups WHERE dim = ? AND key = 'Café' AND typeof(total) = 'real'", [.text(dim)]) != nil
    }
    #expect(try real("merchant") && real("merchant_year"))
    #expect(
      try store.database.row(
        "SELECT count FROM rollups WHERE dim = 'merchant_year' AND currency = 'KWD' AND key = 'Cafe\u{301}'")?.int(0)
        == 94)
    try Self.expectConsistent(store, "a bulk import")
    // Edits and deletes in the same load (of rows stored before it, and of rows it added) keep
    // their triggers, which must meet every row added so far.
    let stored = try #require(try Self.someID(store, &random))
    _ = try store.transactions.importStream(file: ImportFact(file: "t.csv", format: .csv), dryRun: false) { stream in
      for _ in 0..<2_100 { _ = try stream.add(Self.fields(&random)) }
      try stream.flush()
      let resolved = { (fields: TransactionFields) in try Validator.resolve(fields, catalog: stream.currentCatalog) }
      try stream.queue(.update(id: stored, try resolved(Self.fields(&random))))
      try stream.queue(.update(id: stream.firstNewID + 7, try resolved(Self.fields(&random))))
      try stream.queue(.delete(id: stream.firstNewID + 8))
      for _ in 0..<2_100 { _ = try stream.add(Self.fields(&random)) }
      try stream.queue(.delete(id: stream.firstNewID + 2_101))
    }
    try Self.expectConsistent(store, "edits and deletes inside a bulk load")
    try Self.importRows(store, (0..<2_500).map { _ in Self.fields(&random) } + past.prefix(10))
    try Self.expectConsistent(store, "a second bulk import into the same months")
    _ = try store.undo()
    try Self.expectConsistent(store, "its undo")
    _ = try store.redo()
    try Self.expectConsistent(store, "its redo")
    #expect(try store.database.row("SELECT 1 FROM sqlite_master WHERE name = 'rollups_insert'") != nil)
  }

  @Test(arguments: Location.allCases)
  func everyWriteKeepsTheRollups(_ location: Location) throws {
    try withStore(location) { store, _ in
      try AccountStoreTests.world(store)
      var random = SplitMix64(seed: 28)
      for _ in 0..<40 { try store.transactions.add(Self.fields(&random)) }
      try Self.expectConsistent(store, "add")
      let id = try #require(try Self.someID(store, &random))
      try store.transactions.edit(id: id, Self.fields(&random))
      try Self.expectConsistent(store, "edit")
      try store.transactions.delete(id: try #require(try Self.someID(store, &random)))
      try Self.expectConsistent(store, "delete")
      try Self.importRows(store, (0..<30).map { _ in Self.fields(&random) })
      #expect(try store.database.row("SELECT count(*) FROM rollups WHERE month = '2025-01'")?.int(0) ?? 0 > 0)
      try Self.expectConsistent(store, "import")
      _ = try store.undo()
      try Self.expectConsistent(store, "undo of the import")
      _ = try store.undo()
      try Self.expectConsistent(store, "undo of the delete")
      _ = try store.redo()
      try Self.expectConsistent(store, "redo")
      try store.settings.set(.pending, "exclude")
      try Self.expectConsistent(store, "config pending exclude")
      try Self.exportAndRestore(store)
      try Self.expectConsistent(store, "restore")
      #expect(try store.database.row("SELECT count(*) FROM rollups")?.int(0) ?? 0 > 0)
      let triggers = Set(
        try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'transactions'")
          .compactMap { $0.text(0) })
      #expect(triggers == ["rollups_insert", "rollups_delete", "rollups_update"])
    }
  }

  /// The migration adds up the rows a database had before it (here: the rollups emptied, as
  /// a database at the step before would have none).
  @Test func theMigrationBuildsThemFromExistingRows() throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    try AccountStoreTests.world(store)
    var random = SplitMix64(seed: 7)
    for _ in 0..<200 { try store.transactions.add(Self.fields(&random)) }
    let (before, _) = try Self.rollups(store)
    // Back to the step before: month_totals as its own table (what the old migrations left).
    try store.database.execute(
      """
      DROP TRIGGER rollups_insert; DROP TRIGGER rollups_delete; DROP TRIGGER rollups_update;
      DROP VIEW month_totals; DROP TABLE rollups;
      CREATE TABLE month_totals(
        month TEXT NOT NULL, category_id INTEGER NOT NULL, currency TEXT NOT NULL, kind TEXT NOT NULL,
        status TEXT NOT NULL, total INTEGER NOT NULL, count INTEGER NOT NULL,
        PRIMARY KEY (month, category_id, currency, kind, status)) WITHOUT ROWID;
      CREATE INDEX month_totals_by_target ON month_totals(currency, kind, category_id, month);
      \(Schema.monthTotalsInsertTrigger)
      """)
    try Rollups.migration.run(store.database)
    let (kept, fresh) = try Self.rollups(store)
    #expect(kept == fresh)
    #expect(kept == before)
    #expect(!kept.isEmpty)
  }

  /// A seeded random sequence of 10,000 operations of every kind, checked along the way and at the end.
  @Test func tenThousandRandomOperations() throws {
    let store = try Store(path: ":memory:", clock: { fixedNow })
    try AccountStoreTests.world(store)
    var random = SplitMix64(seed: 2028)
    var restores = 0
    for step in 1...10_000 {
      let roll = random.below(1000)
      switch roll {
      case 0..<550:
        try Self.tolerated { try store.transactions.add(Self.fields(&random)) }
      case 550..<700:
        if let id = try Self.someID(store, &random) {
          let fields = Self.fields(&random)
          try Self.tolerated { try store.transactions.edit(id: id, fields) }
        }
      case 700..<800:
        if let id = try Self.someID(store, &random) { try Self.tolerated { try store.transactions.delete(id: id) } }
      case 800..<870: try Self.tolerated { try store.undo() }
      case 870..<930: try Self.tolerated { try store.redo() }
      case 930..<975:
        let rows = (0..<(1 + random.below(8))).map { _ in Self.fields(&random) }
        try Self.tolerated { try Self.importRows(store, rows) }
      case 975..<999:
        try store.settings.set(.pending, random.chance(50) ? "exclude" : "include")
      default:
        // A restore is a whole-database write: a few of them along the sequence.
        if restores < 3 {
          restores += 1
          try Self.exportAndRestore(store)
        }
      }
      if step % 500 == 0 {
        try Self.expectConsistent(store, "step \(step)")
        try ThinRevisionsTests.expectRevisionsHold(store)
      }
    }
    try Self.expectConsistent(store, "10,000 operations")
    try ThinRevisionsTests.expectRevisionsHold(store)
    #expect(try store.transactions.count() > 1000)
  }
}
