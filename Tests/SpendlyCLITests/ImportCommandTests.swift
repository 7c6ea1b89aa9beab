import Foundation
import SpendlyTestSupport
import Testing

/// `spendly import` and `spendly sync` through the binary on the project's fixtures.
@Suite("spendly import and sync: statements matched with what was typed")
struct ImportCommandTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/statements").path

  static func world(_ sandbox: Sandbox) throws {
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "50000", "--on", "2026-11-01", "--methods",
      "UPI,Debit Card", "--last4", "5678")
    try sandbox.ok("accounts", "add", "HDFC Regalia", "--type", "card", "--methods", "Credit Card", "--last4", "4242")
    try sandbox.ok("accounts", "add", "Wallet", "--type", "wallet", "--methods", "Cash")
  }

  static func summary(_ sandbox: Sandbox, _ arguments: String...) throws -> [String: Any] {
    try #require(try json(sandbox.ok(["--json", "import"] + arguments)) as? [String: Any])
  }

  @Test func aTypedEntryAndItsBankRowAreOneAndAReimportAddsNothing() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch", "at", "Social", "date:2026-11-22")
    let first = try Self.summary(sandbox, Self.folder + "/hdfc-savings-nov.ofx")
    #expect(first["added"] as? Int == 5)
    #expect(first["matched"] as? Int == 1)
    #expect(first["transfers"] as? Int == 2)
    let accounts = try #require(first["accounts"] as? [[String: Any]])
    #expect(accounts.first?["agrees"] as? Bool == true)
    let typed = try #require(try json(sandbox.ok("--json", "show", "1")) as? [String: Any])
    #expect(typed["external_reference"] as? String == "HD2611240001")
    #expect(
      typed["category"] as? String == "Food" && typed["merchant"] as? String == "Social"
        && typed["note"] as? String == "lunch")
    #expect(typed["posted_date"] as? String == "2026-11-24")
    let again = try Self.summary(sandbox, Self.folder + "/hdfc-savings-nov.ofx")
    #expect(again["added"] as? Int == 0)
    #expect(again["duplicates"] as? Int == 6)
    // The card's statement: its payment is the savings' card bill, one transfer.
    let card = try Self.summary(sandbox, Self.folder + "/hdfc-card-nov.qfx")
    #expect(card["added"] as? Int == 4)
    #expect(card["transfers"] as? Int == 1)
    let transfers = try #require(try json(sandbox.ok("--json", "list", "--kind", "transfer")) as? [[String: Any]])
    #expect(transfers.count == 2)
    let listed = try #require(try json(sandbox.ok("--json", "list", "--limit", "0")) as? [[String: Any]])
    #expect(listed.count == 10)
  }

  @Test func pendingRowsAreBookedOrRemovedAndUndoRevertsAnImport() throws {
    let sandbox = try Sandbox()
    let report = try Self.summary(sandbox, Self.folder + "/sbi-intraday.camt052.xml", "--yes")
    #expect(report["added"] as? Int == 2)
    #expect(createdAccounts(report)?.count == 1)
    let statement = try Self.summary(sandbox, Self.folder + "/sbi-nov.camt.xml")
    #expect(statement["updated"] as? Int == 1)
    #expect(statement["removed"] as? Int == 1)
    #expect(statement["added"] as? Int == 2)
    let rows = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(rows.count == 3)
    #expect(rows.allSatisfy { $0["status"] as? String == "booked" })
    #expect(try sandbox.ok("undo").contains("undid"))
    let back = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(back.map { $0["status"] as? String } == ["pending", "pending"])
  }

  @Test func aFileThatFailsChangesNothing() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let bad = sandbox.directory + "/bad.ofx"
    var text = try String(contentsOfFile: Self.folder + "/hdfc-savings-nov.ofx", encoding: .isoLatin1)
    text = text.replacingOccurrences(of: "<TRNAMT>-899.00", with: "<TRNAMT>lots")
    try text.write(toFile: bad, atomically: true, encoding: .isoLatin1)
    let result = try sandbox.run(["import", bad])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("spendly: bad.ofx:22: TRNAMT 'lots' is not an amount"))
    #expect(try sandbox.ok("list") == "no transactions\n")
    #expect(try sandbox.ok("log").contains("import") == false)
    let failed = try sandbox.run(["--json", "import", bad])
    #expect(failed.status == 65)
    let summary = try #require(try json(failed.stdout) as? [String: Any])
    #expect((summary["errors"] as? [String])?.first?.hasPrefix("bad.ofx:22: TRNAMT") == true)
    #expect(summary["added"] as? Int == 0)
    let dry = try Self.summary(sandbox, Self.folder + "/hdfc-savings-nov.ofx", "--dry-run")
    #expect(dry["added"] as? Int == 6 && dry["dry_run"] as? Bool == true)
    #expect(try sandbox.ok("list") == "no transactions\n", "a dry run writes nothing")
  }

  @Test func everyFormatImportsAndSyncReadsNothingTheSecondTime() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    try sandbox.ok("accounts", "add", "Kotak", "--type", "savings")
    let csv = try Self.summary(
      sandbox, Self.folder + "/kotak-nov.csv", "--account", "kotak", "--mapping", Self.folder + "/kotak.rules")
    #expect(csv["added"] as? Int == 3)
    let folder = sandbox.directory + "/statements"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in ["hdfc-savings-nov.ofx", "hdfc-card-nov.qfx", "accounts.qif", "sbi-nov.camt.xml", "kotak-nov.csv"] {
      try FileManager.default.copyItem(atPath: Self.folder + "/" + name, toPath: folder + "/" + name)
    }
    let first = try #require(try json(sandbox.ok("--json", "sync", folder, "--yes")) as? [String: Any])
    #expect(first["new"] as? Int == 4, "the CSV was imported already")
    #expect(first["seen"] as? Int == 1)
    let second = try #require(try json(sandbox.ok("--json", "sync", folder)) as? [String: Any])
    #expect(second["new"] as? Int == 0 && second["seen"] as? Int == 5 && second["added"] as? Int == 0)
    let text = try sandbox.ok("sync", folder)
    #expect(text == "0 new files · 0 added · 5 seen before\n")
  }
}

extension ImportCommandTests {
  /// A statement that replaces one imported before (other rows for the same dates) makes sync
  /// rebuild that account's imported rows from all its files; typed entries stay, linked.
  @Test func aReplacedStatementRebuildsTheAccount() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.directory + "/statements"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try sandbox.ok("add", "--yes", "42.50", "eur", "groceries", "at", "REWE", "date:2026-11-03")
    try FileManager.default.copyItem(atPath: Self.folder + "/sbi-nov.camt.xml", toPath: folder + "/a.xml")
    let first = try #require(try json(sandbox.ok("--json", "sync", folder, "--yes")) as? [String: Any])
    #expect(first["added"] as? Int == 2)
    // A row the new statement still has as it was keeps its id and what the person changed in it.
    let before = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    let kept = try #require(before.first { $0["amount"] as? String == "19.99" }?["id"] as? Int)
    try sandbox.ok("edit", String(kept), "--note", "team lunch")
    let original = try String(contentsOfFile: Self.folder + "/sbi-nov.camt.xml", encoding: .utf8)
    try original.replacingOccurrences(of: "SBI-0002", with: "SBI-0099").replacingOccurrences(
      of: "2500.00", with: "2400.00"
    )
    .write(toFile: folder + "/b.xml", atomically: true, encoding: .utf8)
    let text = try sandbox.ok("sync", folder)
    #expect(text.contains("rebuilt"))
    let rows = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(rows.map { $0["amount"] as? String } == ["19.99", "2400.00", "42.50"])
    #expect(rows.first?["id"] as? Int == kept && rows.first?["note"] as? String == "team lunch", "\(rows.first ?? [:])")
    #expect(rows.last?["merchant"] as? String == "REWE", "the typed entry stays, linked")
    #expect(rows.last?["external_reference"] as? String == "SBI-0001")
    #expect(try sandbox.ok("sync", folder) == "0 new files · 0 added · 2 seen before\n")
  }

  /// A rebuild (the new statement lacks W) keeps the rows it has as they were, and only those,
  /// counting a reference the bank repeats by its order: no row is kept twice nor added beside
  /// itself, and a kept row keeps its id and the person's note.
  @Test func aRebuildWithARepeatedReferenceKeepsEachRowOnce() throws {
    let sandbox = try Sandbox()
    let folder = sandbox.directory + "/statements"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func ofx(_ name: String, _ rows: [(String, String, String, String)], balance: String) throws {
      try OFXText(
        account: "99887766", from: "20261101", to: "20261120",
        rows: rows.map { OFXText.Row(day: "202611\($1)", amount: $2, id: $0, name: $3) }, balance: balance
      ).text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    try ofx(
      "a.ofx",
      [
        ("X", "05", "-100.00", "CAFE"), ("X", "10", "-200.00", "CAFE"), ("Y", "12", "-50.00", "BOOKS"),
        ("W", "14", "-30.00", "TEA"),
      ], balance: "-380.00")
    try sandbox.ok("sync", folder, "--yes")
    let first = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    let books = try #require(first.first { $0["amount"] as? String == "50.00" }?["id"] as? Int)
    try sandbox.ok("edit", String(books), "--note", "gift")
    try ofx(
      "b.ofx", [("X", "10", "-200.00", "CAFE"), ("Y", "12", "-50.00", "BOOKS"), ("Z", "15", "-70.00", "TAXI")],
      balance: "-320.00")
    let rebuilt = try sandbox.ok("sync", folder)
    #expect(rebuilt.contains("rebuilt"), "\(rebuilt)")
    let rows = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(rows.compactMap { $0["amount"] as? String }.sorted() == ["200.00", "50.00", "70.00"], "\(rows)")
    let kept = rows.first { $0["amount"] as? String == "50.00" }
    #expect(kept?["id"] as? Int == books && kept?["note"] as? String == "gift")
  }
}
