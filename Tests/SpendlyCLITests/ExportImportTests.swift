import Foundation
import SpendlyTestSupport
import Testing

/// `spendly export csv|json` and `spendly import` of Spendly's own files, through the binary:
/// round trips, the formula guard, errors that name FILE:LINE:COLUMN and change nothing.
@Suite("export and import: Spendly's CSV and JSON")
struct ExportImportTests {
  /// A database with a bit of everything: accounts, a transfer, a card charge abroad, imported
  /// rows (pending, MCC, references), income, and text a spreadsheet would misread.
  static func world(_ sandbox: Sandbox) throws {
    // The statements' accounts (HDFC Savings, HDFC Regalia, Wallet), then entries of every kind.
    try ImportCommandTests.world(sandbox)
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch", "at", "Social", "date:2026-11-22")
    try sandbox.ok("add", "--yes", "1046.50", "for", "$12.50", "dinner", "in", "NYC", "card")
    try sandbox.ok("add", "--yes", "moved", "5000", "from", "hdfc", "savings", "to", "wallet")
    try sandbox.ok(
      "add", "--yes", "--amount", "99", "--category", "Shopping", "--method", "Cash", "--merchant", "=HYPERLINK(\"x\")",
      "--note", "+1 call, \"quoted\"")
    try sandbox.ok(
      "add", "--yes", "--amount", "12", "--category", "Food", "--method", "Cash", "--merchant", "@risk", "--note",
      "-2 cups ☕ 'chai'")
    try sandbox.ok("add", "--yes", "50000", "salary")
    _ = try sandbox.ok("import", ImportCommandTests.folder + "/hdfc-savings-nov.ofx")
    _ = try sandbox.ok("import", ImportCommandTests.folder + "/hdfc-card-nov.qfx")
  }

  @Test func csvWithAllFieldsComesBackExactlyIntoAFreshDatabase() throws {
    let source = try Sandbox()
    try Self.world(source)
    let exported = try source.ok("export", "csv", "--all-fields")
    #expect(
      exported.hasPrefix("Id,Date,Time,Type,Amount,Currency,Category,Payment Method,Merchant,Note,Account,Status,"))
    #expect(exported.split(separator: "\n")[0].hasSuffix(",Account Type,Revision,Database"))
    let file = source.directory + "/all.csv"
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    let target = try Sandbox()
    let report = try #require(try json(target.ok("--json", "import", file)) as? [String: Any])
    let rows = exported.split(separator: "\n").count - 1
    #expect(report["added"] as? Int == rows)
    #expect(report["duplicates"] as? Int == 0)
    // The same but for where each row came from: another database (its Database), its own
    // ids and revisions there.
    #expect(try Self.withoutOrigin(target.ok("export", "csv", "--all-fields")) == Self.withoutOrigin(exported))
    // The plain layout round-trips too (what it carries: a transfer's other end needs
    // --all-fields, and the file says so).
    let plain = try source.ok("export", "csv", "--kind", "expense")
    try plain.write(toFile: source.directory + "/plain.csv", atomically: true, encoding: .utf8)
    let third = try Sandbox()
    _ = try third.ok("import", source.directory + "/plain.csv")
    #expect(try third.ok("export", "csv") == plain)
    // Totals agree.
    #expect(try target.ok("query", "spent this month") == source.ok("query", "spent this month"))
  }

  /// An `--all-fields` export without its Id (first), Revision and Database (last) cells: what
  /// names the database a row came from (every line one row: no cell here holds a line break).
  static func withoutOrigin(_ csv: String) -> String {
    csv.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let first = line.firstIndex(of: ","), let last = line.lastIndex(of: ",") else { return String(line) }
      let beforeLast = line[..<last].lastIndex(of: ",") ?? last
      return String(line[line.index(after: first)..<beforeLast])
    }.joined(separator: "\n")
  }

  @Test func formulaCellsAreNeutralisedAndNumbersAreNot() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "add", "--yes", "--amount", "99", "--category", "Shopping", "--method", "Cash", "--merchant", "=SUM(A1:A9)",
      "--note", "+1 call")
    try sandbox.ok("add", "--yes", "--amount", "12", "--category", "Food", "--method", "Cash", "--merchant", "@risk")
    try sandbox.ok("add", "--yes", "--amount", "13", "--category", "Food", "--method", "Cash", "--note", "-minus")
    try sandbox.ok("add", "--yes", "--amount", "14", "--category", "Food", "--method", "Cash", "--note", "'=quoted")
    // A combining mark after '=' makes another character, but the same first byte.
    try sandbox.ok("add", "--yes", "--amount", "15", "--category", "Food", "--method", "Cash", "--note", "=\u{301}x")
    let lines = try sandbox.ok("export", "csv").split(separator: "\n").map(String.init)
    #expect(lines[1] == "2026-11-29,13:05,expense,99.00,INR,Shopping,Cash,'=SUM(A1:A9),'+1 call")
    #expect(lines[2] == "2026-11-29,13:05,expense,12.00,INR,Food,Cash,'@risk,")
    #expect(lines[3] == "2026-11-29,13:05,expense,13.00,INR,Food,Cash,,'-minus")
    #expect(lines[4] == "2026-11-29,13:05,expense,14.00,INR,Food,Cash,,''=quoted")
    // Read back, the guard comes off: the same text as typed.
    try lines.joined(separator: "\n").write(toFile: sandbox.directory + "/g.csv", atomically: true, encoding: .utf8)
    let other = try Sandbox()
    _ = try other.ok("import", sandbox.directory + "/g.csv")
    let shown = try #require(try json(other.ok("--json", "list")) as? [[String: Any]])
    #expect(Set(shown.compactMap { $0["merchant"] as? String }) == ["=SUM(A1:A9)", "@risk"])
    #expect(Set(shown.compactMap { $0["note"] as? String }) == ["+1 call", "-minus", "'=quoted", "=\u{301}x"])
  }

  @Test func excelFlavourHasAByteOrderMarkAndCRLF() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    #expect(try sandbox.ok("export", "csv", "out.csv", "--excel") == "exported 1 transaction as CSV to out.csv\n")
    let summary = try #require(try json(sandbox.ok("--json", "export", "csv", "out2.csv")) as? [String: Any])
    #expect(summary["rows"] as? Int == 1 && summary["format"] as? String == "csv")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sandbox.directory + "/out.csv")))
    #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
    #expect(
      text
        == "Date,Time,Type,Amount,Currency,Category,Payment Method,Merchant,Note\r\n2026-11-29,13:05,expense,420.00,INR,Food,UPI,Social,lunch\r\n"
    )
    #expect(try permissions(sandbox.directory + "/out.csv") & 0o777 == 0o600)
    // And it reads back.
    let other = try Sandbox()
    _ = try other.ok("import", sandbox.directory + "/out.csv")
    #expect(try other.ok("export", "csv", "--excel") == text.replacingOccurrences(of: "Date", with: "\u{FEFF}Date"))
  }

  @Test func filtersChooseTheRows() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let food = try sandbox.ok("export", "csv", "--category", "food", "--from", "2026-11-01")
    let rows = food.split(separator: "\n").dropFirst()
    #expect(
      !rows.isEmpty && rows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false)[5] == "Food" })
    let transfers = try sandbox.ok("export", "csv", "--kind", "transfer").split(separator: "\n").dropFirst()
    #expect(!transfers.isEmpty && transfers.allSatisfy { $0.contains(",transfer,") })
    let card = try sandbox.ok("export", "csv", "--account", "hdfc regalia", "--all-fields").split(separator: "\n")
      .dropFirst()
    #expect(!card.isEmpty && card.allSatisfy { $0.contains("HDFC Regalia") })
  }

  @Test func aBadRowNamesFileLineAndColumnAndNothingIsWritten() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let before = try sandbox.databaseBytes()
    let file = sandbox.directory + "/bad.csv"
    try """
    Date,Time,Type,Amount,Currency,Category,Payment Method,Merchant,Note
    2026-11-01,,expense,"₹1,04,650.50",INR,Food,UPI,"Big, Shop",x
    29/11/2026,,expense,4x0,INR,Food,UPI,,

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try sandbox.run(["import", "bad.csv"])
    #expect(result.status == 65)
    #expect(result.stderr == "spendly: bad.csv:3:4: Amount '4x0': '4x0' is not a number (example: 420 or 1,250.50)\n")
    #expect(try sandbox.databaseBytes() == before)
    // A category on the wrong side names its column; a bad date its own.
    try "Date,Type,Amount,Category\n2026-11-02,income,400,Food\n".write(toFile: file, atomically: true, encoding: .utf8)
    let side = try sandbox.run(["import", "bad.csv"])
    #expect(side.status == 65 && side.stderr.hasPrefix("spendly: bad.csv:2:4: category 'Food'"), "\(side.stderr)")
    try "Date,Type,Amount\n31/02/2026,expense,400\n".write(toFile: file, atomically: true, encoding: .utf8)
    let date = try sandbox.run(["import", "bad.csv"])
    #expect(date.stderr.hasPrefix("spendly: bad.csv:2:1: Date '31/02/2026': not a date"), "\(date.stderr)")
    // A transfer without its other end points at the cell that names ends: Payment Method here.
    try "Date,Type,Amount,Category,Payment Method\n2026-11-01,transfer,200,Transfer,Bank Transfer\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let end = try sandbox.run(["import", "bad.csv"])
    #expect(end.stderr.hasPrefix("spendly: bad.csv:2:5: to: a transfer needs where the money went"), "\(end.stderr)")
    #expect(try sandbox.databaseBytes() == before)
  }

  @Test func datesAndAmountsReadAsPeopleWriteThem() throws {
    let sandbox = try Sandbox()
    let file = sandbox.directory + "/typed.csv"
    try """
    Date,Time,Type,Amount,Currency,Category,Payment Method,Merchant,Note
    29/11/2026,09:30,expense,"₹1,04,650.50",,Food,UPI,,
    28-11-2026,,expense,$12.50,USD,Food,Cash,,
    27 Nov 2026,,income,"50,000",INR,Salary,,,

    """.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try sandbox.ok("import", file)
    let lines = try sandbox.ok("export", "csv").split(separator: "\n").map(String.init)
    #expect(
      lines.dropFirst() == [
        "2026-11-27,,income,50000.00,INR,Salary,Bank Transfer,,", "2026-11-28,,expense,12.50,USD,Food,Cash,,",
        "2026-11-29,09:30,expense,104650.50,INR,Food,UPI,,",
      ])
  }

  @Test func whatSpreadsheetsSaveReadsBack() throws {
    let sandbox = try Sandbox()
    let file = sandbox.directory + "/saved.csv"
    try """
    Date,Time,Type,Amount,Currency,Category,Payment Method,Merchant,Note
    29/11/2026,01:05:00 PM,expense,"-₹1,046.50",INR,chai,gpay,,
    28/11/2026,13:05:00,expense,12.50,INR,Food,Cash,,
    27/11/2026,,transfer,2000.00,INR,Transfer,Bank Transfer → Cash,,

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let report = try #require(try json(sandbox.ok("--json", "import", file)) as? [String: Any])
    #expect(report["added"] as? Int == 3)
    // Words resolve as phrases resolve them: no new category or method for an alias.
    #expect(report["created_methods"] as? [String] == [])
    #expect(report["created_categories"] as? [String] == [])
    let lines = try sandbox.ok("export", "csv").split(separator: "\n").map(String.init)
    #expect(
      lines.dropFirst() == [
        "2026-11-27,,transfer,2000.00,INR,Transfer,Bank Transfer → Cash,,",
        "2026-11-28,13:05,expense,12.50,INR,Food,Cash,,",
        "2026-11-29,13:05,expense,1046.50,INR,Food,UPI,,",
      ])
    // Text that is not UTF-8 is refused, naming its line.
    var latin1 = Array("Date,Type,Amount,Merchant\n2026-11-02,expense,400,Caf".utf8)
    latin1 += [0xE9, 0x0A]
    try Data(latin1).write(to: URL(fileURLWithPath: sandbox.directory + "/latin1.csv"))
    let refused = try sandbox.run(["import", "latin1.csv"])
    #expect(refused.status == 65)
    #expect(refused.stderr.hasPrefix("spendly: latin1.csv:2:1: not UTF-8 text"), "\(refused.stderr)")
  }

  @Test func thePlainLayoutCarriesATransfersEndsByAccount() throws {
    let source = try Sandbox()
    try Self.world(source)
    let plain = try source.ok("export", "csv", "--kind", "transfer")
    #expect(plain.contains(",transfer,5000.00,INR,Transfer,HDFC Savings → Wallet,"), "\(plain)")
    try plain.write(toFile: source.directory + "/t.csv", atomically: true, encoding: .utf8)
    let target = try Sandbox()
    let report = try #require(try json(target.ok("--json", "import", source.directory + "/t.csv")) as? [String: Any])
    #expect(createdAccounts(report)?.contains("Wallet: wallet") == true, "\(report)")
    #expect(try target.ok("export", "csv") == plain)
    // Into the database it came from, every row is a duplicate.
    let again = try #require(try json(source.ok("--json", "import", source.directory + "/t.csv")) as? [String: Any])
    #expect(again["added"] as? Int == 0)
  }

  @Test func aFailedImportStillAnswersInJSON() throws {
    let sandbox = try Sandbox()
    try "Date,Type,Amount\n2026-11-02,expense,4x0\n".write(
      toFile: sandbox.directory + "/bad.csv", atomically: true, encoding: .utf8)
    let result = try sandbox.run(["--json", "import", "bad.csv"])
    #expect(result.status == 65)
    let report = try #require(try json(result.stdout) as? [String: Any])
    #expect((report["errors"] as? [String])?.first?.hasPrefix("bad.csv:2:3: Amount") == true, "\(result.stdout)")
    // A dry run on a database that is not there creates none.
    let empty = try Sandbox()
    try "Date,Type,Amount\n2026-11-02,expense,400\n".write(
      toFile: empty.directory + "/good.csv", atomically: true, encoding: .utf8)
    #expect(try empty.ok("import", "--dry-run", "good.csv") == "good.csv (Spendly CSV): would be 1 added\n")
    #expect(!FileManager.default.fileExists(atPath: empty.database))
  }

  @Test func dryRunDuplicatesAndUndo() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let exported = try sandbox.ok("export", "csv", "--all-fields")
    let file = sandbox.directory + "/all.csv"
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    let other = try Sandbox()
    try other.addLunch()
    let before = try other.databaseBytes()
    let dry = try #require(try json(other.ok("--json", "import", file, "--dry-run")) as? [String: Any])
    #expect(dry["dry_run"] as? Bool == true)
    #expect(try other.databaseBytes() == before)
    _ = try other.ok("import", file)
    let again = try #require(try json(other.ok("--json", "import", file)) as? [String: Any])
    #expect(again["added"] as? Int == 0)
    #expect(again["duplicates"] as? Int == exported.split(separator: "\n").count - 1)
    // One import is one change: one undo takes it all back.
    #expect(try other.ok("undo").hasPrefix("undid import"))
    let left = try #require(try json(other.ok("--json", "list")) as? [[String: Any]])
    #expect(left.count == 1)
  }

  @Test func jsonOutInOutGivesTheSameBytesAndKeepsHistory() throws {
    let source = try Sandbox()
    try Self.world(source)
    try source.ok("edit", "1", "--note", "lunch with Asha")
    try source.ok("delete", "2")
    try source.ok("budget", "set", "food", "8000")
    let first = try source.ok("export", "json")
    let file = source.directory + "/all.json"
    try first.write(toFile: file, atomically: true, encoding: .utf8)
    let target = try Sandbox()
    let restored = try #require(try json(target.ok("--json", "import", file)) as? [String: Any])
    #expect(restored["mode"] as? String == "restore")
    #expect(try target.ok("export", "json") == first)
    #expect(try target.ok("history", "1") == source.ok("history", "1"))
    // The restored database's undo walks the file's history: the budget, then the delete.
    #expect(try target.ok("undo") == source.ok("undo"))
    #expect(try target.ok("export", "csv", "--all-fields") == source.ok("export", "csv", "--all-fields"))
    // Into a database with data, its transactions merge, duplicates skipped.
    let merged = try #require(try json(target.ok("--json", "import", file)) as? [String: Any])
    #expect(merged["added"] as? Int == 0)
    #expect((merged["duplicates"] as? Int ?? 0) > 5)
  }

  @Test func aJSONWhoseRowsBreakTheRulesIsRefusedWhole() throws {
    let source = try Sandbox()
    try source.addLunch()
    let text = try source.ok("export", "json")
    for (broken, expected) in [
      (text.replacingOccurrences(of: "\"amount\": 42000", with: "\"amount\": \"abc\""), "transaction #1 amount"),
      (
        text.replacingOccurrences(of: "\"date\": \"2026-11-29\"", with: "\"date\": \"2026-13-45\""),
        "transaction #1 date"
      ),
      (text.replacingOccurrences(of: "\"amount\": 42000", with: "\"amount\": -5"), "transactions row 1"),
      (text.replacingOccurrences(of: "\"budgets\": [],", with: ""), "table 'budgets': missing"),
    ] {
      #expect(broken != text)
      let file = source.directory + "/broken.json"
      try broken.write(toFile: file, atomically: true, encoding: .utf8)
      let fresh = try Sandbox()
      try fresh.createDatabase()
      let before = try fresh.databaseBytes()
      let result = try fresh.run(["import", file])
      #expect(result.status == 65, "\(result.stderr)")
      #expect(result.stderr.contains(expected), "\(result.stderr)")
      #expect(try fresh.databaseBytes() == before)
    }
  }

  @Test func aJSONDryRunReadsTheWholeFileAndChangesNothing() throws {
    let source = try Sandbox()
    try source.addLunch()
    let text = try source.ok("export", "json")
    try String(text.prefix(text.count / 2)).write(
      toFile: source.directory + "/cut.json", atomically: true, encoding: .utf8)
    try text.write(toFile: source.directory + "/all.json", atomically: true, encoding: .utf8)
    let fresh = try Sandbox()
    try fresh.createDatabase()
    let before = try fresh.databaseBytes()
    #expect(try fresh.run(["import", source.directory + "/cut.json", "--dry-run"]).status == 65)
    #expect(try fresh.ok("import", source.directory + "/all.json", "--dry-run").contains("would restore"))
    #expect(try fresh.databaseBytes() == before)
    // A file nested thousands deep is refused, not a crash.
    let deep =
      "{\"format\": \"spendly\", \"x\": " + String(repeating: "[", count: 100_000)
      + String(repeating: "]", count: 100_000) + ", \"version\": 1, \"schema\": 1, \"tables\": {}}"
    try deep.write(toFile: source.directory + "/deep.json", atomically: true, encoding: .utf8)
    let refused = try fresh.run(["import", source.directory + "/deep.json"])
    #expect(refused.status == 65 && refused.stderr.contains("nested too deeply"), "\(refused.stderr)")
  }

  @Test func replaceRestoresOverADatabaseWithDataAndKeepsIt() throws {
    let source = try Sandbox()
    try Self.world(source)
    let text = try source.ok("export", "json")
    try text.write(toFile: source.directory + "/all.json", atomically: true, encoding: .utf8)
    let target = try Sandbox()
    try target.ok("add", "--yes", "99", "cash", "snacks")
    let out = try target.ok("import", source.directory + "/all.json", "--replace")
    #expect(out.contains("kept at"), "\(out)")
    // The file's rows exactly, and one change more: the replace, which undo never walks past.
    let exported = try target.ok("export", "json").split(separator: "\n", omittingEmptySubsequences: false)
    let replaceLines = exported.filter { $0.contains("\"action\": \"replace\"") }
    #expect(replaceLines.count == 1)
    // (the row before the replace's loses its comma: the replace is now the last row)
    func rows(_ lines: [Substring]) -> [Substring] {
      lines.filter { !$0.contains("\"action\": \"replace\"") }.map { $0.hasSuffix("},") ? $0.dropLast() : $0 }
    }
    #expect(rows(exported) == rows(text.split(separator: "\n", omittingEmptySubsequences: false)))
  }

  @Test func aDamagedJSONNamesItsPlaceAndChangesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let text = try sandbox.ok("export", "json")
    let cut = String(text.prefix(text.count / 2))
    let file = sandbox.directory + "/cut.json"
    try cut.write(toFile: file, atomically: true, encoding: .utf8)
    let fresh = try Sandbox()
    try fresh.createDatabase()
    let before = try fresh.databaseBytes()
    let result = try fresh.run(["import", file])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("spendly: \(file):"), "\(result.stderr)")
    #expect(result.stderr.contains("the file ends early"), "\(result.stderr)")
    #expect(try fresh.databaseBytes() == before)
  }
}

/// `spendly backup` and `spendly restore`.
@Suite("backup and restore")
struct BackupRestoreTests {
  @Test func aBackupTakenWhileAnotherProcessWritesIsConsistent() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    // A writer in another process: 150 saves, one after another.
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = [
      "-c",
      "i=0; while [ $i -lt 150 ]; do \"$0\" --db \"$1\" --now 2026-11-29T13:05 add --yes 10 cash food >/dev/null || exit 1; i=$((i+1)); done",
      spendlyBinary, sandbox.database,
    ]
    try writer.run()
    var backups = 0
    var counts: [Int] = []
    while writer.isRunning || backups == 0 {
      let path = sandbox.directory + "/b\(backups).db"
      let result = try sandbox.run(["--json", "backup", path])
      #expect(result.status == 0, "\(result.stderr)")
      let info = try #require(try json(result.stdout) as? [String: Any])
      counts.append(info["transactions"] as? Int ?? -1)
      #expect(try permissions(path) & 0o777 == 0o600)
      // Each copy is whole: SQLite's own check, and the month totals agree with the rows.
      let check = try Sandbox()
      let restore = try check.run(["restore", path])
      #expect(restore.status == 0, "\(restore.stderr)")
      let answer = try #require(try json(check.ok("--json", "query", "spent in november")) as? [String: Any])
      let totals = try #require(answer["totals"] as? [[String: Any]])
      #expect(totals.first?["count"] as? Int == counts.last)
      backups += 1
    }
    writer.waitUntilExit()
    #expect(writer.terminationStatus == 0)
    #expect(counts == counts.sorted())
    #expect(backups >= 2)
  }

  @Test func backupRefusesToOverwriteWithoutForce() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    _ = try sandbox.ok("backup", "copy.db")
    let again = try sandbox.run(["backup", "copy.db"])
    #expect(again.status == 73)
    #expect(again.stderr == "spendly: copy.db: exists; --force replaces it\n")
    #expect(try sandbox.ok("backup", "copy.db", "--force").hasPrefix("backed up 1 transaction to copy.db"))
    // The database itself, however it is spelled, is refused.
    let itself = try sandbox.run(["backup", "data/../data/spendly.db", "--force"])
    #expect(itself.status == 73 && itself.stderr.contains("is the database itself"), "\(itself.stderr)")
  }

  @Test func restoreReplacesNothingWhenTheBackupCannotBeBroughtUpToDate() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    _ = try sandbox.ok("backup", "good.db")
    // A backup that says it is older than it is: its upgrade fails on a copy, never on the database.
    let old = try ExportToolsTests.tool(["sqlite3", "good.db", "PRAGMA user_version = 5"], in: sandbox.directory)
    #expect(old.status == 0)
    let before = try sandbox.databaseBytes()
    let result = try sandbox.run(["restore", "good.db"])
    #expect(result.status == 65 && result.stderr.contains("nothing was restored"), "\(result.stderr)")
    #expect(try sandbox.databaseBytes() == before)
    // One without a table Spendly needs is refused too.
    _ = try sandbox.ok("backup", "whole.db")
    #expect(
      try ExportToolsTests.tool(["sqlite3", "whole.db", "DROP TABLE budgets"], in: sandbox.directory).status == 0)
    let missing = try sandbox.run(["restore", "whole.db"])
    #expect(missing.status == 65 && missing.stderr.contains("budgets"), "\(missing.stderr)")
    #expect(try sandbox.databaseBytes() == before)
  }

  @Test func restoreRefusesADamagedFileAndKeepsTheReplacedOne() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    _ = try sandbox.ok("backup", "good.db")
    try sandbox.ok("add", "--yes", "99", "cash", "snacks")
    // A damaged copy: a page in the middle overwritten.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sandbox.directory + "/good.db")))
    let pages = bytes.count / 4096
    for page in 2..<pages { for i in 0..<64 { bytes[page * 4096 + i] = 0xA5 } }
    try Data(bytes).write(to: URL(fileURLWithPath: sandbox.directory + "/bad.db"))
    let before = try sandbox.databaseBytes()
    let bad = try sandbox.run(["restore", "bad.db"])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("nothing was restored"), "\(bad.stderr)")
    #expect(try sandbox.databaseBytes() == before)
    try "not a database at all".write(toFile: sandbox.directory + "/text.db", atomically: true, encoding: .utf8)
    #expect(try sandbox.run(["restore", "text.db"]).status == 65)
    // A good one replaces the database; the replaced one is kept and named.
    let out = try sandbox.ok("restore", "good.db")
    let kept = try #require(
      out.split(separator: "\n").last?.split(separator: " ").first { $0.contains("before-restore") })
    #expect(FileManager.default.fileExists(atPath: String(kept)))
    let rows = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(rows.count == 1)
    _ = try sandbox.ok("restore", String(kept))
    let back = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(back.count == 2)
  }
}
