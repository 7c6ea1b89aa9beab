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
    // The floor: the same rows written into Spendly's own tables by SQLite alone, copied from
    // the bench database, the way a large import into an empty database writes them: a
    // rollback journal, the indexes of the rows and their revisions dropped first and each
    // made once at the end. No parsing, no checks, and no rollups (summed by SQL they take
    // longer than the rest together; Spendly tallies them as it reads): a lower bound for
    // what the schema costs by itself.
    var floor: [Double] = []
    for run in 0..<runs {
      let target = "\(folder)/floor-\(run).db"
      _ = runProcess([spendly, "--db", target, "config", "week", "monday"])
      let indexes =
        "FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('transactions', 'revisions') ORDER BY rowid"
      let drop = runProcess(["sqlite3", target, "SELECT 'DROP INDEX ' || name || ';' \(indexes)"]).output
      let make = runProcess(["sqlite3", target, "SELECT sql || ';' \(indexes)"]).output
      let result = runProcess([
        "sqlite3", target,
        """
        PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; PRAGMA cache_size = -16384;
        ATTACH '\(db)' AS b; BEGIN; DROP TRIGGER rollups_insert;
        \(drop)
        INSERT INTO changes SELECT * FROM b.changes WHERE id NOT IN (SELECT id FROM changes);
        INSERT INTO revisions(id, txn_id, change_id, live, recorded_at)
          SELECT id, txn_id, change_id, live, recorded_at FROM b.revisions;
        INSERT INTO transactions SELECT * FROM b.transactions;
        \(make)
        COMMIT;
        """,
      ])
      floor.append(result.milliseconds)
      _ = runProcess(["rm", "-f", target, target + "-wal", target + "-shm", target + "-journal"])
    }
    print(
      "floor: sqlite3 copying the same rows into Spendly's own tables as a large import writes them (rollback journal; the rows, their revisions without fields, their indexes made once at the end; no rollups), no parsing: median \(ImportBench.format(median(floor))) ms, \(factor(median(floor), median(reference))) `.import` by itself (Spendly \(factor(median(times), median(floor))) this floor)"
    )
    print("profile: the CSV import's callgrind profile, before and after, is kept in bench/csv-profile-RESULTS.md")
  }

  static func ratio(_ a: Double, _ b: Double) -> String {
    guard b > 0 else { return "no reference" }
    return "measured \(factor(a, b))"
  }

  /// `a ÷ b` to a tenth, as "4.3×".
  static func factor(_ a: Double, _ b: Double) -> String {
    guard b > 0 else { return "—" }
    let tenths = Int((a / b * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)×"
  }
}

extension String {
  func trimmingCharacters() -> String {
    var s = Substring(self)
    while s.last == "\n" || s.last == " " { s.removeLast() }
    return String(s)
  }
}
