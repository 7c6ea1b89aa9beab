/// Each month's totals and counts per currency, status and kind, by one dimension at a time
/// (kind alone, category, method, account, merchant), kept by triggers beside the transactions
/// so a report over whole months reads the rollups instead of the rows (`ReportQueries`).
/// Merchants are kept per year too (`merchant_year`, whose `month` is the year): a year has
/// about as many merchants as each of its months, so top merchants for a year reads a year's
/// worth of rows, not twelve months' worth. The kind alone is kept per day too (`kind_day`,
/// whose `month` is the day), so the partial months at a period's ends are read, not scanned.
///
/// One table, `rollups(dim, month, currency, status, kind, key, total, count)`. Transfers are
/// left out, as every total leaves them out. The status is a key, so `config pending exclude`
/// chooses at query time. `month_totals`, which budgets read, is the view of its category rows.
/// The month of a date that is not a real day (`date(d, '+0 days')` differs) is 'damaged', so a
/// whole month holds exactly the rows a scan between its first and last day finds. A total kept
/// past Int64 is the REAL 1e19 and one of a damaged amount the text 'damaged' (as
/// `spendly_month_total` adds them up); a report that meets either scans instead.
enum Rollups {
  /// A dimension: its name in `dim`, its key from a transaction row (`row` is NEW, OLD or a
  /// table), and the span its `month` column names.
  struct Dimension: Sendable {
    /// What a rollup's `month` is: a month, a year (added up from a monthly dimension's rows by
    /// a rebuild), or a day.
    enum Span: Sendable, Equatable {
      case month
      case year(of: String)
      case day

      /// How much of a date the span keeps: 7 ('2026-11'), 4 ('2026'), 10 ('2026-11-29').
      var length: Int {
        switch self {
        case .month: 7
        case .year: 4
        case .day: 10
        }
      }
    }

    let name: String
    var span = Span.month
    let key: @Sendable (String) -> String

    var length: Int { span.length }
    /// The monthly dimension a yearly one adds up; nil for another span.
    var yearOf: String? {
      if case .year(let monthly) = span { monthly } else { nil }
    }
  }

  static let dimensions: [Dimension] = [
    Dimension(name: "kind") { _ in "''" },
    Dimension(name: "category") { "coalesce(\($0).category_id, 0)" },
    Dimension(name: "method") { "coalesce(\($0).method_id, 0)" },
    Dimension(name: "account") { "coalesce(\($0).account_id, 0)" },
    Dimension(name: "merchant") { "coalesce(\($0).merchant, '—')" },
    Dimension(name: "merchant_year", span: .year(of: "merchant")) { "coalesce(\($0).merchant, '—')" },
    Dimension(name: "kind_day", span: .day) { _ in "''" },
  ]

  /// A dimension's name as an SQL literal, for `dim = 'merchant'`. Written into the statement,
  /// not bound: `rollups_by_total` is a partial index on `dim`, and SQLite prepares a statement
  /// whose `dim` is a bound parameter a second time once the value is bound, to see whether that
  /// index serves it. Only the names above are accepted, so no outside text reaches the SQL.
  static func literal(_ name: String) -> String {
    precondition(dimensions.contains { $0.name == name }, "no rollup dimension \(name)")
    return "'\(name)'"
  }

  /// The month a row's date counts in ('damaged' for a date that is no real day); with
  /// `length` 4, its year, and 10, its day. `length` may be a column (`d.value`, each dimension's own).
  static func month(_ row: String, length: String = "7") -> String {
    "CASE WHEN date(\(row).date, '+0 days') IS \(row).date THEN substr(\(row).date, 1, \(length)) ELSE 'damaged' END"
  }

  /// The period text of a `month` column as a yearly dimension keeps it: 'damaged' stays.
  static func year(ofMonth column: String) -> String {
    "CASE WHEN \(column) = 'damaged' THEN 'damaged' ELSE substr(\(column), 1, 4) END"
  }

  static let table = """
    CREATE TABLE rollups(
      dim TEXT NOT NULL, month TEXT NOT NULL, currency TEXT NOT NULL, status TEXT NOT NULL, kind TEXT NOT NULL,
      key NOT NULL, total NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (dim, month, currency, status, kind, key)) WITHOUT ROWID;
    CREATE INDEX rollups_by_target ON rollups(dim, currency, kind, key, month);
    CREATE VIEW month_totals AS
      SELECT month, key AS category_id, currency, kind, status, total, count FROM rollups WHERE dim = 'category';
    """

  /// Every dimension as a row of `d`: its name in `d.key`, how much of the date its `month`
  /// keeps in `d.value`. One JSON literal read by `json_each`, not a SELECT per dimension: a
  /// trigger's text is parsed with the schema by every process that opens the database, and
  /// this keeps it short.
  private static let keyed = """
    json_each('{\(dimensions.map { "\"\($0.name)\":\($0.length)" }.joined(separator: ","))}') AS d
    """

  /// A row's key in the dimension `d.key` names: a key most dimensions share (the first, in a
  /// tie) is the ELSE.
  private static func key(_ row: String) -> String {
    let keys = dimensions.map { $0.key(row) }
    let shared = keys.max { a, b in keys.count(where: { $0 == a }) < keys.count(where: { $0 == b }) }!
    let cases = zip(dimensions, keys).filter { $0.1 != shared }.map { "WHEN '\($0.0.name)' THEN \($0.1)" }
    return "CASE d.key \(cases.joined(separator: " ")) ELSE \(shared) END"
  }

  /// One row added to every dimension's rollups, in one statement.
  private static func adding(_ row: String) -> String {
    let amount =
      "CASE WHEN typeof(\(row).amount) = 'integer' AND \(row).amount > 0 THEN \(row).amount ELSE 'damaged' END"
    return """
        INSERT INTO rollups SELECT d.key, \(month(row, length: "d.value")), \(row).currency, \(row).status, \(row).kind, \(key(row)), \(amount), 1
          FROM \(keyed) WHERE \(row).kind != 'transfer'
        ON CONFLICT DO UPDATE SET count = count + 1, \(addedTotal);
      """
  }

  /// The total of a rollup `excluded.total` is added to (a row, or a bulk load's tally): 'damaged'
  /// stays, past Int64 it is the REAL 1e19. The one rule, for the trigger and `RollupTally`.
  static let addedTotal = """
    total = CASE
        WHEN typeof(total) = 'text' OR typeof(excluded.total) = 'text' THEN 'damaged'
        WHEN typeof(total) = 'integer' AND typeof(total + excluded.total) = 'integer' THEN total + excluded.total
        ELSE 1e19 END
    """

  /// One row taken out of every dimension's rollups (a total past Int64 or damaged stays so),
  /// and the rollups it leaves empty deleted. The rollups are named by their whole primary key
  /// (a row value IN the keys' list), so SQLite looks each one up whatever statistics it holds;
  /// joined as `UPDATE … FROM`, statistics that put the rollups below about a hundred rows make
  /// it scan them instead. Only a rollup just taken to zero has a count of zero while the
  /// rollups are in step, and `rollups_emptied` indexes just those, so the delete reads only
  /// them (a large import into an empty table drops that index with the others, and neither
  /// edits nor deletes while it is gone).
  private static func removing(_ row: String) -> String {
    """
      UPDATE rollups SET count = count - 1, total = CASE
        WHEN typeof(total) = 'integer' AND typeof(\(row).amount) = 'integer' THEN total - \(row).amount ELSE total END
      WHERE (dim, month, currency, status, kind, key) IN (
        SELECT d.key, \(month(row, length: "d.value")), \(row).currency, \(row).status, \(row).kind, \(key(row))
        FROM \(keyed) WHERE \(row).kind != 'transfer');
      DELETE FROM rollups WHERE count <= 0;
    """
  }

  /// The insert trigger, which a bulk load drops and puts back (`withBulkLoad`).
  static let insertTrigger = """
    CREATE TRIGGER rollups_insert AFTER INSERT ON transactions BEGIN
    \(adding("NEW"))
    END;
    """

  /// The triggers, with the partial index their delete reads (empty but for the moment between a
  /// rollup's last row going and the delete).
  static let triggers = """
    CREATE INDEX IF NOT EXISTS rollups_emptied ON rollups(count) WHERE count <= 0;
    \(insertTrigger)
    CREATE TRIGGER rollups_delete AFTER DELETE ON transactions BEGIN
    \(removing("OLD"))
    END;
    CREATE TRIGGER rollups_update
    AFTER UPDATE OF date, currency, status, kind, amount, category_id, method_id, account_id, merchant ON transactions
    BEGIN
    \(removing("OLD"))
    \(adding("NEW"))
    END;
    """

  /// The three triggers dropped, for a migration that puts them back changed.
  static let droppingTriggers = """
    DROP TRIGGER IF EXISTS rollups_insert;
    DROP TRIGGER IF EXISTS rollups_delete;
    DROP TRIGGER IF EXISTS rollups_update;
    """

  /// Replaces `month_totals` (its table, index and triggers) with the rollups, added up from
  /// the transactions there are.
  static let migration = Migration(
    name: "rollups",
    purpose: "each month's totals by kind, category, method, account and merchant, kept by triggers for reports"
  ) { db in
    try db.defineCheckedSum()
    try db.execute(
      """
      DROP TRIGGER IF EXISTS month_totals_insert;
      DROP TRIGGER IF EXISTS month_totals_delete;
      DROP TRIGGER IF EXISTS month_totals_update;
      DROP INDEX IF EXISTS month_totals_by_target;
      DROP TABLE month_totals;
      \(table)
      """)
    try rebuild(db)
    try db.execute(triggers)
  }

  /// The triggers again, each change one statement instead of one per dimension (what the
  /// `rollups` migration made before): a trigger's text is parsed whenever a database opens.
  static let compactTriggers = replacingTriggers(
    "rollup-triggers", "the rollup triggers as one statement per change, so that opening a database parses less")

  /// The triggers again, shorter to parse: the dimensions read from one JSON literal and each
  /// key chosen by a CASE, instead of a SELECT per dimension, and the emptied rollups found by a
  /// partial index instead of listed. Opening a database parses about half of what it did for them.
  static let shortTriggers = replacingTriggers(
    "rollup-triggers-short",
    "the rollup triggers shorter to parse, so that every command that opens a database starts sooner")

  /// A migration that drops the three triggers and makes them again as `triggers` has them now.
  private static func replacingTriggers(_ name: String, _ purpose: String) -> Migration {
    Migration(name: name, purpose: purpose) { db in
      try db.execute(
        """
        \(droppingTriggers)
        \(triggers)
        """)
    }
  }

  /// Merchants by year (`merchant_year`), added up from the monthly merchant rollups.
  static let merchantYears = addingDimension(
    "merchant_year", migration: "rollup-merchant-years",
    purpose: "each year's totals by merchant, kept by the rollup triggers, so top merchants for a year reads a year",
    rows: addingYears())

  /// The kind alone per day (`kind_day`), added up from the transactions.
  static let kindDays = addingDimension(
    "kind_day", migration: "rollup-days",
    purpose:
      "each day's totals by kind, kept by the rollup triggers, so a period's partial months are read, not scanned",
    rows: addingDays(from: "transactions r", day: month("r", length: "10")))

  /// Two partial indexes over the merchant rollups, so top merchants reads a few rows of each
  /// list (`ReportQueries.topMerchants`): each list's totals in order, and the keys that are not
  /// printable ASCII (which Swift may merge with another: they are always read).
  static let merchantRanks = Migration.sql(
    "rollup-merchant-ranks",
    "the merchant rollups indexed by total, so top merchants reads the top of each month or year, not all of it",
    """
    CREATE INDEX rollups_by_total ON rollups(dim, month, currency, kind, status, total)
      WHERE dim = 'merchant' OR dim = 'merchant_year';
    CREATE INDEX rollups_wide_keys ON rollups(dim, month)
      WHERE (dim = 'merchant' OR dim = 'merchant_year') AND key GLOB '*[^ -~]*';
    """)

  /// A migration that gives the rollups the dimension `name`: its rows added up afresh by
  /// `rows`, and the triggers, which keep every dimension, put back.
  private static func addingDimension(_ name: String, migration: String, purpose: String, rows: String) -> Migration {
    Migration(name: migration, purpose: purpose) { db in
      try db.defineCheckedSum()
      try db.execute(
        """
        \(droppingTriggers)
        DELETE FROM rollups WHERE dim = '\(name)';
        \(rows)
        \(triggers)
        """)
    }
  }

  /// Each daily dimension added up from the rows of `table` (named `r`, with the columns of a
  /// transaction) whose day is `day`: one statement per daily dimension.
  private static func addingDays(from table: String, day: String) -> String {
    dimensions.filter { $0.span == .day }.map { dimension in
      """
      INSERT INTO rollups
        SELECT '\(dimension.name)', \(day), r.currency, r.status, r.kind, \(dimension.key("r")),
          spendly_month_total(r.amount), count(*)
        FROM \(table) WHERE r.kind != 'transfer' GROUP BY 2, 3, 4, 5, 6;
      """
    }.joined(separator: "\n")
  }

  /// Each yearly dimension added up from its monthly one's rows, of every year: one statement
  /// per yearly dimension. A month's total is a sum, 'damaged' or the 1e19 past Int64, and adds
  /// up as the rows would.
  private static func addingYears() -> String {
    dimensions.compactMap { dimension -> String? in
      guard let monthly = dimension.yearOf else { return nil }
      return """
        INSERT INTO rollups
          SELECT '\(dimension.name)', \(year(ofMonth: "m.month")), m.currency, m.status, m.kind, m.key,
            CASE WHEN max(typeof(m.total) = 'text') THEN 'damaged' WHEN max(typeof(m.total) = 'real') THEN 1e19
              ELSE spendly_month_total(m.total) END,
            sum(m.count)
          FROM rollups m WHERE m.dim = '\(monthly)'
          GROUP BY 2, 3, 4, 5, 6;
        """
    }.joined(separator: "\n")
  }

  /// Adds every rollup up again from the transactions: the one rebuild, for every dimension (a
  /// migration, and a restore that loaded the rows without the trigger).
  static func rebuild(_ db: Database) throws {
    try db.run("DELETE FROM rollups")
    // One pass over the transactions, then each dimension from the rows it kept.
    try db.run("DROP TABLE IF EXISTS temp.rollup_rows")
    try db.run(
      """
      CREATE TEMP TABLE rollup_rows AS
        SELECT \(month("t")) AS month, \(month("t", length: "10")) AS day, t.currency, t.status, t.kind,
          t.category_id, t.method_id, t.account_id, t.merchant, t.amount
        FROM transactions t WHERE t.kind != 'transfer'
      """)
    // The dimensions of few keys (kind alone, the catalog ids) add up from one finer grouping of
    // the rows, far fewer than the rows: one sort of the rows for them all, not one each. A
    // finer total is a sum, 'damaged' or the 1e19 past Int64, and adds up as the rows would.
    let fine = dimensions.filter { $0.name != "merchant" && $0.span == .month }
    try db.run("DROP TABLE IF EXISTS temp.rollup_fine")
    try db.run(
      """
      CREATE TEMP TABLE rollup_fine AS
        SELECT r.month, r.currency, r.status, r.kind, \(fine.map { $0.key("r") + " AS k_" + $0.name }.joined(separator: ", ")),
          spendly_month_total(r.amount) AS total, count(*) AS count
        FROM temp.rollup_rows r GROUP BY \((1...4 + fine.count).map(String.init).joined(separator: ", "))
      """)
    for dimension in fine {
      try db.run(
        """
        INSERT INTO rollups
          SELECT '\(dimension.name)', f.month, f.currency, f.status, f.kind, f.k_\(dimension.name),
            CASE WHEN max(typeof(f.total) = 'text') THEN 'damaged' WHEN max(typeof(f.total) = 'real') THEN 1e19
              ELSE spendly_month_total(f.total) END,
            sum(f.count)
          FROM temp.rollup_fine f GROUP BY 2, 3, 4, 5, 6
        """)
    }
    for dimension in dimensions where dimension.name == "merchant" {
      try db.run(
        """
        INSERT INTO rollups
          SELECT '\(dimension.name)', r.month, r.currency, r.status, r.kind, \(dimension.key("r")),
            spendly_month_total(r.amount), count(*)
          FROM temp.rollup_rows r GROUP BY 2, 3, 4, 5, 6
        """)
    }
    try db.execute(addingYears())
    try db.execute(addingDays(from: "temp.rollup_rows r", day: "r.day"))
    try db.run("DROP TABLE temp.rollup_fine")
    try db.run("DROP TABLE temp.rollup_rows")
  }

  /// Drops the insert trigger, runs `body` (which writes transactions through
  /// `TransactionRecords.record`: the rows it adds are tallied in `log.rollupTally`, and its edits
  /// and deletes keep their triggers, the tally written first), adds the tally to the rollups and
  /// puts the trigger back, all inside the caller's transaction, so a failure or a rollback leaves
  /// the schema as it was.
  static func withBulkLoad<T>(_ log: ChangeRecorder, _ body: () throws -> T) throws -> T {
    let db = log.db
    try db.execute("DROP TRIGGER rollups_insert")
    let tally = RollupTally()
    log.rollupTally = tally
    defer { log.rollupTally = nil }
    let result = try body()
    try tally.write(db)
    try db.execute(insertTrigger)
    return result
  }
}
