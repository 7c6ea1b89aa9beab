import Foundation
import SpendlyTestSupport
import Testing

/// Links that move money (`kind=transfer&from=…&to=…`), links that leave fields to the
/// amount's history, and the desktop entry's window.
@Suite("links: transfers, history and the desktop window")
struct LinkTransferTests {
  func rows(_ sandbox: Sandbox) throws -> [[String: Any]] {
    guard FileManager.default.fileExists(atPath: sandbox.database) else { return [] }
    return try #require(try json(try sandbox.ok("--json", "list")) as? [[String: Any]])
  }

  @Test func aTransferLinkNamesItsEndsByMethod() throws {
    let sandbox = try Sandbox()
    let out = try sandbox.ok("open", "spendly://quickadd?amount=2000&kind=transfer&from=UPI&to=Cash", "--yes")
    #expect(out.hasPrefix("saved #1 · "), "\(out)")
    let row = try #require(try rows(sandbox).first)
    #expect(row["kind"] as? String == "transfer")
    #expect(row["amount"] as? String == "2000.00")
    #expect(row["method"] as? String == "UPI")
    #expect(row["to_method"] as? String == "Cash", "\(row)")
  }

  @Test func aTransferLinkNamesItsEndsByAccount() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings")
    try sandbox.ok("accounts", "add", "Wallet", "--type", "cash")
    _ = try sandbox.ok("open", "spendly://quickadd?amount=500&kind=transfer&from=HDFC%20Savings&to=Wallet", "--yes")
    let row = try #require(try rows(sandbox).first)
    #expect(row["kind"] as? String == "transfer")
    #expect(row["account"] as? String == "HDFC Savings", "\(row)")
    #expect(row["to_account"] as? String == "Wallet", "\(row)")
  }

  /// To Cash when no account takes Cash (only a bank account): saved as a withdrawal into the
  /// cash at hand, untracked. The bank is the source and its balance goes down; the other end
  /// is the method Cash, with no account. From Cash into the bank is a deposit. Neither counts
  /// as spending, and every journal balances, the untracked end as Assets:Cash.
  @Test func aTransferToCashNoAccountTakesIsAWithdrawalIntoUntrackedCash() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "10000", "--on", "2026-11-01")
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch")
    let added = try sandbox.ok("add", "--kind", "transfer", "--amount", "300", "--to", "Cash", "--yes")
    #expect(added.contains("· HDFC Savings → Cash (untracked)"), "\(added)")
    let link = try sandbox.ok("open", "spendly://quickadd?amount=200&kind=transfer&to=Cash", "--yes")
    #expect(link.contains("· HDFC Savings → Cash (untracked)"), "\(link)")
    let deposit = try sandbox.ok(
      "open", "spendly://quickadd?amount=1000&kind=transfer&from=Cash&to=HDFC%20Savings", "--yes")
    #expect(deposit.contains("· Cash (untracked) → HDFC Savings"), "\(deposit)")
    let saved = try rows(sandbox)
    try #require(saved.count == 4)
    let withdrawal = try #require(saved.first { $0["amount"] as? String == "300.00" })
    #expect(withdrawal["kind"] as? String == "transfer")
    #expect(withdrawal["account"] as? String == "HDFC Savings", "\(withdrawal)")
    #expect(withdrawal["to_method"] as? String == "Cash", "\(withdrawal)")
    #expect(withdrawal["to_account"] == nil || withdrawal["to_account"] is NSNull, "\(withdrawal)")
    let cash = try #require(saved.first { $0["amount"] as? String == "1000.00" })
    #expect(cash["method"] as? String == "Cash", "\(cash)")
    #expect(cash["account"] == nil || cash["account"] is NSNull, "\(cash)")
    #expect(cash["to_account"] as? String == "HDFC Savings", "\(cash)")
    // 10,000 - 420 - 300 - 200 + 1,000.
    #expect(try AccountsCommandTests.balances(sandbox) == ["HDFC Savings": "10080.00"])
    #expect(try AccountsCommandTests.spent(sandbox) == "420.00")
    let shown = try sandbox.ok("show", "2")
    #expect(shown.contains("HDFC Savings → Cash (untracked)"), "\(shown)")
    let listed = try sandbox.ok("list")
    #expect(listed.contains("Cash (untracked) → HDFC Savings"), "\(listed)")
    for (format, account) in [("ledger", "Assets:Cash"), ("hledger", "Assets:Cash"), ("beancount", "Assets:Cash")] {
      let journal = try sandbox.ok("export", format, "-")
      #expect(journal.contains(account), "\(format): \(journal)")
    }
    let csv = try sandbox.ok("export", "csv", "-")
    #expect(csv.contains(",transfer,300.00,INR,Transfer,HDFC Savings → Cash,"), "\(csv)")
    #expect(csv.contains(",transfer,1000.00,INR,Transfer,Cash → HDFC Savings,"), "\(csv)")
    // Every field: the account alone where the other end is untracked, the methods both.
    let all = try sandbox.ok("export", "csv", "--all-fields", "-")
    #expect(all.contains("Bank Transfer → Cash") && all.contains(",HDFC Savings,"), "\(all)")
  }

  /// A transfer between two methods no account takes (only a card account, UPI to Cash) would
  /// move no balance: it asks for the account it leaves.
  @Test func aTransferWithNoAccountAtEitherEndSaysSo() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Regalia", "--type", "card")
    let added = try sandbox.run([
      "add", "--kind", "transfer", "--amount", "300", "--method", "UPI", "--to", "Cash", "--yes",
    ])
    #expect(added.status == 65)
    #expect(added.stderr.contains("account: missing (say the account it leaves"), "\(added.stderr)")
    #expect(try rows(sandbox).isEmpty)
  }

  @Test func aTransferLinkWithoutADestinationSaysSo() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["open", "spendly://quickadd?amount=420&kind=transfer", "--yes"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("to: missing in the link"), "\(result.stderr)")
    let unknown = try sandbox.run(["open", "spendly://quickadd?amount=420&kind=transfer&to=Moon", "--yes"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("'Moon'"), "\(unknown.stderr)")
    #expect(try rows(sandbox).isEmpty)
  }

  @Test func addTakesAMethodAsATransfersDestination() throws {
    let sandbox = try Sandbox()
    let out = try sandbox.ok("add", "--yes", "--amount", "300", "--kind", "transfer", "--method", "UPI", "--to", "Cash")
    #expect(out.hasPrefix("saved #1 · "), "\(out)")
    let row = try #require(try rows(sandbox).first)
    #expect(row["kind"] as? String == "transfer")
    // Without --method, the default method is the source; Cash is the destination.
    let other = try sandbox.run(["add", "--yes", "--amount", "200", "--kind", "transfer", "--to", "Cash"])
    #expect(other.status == 0, "\(other.stderr)")
    #expect(!other.stderr.contains("to: missing"))
  }

  @Test func theHelpListsTransfers() throws {
    let sandbox = try Sandbox()
    let help = try sandbox.ok("open", "--help")
    #expect(help.contains("kind=transfer"))
    #expect(help.contains("from       a transfer's source"))
    #expect(help.contains("to         a transfer's destination"))
    #expect(help.contains("--desktop"))
  }

  /// An amount-only link takes the method, category and merchant the amount's history gives,
  /// as quick does; what the link gives wins.
  @Test func anAmountOnlyLinkUsesTheAmountsHistory() throws {
    let sandbox = try Sandbox()
    for _ in 0..<3 { try sandbox.ok("add", "--yes", "180", "cash", "food", "at", "Chai Point") }
    try sandbox.ok("add", "--yes", "5000", "card", "shopping", "at", "Zara")
    let out = try sandbox.ok("open", "spendly://quickadd?amount=180", "--yes")
    #expect(out.hasPrefix("saved #5 · -₹180.00 Food · Cash"), "\(out)")
    #expect(out.contains("Chai Point"), "\(out)")
    let given = try sandbox.ok("open", "spendly://quickadd?amount=180&method=UPI", "--yes")
    #expect(given.hasPrefix("saved #6 · -₹180.00 Food · UPI"), "\(given)")
    let far = try sandbox.ok("open", "spendly://quickadd?amount=4900", "--yes")
    #expect(far.contains("Shopping") && far.contains("Zara"), "\(far)")
  }

  /// With no history near the amount, the defaults stay.
  @Test func anAmountOnlyLinkWithoutHistoryKeepsTheDefaults() throws {
    let sandbox = try Sandbox()
    let out = try sandbox.ok("open", "spendly://quickadd?amount=180", "--yes")
    #expect(out.hasPrefix("saved #1 · -₹180.00 Other"), "\(out)")
  }

  /// Off a terminal the window is not held: standard input at its end ends each wait at once.
  @Test func theDesktopFlagEndsARefusalWithPressEnter() throws {
    let sandbox = try Sandbox()
    let refused = try sandbox.run(["open", "--desktop", "spendly://quickadd?amount=-5", "--yes"])
    #expect(refused.status == 65)
    #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
    #expect(refused.stdout == "press Enter to close ", "\(refused.stdout)")
    let saved = try sandbox.run(["open", "--desktop", "spendly://quickadd?amount=420", "--yes"])
    #expect(saved.status == 0, "\(saved.stderr)")
    #expect(saved.stdout.hasPrefix("saved #1 · -₹420.00"), "\(saved.stdout)")
    #expect(!saved.stdout.contains("press Enter"))
  }
}
