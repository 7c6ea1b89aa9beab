import Foundation
import SpendlyTestSupport
import Testing

/// `spendly query` and `spendly dashboard` through the binary, on a database filled with `add --yes`.
@Suite("spendly query and dashboard")
struct QueryCommandTests {
  /// PRODUCT.md's fixed data set in November 2026 (income ₹1,50,000; Food ₹10,000, Shopping ₹15,000,
  /// Travel ₹20,000, Bills ₹8,000, Other ₹7,000), with Food on Tue 24 Nov and Other on Sat 28 Nov in
  /// this week, and ₹50,000 of rent on 5 Oct for last month.
  static func fixedDataSet(usd: Bool = false) throws -> Sandbox {
    let sandbox = try Sandbox()
    let rows: [[String]] =
      [
        ["150000", "--kind", "income", "--category", "Salary", "--method", "Bank Transfer", "--date", "2026-11-01"],
        ["10000", "--category", "Food", "--method", "UPI", "--merchant", "Social", "--date", "2026-11-24"],
        ["15000", "--category", "Shopping", "--method", "Credit Card", "--merchant", "Zara", "--date", "2026-11-05"],
        ["20000", "--category", "Travel", "--method", "Debit Card", "--merchant", "Uber", "--date", "2026-11-10"],
        ["8000", "--category", "Bills", "--method", "Bank Transfer", "--date", "2026-11-15"],
        ["7000", "--category", "Other", "--method", "Cash", "--date", "2026-11-28"],
        ["50000", "--category", "Rent", "--method", "Bank Transfer", "--date", "2026-10-05"],
      ]
      + (usd ? [["12.62", "--currency", "USD", "--category", "Food", "--method", "Cash", "--date", "2026-11-20"]] : [])
    for row in rows {
      let result = try sandbox.run(["add", "--yes", "--amount"] + row)
      try #require(result.status == 0, "add \(row): \(result.stderr)")
    }
    return sandbox
  }

  static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

  // MARK: Totals

  @Test func savingsThisMonth() throws {
    let sandbox = try Self.fixedDataSet()
    let out = try sandbox.ok("query", "savings", "this", "month")
    for figure in ["income ₹1,50,000.00", "expenses ₹60,000.00", "savings ₹90,000.00", "savings rate 60%"] {
      #expect(out.contains(figure), "\(figure) missing from: \(out)")
    }
    #expect(Self.lines(out).count == 1)
    // The question as one argument gives the same answer.
    #expect(try sandbox.ok("query", "savings this month") == out)
    #expect(try sandbox.ok("q", "net this month") == out)
  }

  @Test func spentAndIncomeThisMonth() throws {
    let sandbox = try Self.fixedDataSet()
    let spent = try sandbox.ok("query", "spent", "this", "month")
    #expect(spent.hasPrefix("  ₹60,000.00 spent this month"), "\(spent)")
    #expect(spent.contains("5 expenses"))
    // ₹60,000.00 over the 29 days so far: ₹2,068.97 a day.
    #expect(spent.contains("₹2,068.97/day"), "\(spent)")
    let income = try sandbox.ok("query", "income", "this", "month")
    #expect(income.hasPrefix("  ₹1,50,000.00 income this month"), "\(income)")
    let food = try sandbox.ok("query", "food", "this", "month")
    #expect(food.hasPrefix("  ₹10,000.00 spent on Food this month"), "\(food)")
    let lastMonth = try sandbox.ok("query", "spent", "last", "month")
    #expect(lastMonth.hasPrefix("  ₹50,000.00 spent last month"), "\(lastMonth)")
    #expect(lastMonth.contains("1 expense ·"))
  }

  @Test func spentThisWeek() throws {
    let sandbox = try Self.fixedDataSet()
    // Food ₹10,000 (Tue) and Other ₹7,000 (Sat) fall in Mon 23 – Sun 29 Nov; ₹17,000 / 7 = ₹2,428.57.
    let out = try sandbox.ok("query", "spent", "this", "week")
    #expect(out == "  ₹17,000.00 spent this week (Mon 23 Nov – today) · 2 expenses · ₹2,428.57/day\n")
  }

  /// PRODUCT.md's example answer: eleven expenses of ₹3,180.00 this week, ₹454.29 a day.
  @Test func spentThisWeekAsInTheProductBrief() throws {
    let sandbox = try Sandbox()
    let rupees = [
      ("420", "2026-11-23"), ("180", "2026-11-23"), ("600", "2026-11-24"), ("340", "2026-11-25"), ("250", "2026-11-25"),
      ("120", "2026-11-26"), ("80", "2026-11-27"), ("500", "2026-11-27"), ("300", "2026-11-28"), ("190", "2026-11-29"),
      ("200", "2026-11-29"), ("999", "2026-11-22"),
    ]
    for (amount, date) in rupees {
      try sandbox.ok("add", "--yes", "--amount", amount, "--category", "Food", "--date", date)
    }
    let out = try sandbox.ok("query", "spent this week")
    #expect(out == "  ₹3,180.00 spent this week (Mon 23 Nov – today) · 11 expenses · ₹454.29/day\n")
  }

  /// `config week sunday` moves this week, last week and the weekly trend to Sunday-first weeks.
  @Test func weeksStartOnSundayWhenConfigured() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "--amount", "100", "--category", "Food", "--date", "2026-11-28")
    try sandbox.ok("add", "--yes", "--amount", "50", "--category", "Food", "--date", "2026-11-29")
    #expect(
      try sandbox.ok("query", "spent this week").hasPrefix(
        "  ₹150.00 spent this week (Mon 23 Nov – today) · 2 expenses"))
    try sandbox.ok("config", "week", "sunday")
    // Sunday 29 Nov begins a week: one day so far.
    #expect(
      try sandbox.ok("query", "spent this week")
        == "  ₹50.00 spent this week (Sun 29 Nov – today) · 1 expense · ₹50.00/day\n")
    #expect(try sandbox.ok("query", "spent last week").hasPrefix("  ₹100.00 spent last week (Sun 22 Nov – Sat 28 Nov)"))
    let weekly = try #require(try json(try sandbox.ok("--json", "query", "weekly")) as? [String: Any])
    let keys = (weekly["groups"] as? [[String: Any]] ?? []).map { $0["key"] as? String }
    // Twelve Sunday-first weeks, empty ones included as zero, as in the text.
    #expect(keys.count == 12)
    #expect(keys.suffix(2) == ["2026-11-22", "2026-11-29"])
    let table = Self.lines(try sandbox.ok("query", "weekly")).dropFirst(2)
    #expect(table.count == 12, "\(table)")
    #expect(table.allSatisfy { $0.hasPrefix("  Sun ") }, "\(table)")
  }

  // MARK: JSON

  @Test func jsonByCategoryThisMonth() throws {
    let sandbox = try Self.fixedDataSet(usd: true)
    let raw = try sandbox.ok("--json", "query", "by", "category", "this", "month")
    let answer = try #require(try json(raw) as? [String: Any])
    #expect(answer["measure"] as? String == "spent")
    #expect(answer["by"] as? String == "category")
    let period = try #require(answer["period"] as? [String: Any])
    #expect(period["from"] as? String == "2026-11-01")
    #expect(period["to"] as? String == "2026-11-30")
    let groups = try #require(answer["groups"] as? [[String: Any]])
    let rows = groups.map { group in
      "\(group["currency"] as? String ?? "?") \(group["key"] as? String ?? "?") \(group["amount"] as? String ?? "?") "
        + "\(group["amount_minor"] as? Int ?? -1) \(group["count"] as? Int ?? -1)"
    }
    #expect(
      rows == [
        "INR Travel 20000.00 2000000 1", "INR Shopping 15000.00 1500000 1", "INR Food 10000.00 1000000 1",
        "INR Bills 8000.00 800000 1", "INR Other 7000.00 700000 1", "USD Food 12.62 1262 1",
      ])
    // Amounts are decimal strings; minor units are written as integers, never floats.
    #expect(groups.allSatisfy { $0["amount"] is String })
    let minorValues = Self.lines(raw).filter { $0.contains("\"amount_minor\"") }.map {
      $0.split(separator: ":").last.map {
        String($0).trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ",")))
      }
    }
    #expect(minorValues.count == groups.count)
    #expect(minorValues.allSatisfy { $0 != nil && !$0!.isEmpty && $0!.allSatisfy(\.isNumber) }, "\(minorValues)")
  }

  @Test func jsonSavingsPerCurrency() throws {
    let sandbox = try Self.fixedDataSet(usd: true)
    let answer = try #require(try json(try sandbox.ok("--json", "query", "savings", "this", "month")) as? [String: Any])
    let totals = try #require(answer["totals"] as? [[String: Any]])
    #expect(totals.map { $0["currency"] as? String } == ["INR", "USD"])
    func amount(_ index: Int, _ key: String) -> String? { (totals[index][key] as? [String: Any])?["amount"] as? String }
    func minor(_ index: Int, _ key: String) -> Int? { (totals[index][key] as? [String: Any])?["amount_minor"] as? Int }
    #expect(amount(0, "income") == "150000.00" && minor(0, "income") == 15_000_000)
    #expect(amount(0, "spent") == "60000.00" && minor(0, "spent") == 6_000_000)
    #expect(amount(0, "savings") == "90000.00" && minor(0, "savings") == 9_000_000)
    #expect(totals[0]["savings_rate"] as? String == "60%")
    #expect(totals[0]["count"] as? Int == 6)
    // The dollars stay apart: no income, so no rate; savings are negative.
    #expect(amount(1, "spent") == "12.62" && amount(1, "income") == "0.00" && amount(1, "savings") == "-12.62")
    #expect(totals[1]["savings_rate"] is NSNull)
    // Per day over the 29 days so far, rounded half away from zero: ₹3,103.45 and -$0.44 (-43.5 cents).
    #expect(amount(0, "per_day") == "3103.45")
    #expect(minor(1, "per_day") == -44)
  }

  // MARK: Dashboard

  @Test func dashboard() throws {
    let sandbox = try Self.fixedDataSet()
    let out = try sandbox.ok("dashboard")
    let lines = Self.lines(out)
    try #require(lines.count >= 8, "\(out)")
    #expect(lines[0].contains("Nov 2026 · day 29 of 30"))
    #expect(lines.contains { $0.contains("income") && $0.hasSuffix("₹1,50,000.00") })
    #expect(lines.contains { $0.contains("expenses") && $0.hasSuffix("₹60,000.00") })
    #expect(lines.contains { $0.contains("savings") && $0.contains("₹90,000.00") && $0.hasSuffix("rate 60%") })
    // Month to date (1–29 Nov) against the same days of October: ₹60,000 against ₹50,000.
    #expect(out.contains("month to date ₹60,000.00 vs ₹50,000.00 same days last month (+20%)"), "\(out)")
    // Top categories, largest first, with shares and bars.
    let order = ["Travel", "Shopping", "Food", "Bills", "Other"].map { name in
      lines.firstIndex { $0.contains("  \(name) ") }
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    let travel = try #require(lines.first { $0.contains("Travel") })
    #expect(travel.contains("₹20,000.00") && travel.contains("33.3%") && travel.contains("█"))
    #expect(try sandbox.ok("query", "dashboard") == out)
  }

  @Test func dashboardJSON() throws {
    let sandbox = try Self.fixedDataSet()
    let answer = try #require(try json(try sandbox.ok("--json", "dashboard")) as? [String: Any])
    let totals = try #require(answer["totals"] as? [[String: Any]])
    try #require(totals.count == 1)
    #expect((totals[0]["savings"] as? [String: Any])?["amount"] as? String == "90000.00")
    #expect(totals[0]["savings_rate"] as? String == "60%")
    let top = try #require(answer["top_categories"] as? [[String: Any]])
    #expect(top.map { $0["key"] as? String } == ["Travel", "Shopping", "Food", "Bills", "Other"])
  }

  @Test func emptyDatabaseAnswersPolitely() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    #expect(try sandbox.ok("query", "spent this week").contains("nothing spent"))
    #expect(try sandbox.ok("dashboard").contains("nothing recorded this month"))
    #expect(try sandbox.ok("query", "lifetime").contains("nothing recorded"))
  }

  // MARK: Every question in the issue

  static let issueQuestions = [
    "spent this week", "spent today", "spent last month", "food last month", "spent on food this year",
    "uber this year",
    "income this month", "savings this month", "by category this month", "top categories this year",
    "top 5 merchants 2025", "by method last month", "compare this month with last month", "monthly 2025",
    "trend this year", "weekly", "dashboard", "lifetime", "spent since 1 oct by card", "food between 1 aug and 15 aug",
  ]

  @Test func everyQuestionInTheIssueIsAnswered() throws {
    let sandbox = try Self.fixedDataSet()
    for question in Self.issueQuestions {
      let text = try sandbox.run(["query", question])
      #expect(text.status == 0 && text.stderr.isEmpty && !text.stdout.isEmpty, "\(question): \(text.stderr)")
      let machine = try sandbox.run(["--json", "query", question])
      #expect(machine.status == 0, "--json \(question): \(machine.stderr)")
      #expect((try? json(machine.stdout)) is [String: Any], "--json \(question) is not a JSON object")
    }
  }

  @Test func answersMatchTheData() throws {
    let sandbox = try Self.fixedDataSet()
    let compare = try sandbox.ok("query", "compare this month with last month")
    // This month is under way, so it is compared to date with the same days of last month.
    #expect(
      compare.contains("this month to date (Sun 1 Nov – today) vs same days of last month (Thu 1 Oct – Thu 29 Oct)"))
    #expect(
      compare.contains("₹60,000.00 this month to date · ₹50,000.00 same days of last month · +₹10,000.00 (+20%)"),
      "\(compare)")
    let closed = try sandbox.ok("query", "compare last month with sep")
    #expect(closed.contains("last month (Thu 1 Oct – Sat 31 Oct) vs Sep 2026"), "\(closed)")
    // A filtered comparison says what its figures are of.
    let food = try sandbox.ok("query", "compare food last month with sep")
    #expect(food.hasPrefix("  spent on Food: last month (Thu 1 Oct – Sat 31 Oct) vs Sep 2026"), "\(food)")
    // Uber is a merchant in this database's history, so "uber" is that merchant.
    let uber = try sandbox.ok("query", "uber this year")
    #expect(uber.hasPrefix("  ₹20,000.00 spent at Uber this year"), "\(uber)")
    let card = try sandbox.ok("query", "spent since 1 oct by card")
    #expect(card.hasPrefix("  ₹15,000.00 spent by Credit Card"), "\(card)")
    let methods = Self.lines(try sandbox.ok("query", "by method this month"))
    #expect(methods.first { $0.contains("Debit Card") }?.contains("₹20,000.00") == true)
    let monthly = try sandbox.ok("query", "monthly this year")
    #expect(monthly.contains("Oct 2026") && monthly.contains("₹50,000.00"))
    #expect(monthly.contains("Nov 2026") && monthly.contains("₹60,000.00"))
    let lifetime = try sandbox.ok("query", "lifetime")
    #expect(lifetime.contains("expenses ₹1,10,000.00"), "\(lifetime)")
  }

  // MARK: Questions not understood

  @Test func notUnderstoodNamesTheWordsAndShowsExamples() throws {
    let sandbox = try Self.fixedDataSet()
    let result = try sandbox.run(["query", "blah", "foo", "this", "week"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
    let line = String(result.stderrLines.first ?? "")
    #expect(line.hasPrefix("spendly: "))
    #expect(line.contains("'blah'") && line.contains("'foo'"))
    #expect(!line.contains("'this'") && !line.contains("'week'"))
    #expect(line.contains("spent this week") && line.contains("food last month"), "no examples: \(line)")
  }

  @Test func refusedQuestionsAreOneCleanLine() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    for question in ["between 15 aug and 1 aug", "31 nov", "zap \u{1B}[31mred\u{1B}[0m"] {
      let result = try sandbox.run(["query", question])
      #expect(result.status == 65, "\(question)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
      #expect(!result.stderr.contains("\u{1B}"), "an escape sequence reached the terminal")
    }
    let usage = try sandbox.run(["query"])
    #expect(usage.status == 64)
    #expect(usage.stderrLines.count == 1)
  }

  // MARK: Colour

  /// Runs the binary like `Sandbox.run` but without NO_COLOR, with a colour terminal named,
  /// and stdout a pipe: colour must still be off.
  static func runWithoutNoColor(_ sandbox: Sandbox, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: spendlyBinary)
    process.arguments = ["--db", sandbox.database, "--now", "2026-11-29T13:05"] + arguments
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": sandbox.directory, "XDG_DATA_HOME": sandbox.directory + "/xdg",
      "TERM": "xterm-256color", "COLORTERM": "truecolor",
    ]
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func noEscapeCodesWhenStdoutIsNotATerminal() throws {
    let sandbox = try Self.fixedDataSet()
    for arguments in [
      ["dashboard"], ["query", "spent this week"], ["query", "by category this month"], ["query", "monthly this year"],
      ["query", "daily this month"], ["query", "lifetime"], ["query", "compare this month with last month"],
    ] {
      let (status, out) = try Self.runWithoutNoColor(sandbox, arguments)
      #expect(status == 0, "\(arguments)")
      #expect(!out.isEmpty)
      #expect(!out.contains("\u{1B}"), "escape codes in \(arguments): \(out)")
    }
  }

  // MARK: Large amounts

  /// Valid amounts near the limit must not crash the answers. BHD has three decimals, so one
  /// transaction can be 10^15 fils: its share in basis points (Answers.table) and its change against
  /// a tiny previous total (Analytics.changeBasisPoints) no longer fit in Int64 and trap.
  @Test func hugeAmountsDoNotCrash() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "--amount", "0.001", "--currency", "BHD", "--date", "2026-10-05")
    try sandbox.ok("add", "--yes", "--amount", "999999999999", "--currency", "BHD", "--date", "2026-11-02")
    // Totals and lists are fine.
    #expect(try sandbox.ok("query", "spent this month").contains("BD 999,999,999,999.000"))
    for (arguments, bug) in [
      (["query", "compare this month with last month"], "Analytics.changeBasisPoints traps in dividingFullWidth"),
      (["query", "by category this month"], "the share × 10,000 overflows in Answers.table"),
      (["dashboard"], "both of the above"),
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0, "\(arguments) exited \(result.status) (was: \(bug))")
    }
  }
}
