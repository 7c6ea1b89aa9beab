#if canImport(Glibc)
  import Glibc
#endif

/// Times the four reports (whole processes, median of several runs, peak RSS) for Spendly,
/// the sqlite3 shell, ledger and hledger on the same data, and checks their INR totals agree.
enum ReportBench {
  struct Report {
    let name: String
    let spendly: [String]
    /// Which JSON object holds the total ("spent"), or nil to add up every INR group.
    let spendlyObject: String?
    let sql: String
    let ledger: [String]
    let hledger: [String]
  }

  static func reports(db: String, journal: String, spendly: String) -> [Report] {
    let sp = [spendly, "--db", db, "--now", "2026-11-29T12:00", "--json", "query"]
    func sql(_ select: String) -> String {
      // The INR total in rupees.paise, built from integers (no floating point).
      "SELECT 'INR ' || (s / 100) || '.' || substr('0' || (s % 100), -2) FROM (\(select))"
    }
    return [
      Report(
        name: "categories for one year (2025)", spendly: sp + ["by", "category", "2025"], spendlyObject: nil,
        sql: sql(
          "SELECT sum(amount) AS s FROM transactions WHERE kind = 'expense' AND currency = 'INR' AND date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY category_id"
        ),
        ledger: [
          "ledger", "-f", journal, "bal", "^Expenses", "-b", "2025-01-01", "-e", "2026-01-01", "--flat", "--no-total",
        ],
        hledger: ["hledger", "-f", journal, "bal", "^Expenses", "-b", "2025-01-01", "-e", "2026-01-01", "--flat", "-N"]),
      Report(
        name: "spent in one week (9-15 Jun 2025)",
        spendly: sp + ["spent", "between", "9", "jun", "2025", "and", "15", "jun", "2025"], spendlyObject: "spent",
        sql: sql(
          "SELECT sum(amount) AS s FROM transactions WHERE kind = 'expense' AND currency = 'INR' AND date BETWEEN '2025-06-09' AND '2025-06-15'"
        ),
        ledger: [
          "ledger", "-f", journal, "bal", "^Expenses", "-b", "2025-06-09", "-e", "2025-06-16", "--depth", "1",
          "--no-total",
        ],
        hledger: [
          "hledger", "-f", journal, "bal", "^Expenses", "-b", "2025-06-09", "-e", "2025-06-16", "--depth", "1", "-N",
        ]),
      Report(
        name: "by method for one month (Aug 2025)", spendly: sp + ["by", "method", "aug", "2025"], spendlyObject: nil,
        sql: sql(
          "SELECT sum(amount) AS s FROM transactions WHERE kind = 'expense' AND currency = 'INR' AND date BETWEEN '2025-08-01' AND '2025-08-31' GROUP BY method_id"
        ),
        ledger: [
          "ledger", "-f", journal, "bal", "^Payments", "-b", "2025-08-01", "-e", "2025-09-01", "--flat", "--no-total",
        ],
        hledger: ["hledger", "-f", journal, "bal", "^Payments", "-b", "2025-08-01", "-e", "2025-09-01", "--flat", "-N"]),
      Report(
        name: "monthly trend for one year (2025)", spendly: sp + ["monthly", "2025"], spendlyObject: nil,
        sql: sql(
          "SELECT sum(amount) AS s FROM transactions WHERE kind = 'expense' AND currency = 'INR' AND date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY substr(date, 1, 7)"
        ),
        ledger: [
          "ledger", "-f", journal, "reg", "^Expenses", "-M", "--collapse", "-b", "2025-01-01", "-e", "2026-01-01",
          "--format", "%(display_amount)\n",
        ],
        hledger: [
          "hledger", "-f", journal, "bal", "^Expenses", "-M", "--depth", "1", "-N", "-b", "2025-01-01", "-e",
          "2026-01-01",
        ]),
    ]
  }

  static func run(_ arguments: [String]) {
    var db = "bench/data/bench.db"
    var journal = "bench/data/bench.journal"
    var spendly = ".build/release/spendly"
    var runs = 7
    var toolRuns = 1
    var index = 0
    while index + 1 < arguments.count {
      switch arguments[index] {
      case "--db": db = arguments[index + 1]
      case "--journal": journal = arguments[index + 1]
      case "--spendly": spendly = arguments[index + 1]
      case "--runs": runs = Int(arguments[index + 1]) ?? runs
      case "--tool-runs": toolRuns = Int(arguments[index + 1]) ?? toolRuns
      default: break
      }
      index += 2
    }
    print("| report | tool | median ms | peak RSS MB | INR total | agrees |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for report in reports(db: db, journal: journal, spendly: spendly) {
      var tools: [(String, [String], Int, (String) -> Int64)] = [
        ("spendly", report.spendly, runs, { spendlyINR($0, object: report.spendlyObject) }),
        ("sqlite3", ["sqlite3", db, report.sql], runs, { textINR($0) }),
      ]
      if commandExists("ledger") { tools.append(("ledger", report.ledger, toolRuns, { textINR($0) })) }
      if commandExists("hledger") { tools.append(("hledger", report.hledger, toolRuns, { textINR($0) })) }
      var reference: Int64?
      for (tool, command, count, total) in tools {
        var times: [Double] = []
        var peak = 0
        var last = RunResult(output: "", status: 0, milliseconds: 0, peakKilobytes: 0)
        for _ in 0..<count {
          last = runProcess(command)
          times.append(last.milliseconds)
          peak = max(peak, last.peakKilobytes)
        }
        let inr = total(last.output)
        if reference == nil { reference = inr }
        let agrees = last.status == 0 && inr == reference
        print(
          "| \(report.name) | \(tool) | \(format(median(times))) | \(format(Double(peak) / 1024)) | \(rupees(inr)) | "
            + (agrees ? "yes" : "NO (exit \(last.status))") + " |")
      }
    }
  }

  /// Adds up every `INR 1234.56` (sign ignored: ledger shows payments as negative).
  static func textINR(_ text: String) -> Int64 {
    var total: Int64 = 0
    var rest = Substring(text)
    while let range = rest.firstRange(of: "INR ") {
      rest = rest[range.upperBound...]
      let number = rest.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "," }
      total += minor(String(number.filter { $0 != "," && $0 != "-" }))
    }
    return total
  }

  /// Adds up `amount_minor` of INR objects in Spendly's JSON (only inside `object` when given).
  static func spendlyINR(_ json: String, object: String?) -> Int64 {
    var total: Int64 = 0
    var armed = object == nil
    var pending: Int64?
    for line in json.split(separator: "\n") {
      if let object, line.firstRange(of: "\"\(object)\": {") != nil { armed = true }
      guard armed else { continue }
      if let range = line.firstRange(of: "\"amount_minor\": ") {
        pending = Int64(line[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
      } else if line.firstRange(of: "\"currency\":") != nil, let value = pending {
        if line.firstRange(of: "\"INR\"") != nil { total += value }
        pending = nil
        if object != nil { armed = false }
      }
    }
    return total
  }

  static func minor(_ decimal: String) -> Int64 {
    let parts = decimal.split(separator: ".")
    let whole = Int64(parts.first ?? "0") ?? 0
    var fraction = parts.count > 1 ? String(parts[1]) : "0"
    while fraction.count < 2 { fraction += "0" }
    return whole * 100 + (Int64(fraction.prefix(2)) ?? 0)
  }

  static func rupees(_ minor: Int64) -> String { "₹\(minor / 100).\(String(minor % 100 + 100).dropFirst())" }

  static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
