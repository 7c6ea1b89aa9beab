#if canImport(Glibc)
  import Glibc
#endif

/// `spendly-bench scale`: the reports whose cost must not grow with the history, timed on a
/// database and on one ten times its size, beside a one-week question and sqlite3 answering the
/// whole question by GROUP BY over the same rows (every currency, the statuses that count).
/// With one database (`make bench-scale`) it gives each report's time above `--version`.
enum ScaleBench {
  /// A report as Spendly asks it and as sqlite3 would answer it from the rows.
  struct Report {
    let name: String
    let spendly: [String]
    let sql: String
  }

  /// The statuses that count in a total (`config pending include`, the default).
  static let counted = "kind != 'transfer' AND status IN ('booked', 'pending')"

  static let reports: [Report] = [
    Report(
      name: "year by category (2025)", spendly: ["query", "by", "category", "2025"],
      sql: "SELECT currency, kind, category_id, sum(amount), count(*) FROM transactions WHERE \(counted) "
        + "AND date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY currency, kind, category_id"),
    Report(
      name: "monthly trend for a year (2025)", spendly: ["query", "monthly", "2025"],
      sql: "SELECT currency, kind, substr(date, 1, 7), sum(amount), count(*) FROM transactions WHERE \(counted) "
        + "AND date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY currency, kind, substr(date, 1, 7)"),
    Report(
      name: "top 10 merchants for a year (2025)", spendly: ["query", "top", "10", "merchants", "2025"],
      sql: "SELECT currency, merchant, sum(amount) AS s FROM transactions WHERE \(counted) AND kind = 'expense' "
        + "AND date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY currency, merchant ORDER BY s DESC LIMIT 10"),
    Report(
      name: "lifetime", spendly: ["query", "lifetime"],
      sql: "SELECT currency, kind, substr(date, 1, 7), sum(amount), count(*) FROM transactions WHERE \(counted) "
        + "GROUP BY currency, kind, substr(date, 1, 7)"),
    Report(
      name: "dashboard (Nov 2026)", spendly: ["dashboard"],
      sql: "SELECT currency, kind, category_id, substr(date, 1, 7), sum(amount), count(*) FROM transactions "
        + "WHERE \(counted) AND date BETWEEN '2026-10-01' AND '2026-11-29' "
        + "GROUP BY currency, kind, category_id, substr(date, 1, 7)"),
  ]

  static let week = Report(
    name: "one week (9-15 Jun 2025)",
    spendly: ["query", "spent", "between", "9", "jun", "2025", "and", "15", "jun", "2025"],
    sql: "SELECT currency, sum(amount), count(*) FROM transactions WHERE \(counted) AND kind = 'expense' "
      + "AND date BETWEEN '2025-06-09' AND '2025-06-15' GROUP BY currency")

  static func run(_ arguments: [String]) {
    var dbs: [String] = []
    var spendly = ".build/release/spendly"
    var runs = 7
    var index = 0
    while index + 1 < arguments.count {
      switch arguments[index] {
      case "--db": dbs.append(arguments[index + 1])
      case "--spendly": spendly = arguments[index + 1]
      case "--runs": runs = Int(arguments[index + 1]) ?? runs
      default: break
      }
      index += 2
    }
    guard !dbs.isEmpty else {
      print("usage: spendly-bench scale --db SMALL [--db LARGE] --spendly BIN [--runs 7]")
      exit(64)
    }
    let timings = dbs.map { measure(db: $0, spendly: spendly, runs: runs) }
    if timings.count == 1 {
      single(timings[0], db: dbs[0], runs: runs)
    } else {
      compare(timings[0], timings[1], small: dbs[0], large: dbs[1], runs: runs)
    }
  }

  /// Medians in ms for one database: each report and the week, Spendly and sqlite3, and `--version`.
  struct Timings {
    var rows = 0
    var version = 0.0
    /// `sqlite3 -version`: the reference's own start-up, which its every answer includes.
    var sqliteVersion = 0.0
    var spendly: [String: Double] = [:]
    var sqlite: [String: Double] = [:]
    var failed: [String] = []
  }

  static func measure(db: String, spendly: String, runs: Int) -> Timings {
    var timings = Timings()
    let count = runProcess(["sqlite3", db, "SELECT count(*) FROM transactions"])
    timings.rows = Int(count.output.split(separator: "\n").first ?? "") ?? 0
    var commands = [[spendly, "--version"], ["sqlite3", "-version"]]
    for report in reports + [week] {
      let command = [spendly, "--db", db, "--now", "2026-11-29T12:00"] + report.spendly
      let check = runProcess(command)
      if check.status != 0 || check.output.isEmpty { timings.failed.append(report.name) }
      commands += [command, ["sqlite3", db, report.sql]]
    }
    let medians = StartBench.interleaved(commands, runs)
    timings.version = medians[0]
    timings.sqliteVersion = medians[1]
    for (i, report) in (reports + [week]).enumerated() {
      timings.spendly[report.name] = medians[2 + 2 * i]
      timings.sqlite[report.name] = medians[3 + 2 * i]
    }
    return timings
  }

  static func ms(_ value: Double?) -> String { ReportBench.format(value ?? 0) }

  static func ratio(_ a: Double?, _ b: Double?, target: Double) -> String {
    guard let a, let b, b > 0 else { return "—" }
    let value = a / b
    let hundredths = Int((value * 100).rounded())
    let text = "\(hundredths / 100).\(String(hundredths % 100 + 100).dropFirst())×"
    return value <= target ? text : "**\(text)** (over \(ReportBench.format(target))×)"
  }

  /// The `make bench` table: 200k against 2M rows, each report against a week and sqlite3.
  static func compare(_ small: Timings, _ large: Timings, small smallDB: String, large largeDB: String, runs: Int) {
    print(
      "Whole process, median of \(runs) runs, the commands taken in turn in each round. Databases: \(grouped(small.rows)) rows (\(JSONBench.fileSize(smallDB) >> 20) MB) "
        + "and \(grouped(large.rows)) rows (\(JSONBench.fileSize(largeDB) >> 20) MB). `--version`: \(ms(small.version)) ms "
        + "and \(ms(large.version)) ms; `sqlite3 -version`: \(ms(small.sqliteVersion)) ms and "
        + "\(ms(large.sqliteVersion)) ms (each process's start-up, which every answer below includes). Targets: large ÷ small ≤ 1.3×; report ÷ week ≤ 1.5× on each database; "
        + "Spendly ÷ sqlite3 GROUP BY ≤ 1.0× on each database.")
    print()
    print(
      "| report | small ms | large ms | large ÷ small | ÷ week (small) | ÷ week (large) | sqlite3 small ms | sqlite3 large ms | ÷ sqlite3 (small) | ÷ sqlite3 (large) |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for report in reports + [week] {
      let name = report.name
      let isWeek = name == week.name
      print(
        "| \(name) | \(ms(small.spendly[name])) | \(ms(large.spendly[name])) | "
          + "\(isWeek ? "(grows with the week's rows)" : ratio(large.spendly[name], small.spendly[name], target: 1.3)) | "
          + "\(isWeek ? "—" : ratio(small.spendly[name], small.spendly[week.name], target: 1.5)) | "
          + "\(isWeek ? "—" : ratio(large.spendly[name], large.spendly[week.name], target: 1.5)) | "
          + "\(ms(small.sqlite[name])) | \(ms(large.sqlite[name])) | "
          + "\(ratio(small.spendly[name], small.sqlite[name], target: 1.0)) | "
          + "\(ratio(large.spendly[name], large.sqlite[name], target: 1.0)) |")
    }
    for failure in small.failed + large.failed { print("\nFAILED (exit or empty output): \(failure)") }
  }

  /// The `make bench-scale` table: each report above `--version` on one large database.
  static func single(_ timings: Timings, db: String, runs: Int) {
    print(
      "Whole process, median of \(runs) runs, on \(grouped(timings.rows)) rows; the database is "
        + "\(JSONBench.fileSize(db) >> 20) MB on disk. `--version`: \(ms(timings.version)) ms. "
        + "Target: each report within 5 ms of `--version`.")
    print()
    print("| report | ms | above --version | within 5 ms | sqlite3 GROUP BY ms |")
    print("| --- | ---: | ---: | --- | ---: |")
    for report in reports + [week] {
      let value = timings.spendly[report.name] ?? 0
      let above = value - timings.version
      print(
        "| \(report.name) | \(ms(value)) | \(ms(above)) | \(above <= 5 ? "yes" : "**no**") | "
          + "\(ms(timings.sqlite[report.name])) |")
    }
    for failure in timings.failed { print("\nFAILED (exit or empty output): \(failure)") }
  }

  static func grouped(_ n: Int) -> String {
    var digits = String(n)
    var out = ""
    while digits.count > 3 {
      out = "," + digits.suffix(3) + out
      digits.removeLast(3)
    }
    return digits + out
  }
}
