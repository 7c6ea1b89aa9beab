#if canImport(Glibc)
  import Glibc
#endif

/// `spendly-bench csv`: the bench database exported as CSV and that file imported into a fresh
/// database, each against sqlite3 doing the same in the same run (`.mode csv` of the same
/// columns; `.import` into a plain table), with peak memory.
enum CSVBench {
  static func run(_ arguments: [String]) {
    var spendly = "spendly"
    var db = ""
    var runs = 3
    var index = 0
    while index + 1 < arguments.count {
      switch arguments[index] {
      case "--spendly": spendly = arguments[index + 1]
      case "--db": db = arguments[index + 1]
      case "--runs": runs = Int(arguments[index + 1]) ?? runs
      default: break
      }
      index += 2
    }
    let folder = "/tmp/spendly-csv-bench"
    _ = runProcess(["rm", "-rf", folder])
    mkdir(folder, 0o755)
    let file = folder + "/all.csv"
    // Exports.
    var times: [Double] = []
    var peak = 0
    var line = ""
    for _ in 0..<runs {
      let result = runProcess([spendly, "--db", db, "export", "csv", file])
      times.append(result.milliseconds)
      peak = max(peak, result.peakKilobytes)
      line = result.output.trimmingCharacters()
    }
    let rows = (runProcess(["wc", "-l", file]).output.split(separator: " ").first.flatMap { Int($0) } ?? 1) - 1
    print(
      "export of \(rows) rows as CSV: median \(ImportBench.format(median(times))) ms over \(runs) runs, peak RSS \(peak / 1024) MB (\(line))"
    )
    let select = """
      SELECT t.date, t.time, t.kind, t.amount, t.currency, c.name, m.name, t.merchant, t.note FROM transactions t
        LEFT JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id ORDER BY t.date, t.time, t.id;
      """
    var reference: [Double] = []
    var referencePeak = 0
    for _ in 0..<runs {
      let result = runProcess(["sqlite3", "-csv", db, ".output \(folder)/sqlite.csv", select])
      reference.append(result.milliseconds)
      referencePeak = max(referencePeak, result.peakKilobytes)
    }
    print(
      "reference: sqlite3 `.mode csv` of the same columns: median \(ImportBench.format(median(reference))) ms, peak RSS \(referencePeak / 1024) MB (target: Spendly at most 2×, \(ratio(median(times), median(reference))))"
    )
    // Imports.
    times = []
    peak = 0
    for run in 0..<runs {
      let target = "\(folder)/import-\(run).db"
      let result = runProcess([spendly, "--db", target, "import", file])
      times.append(result.milliseconds)
      peak = max(peak, result.peakKilobytes)
      line = result.output.split(separator: "\n").first.map(String.init) ?? ""
      _ = runProcess(["rm", "-f", target, target + "-wal", target + "-shm"])
    }
    print(
      "import of that file into a fresh database: median \(ImportBench.format(median(times))) ms over \(runs) runs, peak RSS \(peak / 1024) MB (\(line))"
    )
    reference = []
    referencePeak = 0
    for run in 0..<runs {
      let target = "\(folder)/sqlite-\(run).db"
      let result = runProcess(["sqlite3", target, ".import --csv \(file) t"])
      reference.append(result.milliseconds)
      referencePeak = max(referencePeak, result.peakKilobytes)
      _ = runProcess(["rm", "-f", target])
    }
    print(
      "reference: sqlite3 `.import` of the same file into a plain table: median \(ImportBench.format(median(reference))) ms, peak RSS \(referencePeak / 1024) MB (target: Spendly at most 3×, issue 28; \(ratio(median(times), median(reference))))"
    )
    // The floor: the same rows written into Spendly's own tables (current rows and their
    // revisions, which leave the fields to them; their 12 indexes; the rollups) by SQLite
    // alone, copied from the bench database.
    reference = []
    for run in 0..<runs {
      let target = "\(folder)/floor-\(run).db"
      _ = runProcess([spendly, "--db", target, "config", "week", "monday"])
      let result = runProcess([
        "sqlite3", target,
        """
        ATTACH '\(db)' AS b; BEGIN; DROP TRIGGER rollups_insert;
        INSERT INTO changes SELECT * FROM b.changes WHERE id NOT IN (SELECT id FROM changes);
        INSERT INTO revisions(id, txn_id, change_id, live, recorded_at)
          SELECT id, txn_id, change_id, live, recorded_at FROM b.revisions;
        INSERT INTO transactions SELECT * FROM b.transactions;
        \(rollupsFloor)
        COMMIT;
        """,
      ])
      reference.append(result.milliseconds)
      _ = runProcess(["rm", "-f", target, target + "-wal", target + "-shm"])
    }
    print(
      "floor: sqlite3 copying the same rows into Spendly's own tables (current rows with their 12 indexes, revisions without their fields, rollups summed once), no parsing: median \(ImportBench.format(median(reference))) ms"
    )
    print("profile: the CSV import's callgrind profile, before and after, is kept in bench/csv-profile-RESULTS.md")
  }

  /// The rollups summed once by SQLite alone, a dimension at a time (as `Rollups.rebuild` does).
  static let rollupsFloor = [
    ("kind", 7, "''"), ("category", 7, "category_id"), ("method", 7, "method_id"),
    ("account", 7, "coalesce(account_id, 0)"), ("merchant", 7, "coalesce(merchant, '—')"),
    ("merchant_year", 4, "coalesce(merchant, '—')"), ("kind_day", 10, "''"),
  ].map { dim, length, key in
    "INSERT INTO rollups SELECT '\(dim)', substr(date, 1, \(length)), currency, status, kind, \(key), sum(amount), "
      + "count(*) FROM transactions WHERE kind != 'transfer' GROUP BY 2, 3, 4, 5, 6;"
  }.joined(separator: "\n")

  static func ratio(_ a: Double, _ b: Double) -> String {
    guard b > 0 else { return "no reference" }
    let tenths = Int((a / b * 10).rounded())
    return "measured \(tenths / 10).\(tenths % 10)×"
  }
}

extension String {
  func trimmingCharacters() -> String {
    var s = Substring(self)
    while s.last == "\n" || s.last == " " { s.removeLast() }
    return String(s)
  }
}
