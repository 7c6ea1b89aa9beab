import Foundation
import SpendlyTestSupport
import Testing

/// Each export read by the program that would read it: openpyxl for the workbook, ledger,
/// hledger and bean-check for the journals; their totals against `spendly query`'s.
@Suite("exports read by their programs", .tags(.externalTool), .enabled(if: ExternalTools.run))
struct ExportToolsTests {
  /// Runs a tool (found on PATH, else the test fails: `make test` installs them).
  static func tool(_ arguments: [String], in directory: String) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
    )
  }

  /// Spendly's own totals for this year (all the test data), per currency, in minor units.
  static func totals(_ sandbox: Sandbox, _ measure: String) throws -> [String: Int] {
    let answer = try #require(try json(sandbox.ok("--json", "query", "\(measure) this year")) as? [String: Any])
    var result: [String: Int] = [:]
    for total in answer["totals"] as? [[String: Any]] ?? [] {
      let key = measure == "spent" ? "spent" : "income"
      result[total["currency"] as? String ?? "?"] = (total[key] as? [String: Any])?["amount_minor"] as? Int
    }
    return result
  }

  /// The test world, with a dollar expense and income besides the rupees.
  static func world() throws -> Sandbox {
    let sandbox = try Sandbox()
    try ExportImportTests.world(sandbox)
    try sandbox.ok("add", "--yes", "$25", "cash", "books", "note", "paperback")
    try sandbox.ok(
      "add", "--yes", "--kind", "income", "--amount", "300", "--currency", "USD", "--category", "Freelance")
    return sandbox
  }

  @Test func theWorkbookOpensInOpenpyxlWithFourSheetsAndSpendlysTotals() throws {
    let sandbox = try Self.world()
    #expect(try sandbox.ok("export", "xlsx", "books.xlsx").hasPrefix("exported "))
    let script = """
      import json, openpyxl
      wb = openpyxl.load_workbook('books.xlsx')
      out = {'sheets': wb.sheetnames, 'summary': {}, 'rows': {}}
      for row in wb['Summary'].iter_rows(min_row=2, values_only=True):
          out['summary'][row[0]] = [round(row[1] * 100), round(row[2] * 100)]
      t = wb['Transactions']
      out['format'] = t['D2'].number_format
      out['date'] = type(t['A2'].value).__name__
      out['bold'] = t['A1'].font.b
      out['freeze'] = t.freeze_panes
      out['filter'] = t.auto_filter.ref
      for row in t.iter_rows(min_row=2, values_only=True):
          if row[2] == 'expense' and row[10] not in ('memo', 'rejected'):
              out['rows'][row[4]] = out['rows'].get(row[4], 0) - round(row[3] * 100)
      # read-only mode trusts each sheet's <dimension>: without it max_row is None
      fast = openpyxl.load_workbook('books.xlsx', read_only=True)
      out['dimensions'] = [[fast[n].max_row, wb[n].max_row, fast[n].max_column, wb[n].max_column] for n in wb.sheetnames]
      print(json.dumps(out))
      """
    let result = try Self.tool(["python3", "-c", script], in: sandbox.directory)
    #expect(result.status == 0, "\(result.err)")
    let read = try #require(try json(result.out) as? [String: Any])
    #expect(read["sheets"] as? [String] == ["Transactions", "Category Summary", "Payment Method Summary", "Summary"])
    #expect(read["date"] as? String == "datetime")
    #expect(read["bold"] as? Bool == true)
    #expect(read["freeze"] as? String == "A2")
    #expect((read["filter"] as? String)?.hasPrefix("A1:K") == true)
    let dimensions = try #require(read["dimensions"] as? [[Int]])
    #expect(
      dimensions.count == 4 && dimensions.allSatisfy { $0[0] == $0[1] && $0[2] == $0[3] && $0[0] > 1 }, "\(dimensions)")
    let summary = try #require(read["summary"] as? [String: [Int]])
    let spent = try Self.totals(sandbox, "spent")
    let income = try Self.totals(sandbox, "income")
    #expect(Set(summary.keys) == ["INR", "USD"])
    for (currency, figures) in summary {
      #expect(figures[0] == income[currency] ?? 0, "\(currency) income")
      #expect(figures[1] == spent[currency] ?? 0, "\(currency) expenses")
    }
    #expect(read["rows"] as? [String: Int] == spent)
  }

  /// Per-currency totals of an account tree (Expenses or Income) as each tool reports them.
  static func journalTotals(_ flavor: String, _ file: String, _ root: String, in directory: String) throws -> [String:
    Int]
  {
    let result: (status: Int32, out: String, err: String)
    switch flavor {
    case "ledger":
      result = try tool(
        [
          "ledger", "-f", file, "bal", "^\(root):", "--depth", "1", "--no-total", "--balance-format",
          "%(display_total)\n",
        ],
        in: directory)
    case "hledger":
      result = try tool(["hledger", "-f", file, "bal", "^\(root)(:|$)", "--depth", "1", "-N"], in: directory)
    default:
      let script = """
        from beancount import loader
        from beancount.core import data
        import collections
        entries, errors, _ = loader.load_file('\(file)')
        totals = collections.Counter()
        for e in entries:
            if isinstance(e, data.Transaction):
                for p in e.postings:
                    if p.account.startswith('\(root):'):
                        totals[p.units.currency] += p.units.number
        for c, n in totals.items():
            print(n, c)
        """
      result = try tool(["python3", "-c", script], in: directory)
    }
    #expect(result.status == 0, "\(flavor): \(result.err)")
    var totals: [String: Int] = [:]
    for line in result.out.split(separator: "\n") {
      let words = line.split(separator: " ").filter { !$0.isEmpty }
      guard words.count >= 2, let currency = words.first(where: { $0.allSatisfy(\.isLetter) && $0.count == 3 }),
        let number = words.first(where: { $0.contains(where: \.isNumber) })
      else { continue }
      let digits = number.replacingOccurrences(of: ",", with: "")
      let parts = digits.split(separator: ".")
      let whole = Int(parts[0]) ?? 0
      let fraction =
        parts.count > 1 ? Int(parts[1].padding(toLength: 2, withPad: "0", startingAt: 0).prefix(2)) ?? 0 : 0
      totals[String(currency), default: 0] +=
        (whole * 100 + (whole < 0 || digits.hasPrefix("-") ? -fraction : fraction))
    }
    return totals
  }

  @Test(arguments: ["ledger", "hledger", "beancount"])
  func eachJournalPassesItsToolWithSpendlysTotals(_ flavor: String) throws {
    let sandbox = try Self.world()
    let file = "books.\(flavor)"
    #expect(try sandbox.ok("export", flavor, file).contains("as a \(flavor) journal"))
    switch flavor {
    case "ledger":
      let check = try Self.tool(["ledger", "-f", file, "bal"], in: sandbox.directory)
      #expect(check.status == 0 && check.err.isEmpty, "\(check.err)")
    case "hledger":
      let check = try Self.tool(["hledger", "-f", file, "bal"], in: sandbox.directory)
      #expect(check.status == 0, "\(check.err)")
    default:
      let check = try Self.tool(["bean-check", file], in: sandbox.directory)
      #expect(check.status == 0 && check.out.isEmpty && check.err.isEmpty, "\(check.out)\(check.err)")
    }
    let spent = try Self.totals(sandbox, "spent")
    let income = try Self.totals(sandbox, "income")
    #expect(try Self.journalTotals(flavor, file, "Expenses", in: sandbox.directory) == spent)
    #expect(try Self.journalTotals(flavor, file, "Income", in: sandbox.directory) == income.mapValues { -$0 })
  }

  /// Transfers with an untracked end (to Cash and from Cash, with only a bank account): each
  /// journal passes its tool, its assets are the bank's balance as `accounts` gives it plus the
  /// cash the transfers moved (Assets:Cash), and they stay out of the expenses.
  @Test(arguments: ["ledger", "hledger", "beancount"])
  func untrackedCashEndsBalanceInEachJournal(_ flavor: String) throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "10000", "--on", "2026-11-01")
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch")
    try sandbox.ok("add", "--yes", "--kind", "transfer", "--amount", "300", "--to", "Cash")
    try sandbox.ok("add", "--yes", "--kind", "transfer", "--amount", "1000", "--method", "Cash", "--to", "HDFC Savings")
    #expect(try AccountsCommandTests.balances(sandbox) == ["HDFC Savings": "10280.00"])
    let file = "books.\(flavor)"
    #expect(try sandbox.ok("export", flavor, file).contains("as a \(flavor) journal"))
    let journal = try String(contentsOfFile: sandbox.directory + "/" + file, encoding: .utf8)
    #expect(journal.contains("Assets:Cash"), "\(journal)")
    let check =
      switch flavor {
      case "ledger": try Self.tool(["ledger", "-f", file, "bal"], in: sandbox.directory)
      case "hledger": try Self.tool(["hledger", "-f", file, "bal"], in: sandbox.directory)
      default: try Self.tool(["bean-check", file], in: sandbox.directory)
      }
    #expect(check.status == 0 && check.err.isEmpty, "\(check.out)\(check.err)")
    // The bank's 10,280 and the cash's 300 - 1,000.
    #expect(try Self.journalTotals(flavor, file, "Assets", in: sandbox.directory) == ["INR": 958_000])
    #expect(try Self.journalTotals(flavor, file, "Expenses", in: sandbox.directory) == ["INR": 42_000])
  }

  /// The workbook as a person sees it in LibreOffice: rupees grouped in lakhs and crores (a
  /// negative amount too), times as times, shares as the exact ratio.
  @Test func libreOfficeShowsLakhsTimesAndExactShares() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "7343204", "salary", "upi", "date:2026-11-02", "time:09:15")
    try sandbox.ok("add", "--yes", "150000", "rent", "neft", "date:2026-11-03", "time:10:00")
    try sandbox.ok("add", "--yes", "12345678.50", "shopping", "card", "date:2026-11-04")
    try sandbox.ok("add", "--yes", "100", "food", "cash", "date:2026-11-05")
    try sandbox.ok("add", "--yes", "200", "food", "cash", "date:2026-11-06")
    try sandbox.ok("add", "--yes", "12345678901.50", "freelance", "upi", "date:2026-11-07")
    let file = sandbox.directory + "/books.xlsx"
    try sandbox.ok("export", "xlsx", file)
    let filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1"
    let converted = try Self.tool(
      [
        "soffice", "-env:UserInstallation=file://\(sandbox.directory)/profile", "--headless", "--convert-to", filter,
        "--outdir", sandbox.directory, file,
      ], in: sandbox.directory)
    #expect(converted.status == 0, "\(converted.err)")
    let transactions = try String(contentsOfFile: sandbox.directory + "/books-Transactions.csv", encoding: .utf8)
    #expect(transactions.contains("\"₹73,43,204.00\""), "\(transactions)")
    #expect(transactions.contains("\"-₹1,50,000.00\""), "\(transactions)")
    #expect(transactions.contains("\"-₹1,23,45,678.50\""), "\(transactions)")
    #expect(transactions.contains("-₹100.00"), "\(transactions)")
    #expect(transactions.contains("\"₹12,34,56,78,901.50\""), "a hundred crore and more: \(transactions)")
    #expect(transactions.contains(",09:15,") && transactions.contains(",10:00,"), "\(transactions)")
    let script = """
      import openpyxl
      wb = openpyxl.load_workbook('books.xlsx')
      t = wb['Transactions']
      print(t['B2'].is_date, t['B2'].number_format)
      for row in wb['Category Summary'].iter_rows(min_row=2, values_only=True):
          print(row[2], repr(row[5]))
      """
    let read = try Self.tool(["python3", "-c", script], in: sandbox.directory)
    #expect(read.status == 0, "\(read.err)")
    let lines = read.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "True hh:mm", "\(read.out)")
    // Food is 300 of 12,495,978.50 spent: 0.0000240077…, not a share cut to four places.
    #expect(lines.contains("Food 2.4007722e-05") || lines.contains { $0.hasPrefix("Food 2.40077") }, "\(read.out)")
  }
}
