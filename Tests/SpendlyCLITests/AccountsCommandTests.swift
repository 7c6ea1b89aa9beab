import Foundation
import SpendlyTestSupport
import Testing

/// `spendly accounts`, `balance`, `reconcile` and transfers through the binary, in the issue's
/// world: UPI and Debit Card draw on HDFC Savings, Credit Card on HDFC Regalia, Cash on Wallet.
@Suite("spendly accounts: transfers, balances, reconcile")
struct AccountsCommandTests {
  static func world(_ sandbox: Sandbox) throws {
    try sandbox.ok(
      "accounts", "add", "HDFC", "Savings", "--type", "savings", "--institution", "HDFC", "--opening", "50,000",
      "--on", "2026-11-01", "--methods", "UPI,Debit Card")
    try sandbox.ok(
      "accounts", "add", "HDFC Regalia", "--type", "card", "--institution", "HDFC", "--methods", "Credit Card",
      "--last4", "4242")
    try sandbox.ok(
      "accounts", "add", "Wallet", "--type", "wallet", "--methods", "Cash", "--opening", "2000", "--on", "2026-11-01")
  }

  static func balances(_ sandbox: Sandbox) throws -> [String: String] {
    let listed = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    let accounts = try #require(listed["accounts"] as? [[String: Any]])
    var result: [String: String] = [:]
    for account in accounts { result[account["name"] as? String ?? ""] = account["balance"] as? String }
    return result
  }

  static func spent(_ sandbox: Sandbox) throws -> String? {
    let answer = try #require(try json(sandbox.ok("--json", "query", "spent", "this", "month")) as? [String: Any])
    let totals = try #require(answer["totals"] as? [[String: Any]])
    return (totals.first?["spent"] as? [String: Any])?["amount"] as? String
  }

  @Test func transfersMoveMoneyAndChangeNoTotal() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    try sandbox.ok("add", "--yes", "2000", "hdfc", "card", "shopping")
    let spentBefore = try Self.spent(sandbox)
    #expect(spentBefore == "2000.00")
    let saved = try sandbox.ok("add", "--yes", "transfer", "10000", "to", "savings")
    #expect(saved.contains("₹10,000.00 Transfer · Wallet → HDFC Savings"))
    #expect(
      try Self.balances(sandbox) == ["HDFC Savings": "60000.00", "HDFC Regalia": "2000.00", "Wallet": "-8000.00"])
    try sandbox.ok("add", "--yes", "atm", "5000")
    #expect(try Self.balances(sandbox)["Wallet"] == "-3000.00")
    #expect(try Self.balances(sandbox)["HDFC Savings"] == "55000.00")
    try sandbox.ok("add", "--yes", "paid", "credit", "card", "bill", "25000")
    #expect(
      try Self.balances(sandbox) == ["HDFC Savings": "30000.00", "HDFC Regalia": "-23000.00", "Wallet": "-3000.00"])
    #expect(try Self.spent(sandbox) == spentBefore)
    let income = try #require(try json(sandbox.ok("--json", "query", "income", "this", "month")) as? [String: Any])
    #expect((income["totals"] as? [[String: Any]])?.isEmpty ?? true)
    // Listed as transfers, and asked about.
    let listed = try sandbox.ok("list", "--kind", "transfer")
    #expect(listed.contains("HDFC Savings → HDFC Regalia"))
    #expect(try sandbox.ok("query", "transfers", "this", "month").contains("moved ₹40,000.00 in 3 transfers"))
    // The totals per currency agree with the accounts.
    let all = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    let totals = try #require((all["totals"] as? [[String: Any]])?.first)
    #expect(totals["assets"] as? String == "27000.00")
    #expect(totals["liabilities"] as? String == "-23000.00")
    #expect(totals["net_worth"] as? String == "50000.00")
    let text = try sandbox.ok("accounts")
    #expect(text.contains("INR  assets ₹27,000.00 · liabilities -₹23,000.00 · net worth ₹50,000.00"))
  }

  /// "car loan emi 12000 on 20 nov", "12000 car loan payment": a payment word before or after the
  /// loan's name and the amount makes a transfer to the loan, so what is owed goes down, as
  /// "paid car loan 12000" does (saved as an expense on the loan, it went up).
  @Test func aLoanPaymentInAnyOrderLowersWhatIsOwed() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    try sandbox.ok("accounts", "add", "Car Loan", "--type", "loan", "--opening", "500000", "--on", "2026-11-01")
    #expect(try Self.balances(sandbox)["Car Loan"] == "500000.00")
    let saved = try sandbox.ok("add", "--yes", "car", "loan", "emi", "12000", "on", "20", "nov")
    #expect(saved.contains("Transfer"), "a transfer, not an expense: \(saved)")
    #expect(try Self.balances(sandbox)["Car Loan"] == "488000.00")
    try sandbox.ok("add", "--yes", "12000", "car", "loan", "payment")
    try sandbox.ok("add", "--yes", "paid", "car", "loan", "12000")
    #expect(
      try Self.balances(sandbox) == [
        "HDFC Savings": "14000.00", "HDFC Regalia": "0.00", "Wallet": "2000.00", "Car Loan": "464000.00",
      ])
    #expect(try Self.spent(sandbox) == nil, "a loan payment is no spending")
  }

  @Test func theDraftShowsTheAccountAndWhereItCameFrom() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let draft = try #require(try json(sandbox.ok("--json", "parse", "420", "upi", "food")) as? [String: Any])
    #expect(draft["account"] as? String == "HDFC Savings")
    #expect((draft["inferred"] as? [String])?.contains("account") == true)
    #expect(try sandbox.ok("parse", "300", "from", "wallet").contains("Wallet"))
    // Without accounts nothing changes: no account, no inferred mark.
    let plain = try Sandbox()
    let before = try #require(try json(plain.ok("--json", "parse", "420", "upi", "food")) as? [String: Any])
    #expect(before["account"] is NSNull)
    #expect(before["inferred"] as? [String] == [])
  }

  @Test func aForeignAmountIsShownAndNeverCounted() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "1046.50", "for", "$12.50", "dinner", "in", "NYC", "card")
    let shown = try sandbox.ok("show", "1")
    #expect(shown.contains("-₹1,046.50 (originally $12.50 at 83.72)"))
    #expect(try Self.spent(sandbox) == "1046.50")
    let row = try #require((try json(sandbox.ok("--json", "show", "1")) as? [String: Any]))
    #expect(row["foreign_amount"] as? String == "12.50")
    #expect(row["rate"] as? String == "83.72")
  }

  @Test func balanceDrawsAMonthAndReconcileSaysTheDifference() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    for day in stride(from: 2, through: 28, by: 3) {
      try sandbox.ok("add", "--yes", "\(day * 100)", "upi", "groceries", "date:2026-11-\(day < 10 ? "0" : "")\(day)")
    }
    let chart = try sandbox.ok("balance", "hdfc", "savings", "--from", "2026-11-01", "--to", "2026-11-29")
    let lines = chart.split(separator: "\n")
    #expect(lines.first == "HDFC Savings · savings · INR")
    #expect(lines.filter { $0.contains(" Nov 2026") }.count == 29, "a line a day")
    #expect(chart.contains("Sun 1 Nov 2026   ₹50,000.00"))
    #expect(chart.contains("█"))
    let data = try #require(
      try json(sandbox.ok("--json", "balance", "HDFC Savings", "--from", "2026-11-01")) as? [String: Any])
    #expect(data["step"] as? String == "day")
    #expect(data["balance"] as? String == "37400.00")
    #expect((data["points"] as? [[String: Any]])?.count == 29)
    let months = try #require(
      try json(sandbox.ok("--json", "balance", "wallet", "--from", "2026-01-01")) as? [String: Any])
    #expect(months["step"] as? String == "month")
    let reconciled = try sandbox.ok("reconcile", "hdfc", "savings", "37,450")
    #expect(reconciled.contains("computed ₹37,400.00 · differs by +₹50.00"))
    #expect(try sandbox.ok("balance", "hdfc", "savings").contains("statement booked ₹37,450.00"))
    #expect(try sandbox.ok("reconcile", "hdfc", "savings", "37400", "--on", "2026-11-28").contains("matches"))
    try sandbox.ok("undo")
    try sandbox.ok("undo")
    #expect(!(try sandbox.ok("balance", "hdfc", "savings").contains("statement")))
  }

  @Test func statusesAreMarkedAndFiltered() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    try sandbox.ok("add", "--yes", "100", "upi", "food")
    let listed = try sandbox.ok("list", "--account", "hdfc savings", "--status", "booked")
    #expect(listed.contains("#1"))
    #expect(try sandbox.ok("list", "--status", "pending") == "no transactions\n")
    #expect(try sandbox.ok("config", "pending", "exclude") == "pending set to exclude\n")
    let refused = try sandbox.run(["config", "pending", "maybe"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("expected include or exclude"))
  }

  @Test func refusalsAreOneLineAndChangeNothing() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    for arguments in [
      ["accounts", "add", "Cash box", "--type", "piggy"],
      ["accounts", "add", "Other", "--type", "cash", "--methods", "UPI"],
      ["accounts", "add", "wallet", "--type", "cash"], ["accounts", "close", "nowhere"],
      ["balance", "nowhere"], ["reconcile", "wallet", "lots"], ["list", "--account", "nowhere"],
      ["add", "--yes", "100", "food", "--account", "nowhere"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
    }
    // A phrase error points at the word, under the phrase, and saves nothing.
    let phrase = try sandbox.run(["add", "--yes", "100", "food", "account:nowhere"])
    #expect(phrase.stderrLines.first == "spendly: input:1:10: unknown account 'nowhere' (see: spendly accounts)")
    #expect(try sandbox.ok("list") == "no transactions\n")
    try sandbox.ok("accounts", "close", "wallet", "--on", "2026-11-20")
    let refused = try sandbox.run(["add", "--yes", "50", "cash", "snacks"])
    #expect(refused.stderr.contains("was closed on Fri 20 Nov 2026"))
    #expect(try sandbox.ok("accounts", "rename", "hdfc", "regalia", "Regalia Gold").contains("renamed"))
    #expect(try sandbox.ok("accounts").contains("Regalia Gold"))
    #expect(try sandbox.ok("list", "--account", "hdfc regalia") == "no transactions\n", "the old name still names it")
  }

  @Test func anAccountCannotCloseBeforeItOpenedNorOpenAfterItClosed() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Wallet", "--type", "wallet", "--opening", "1000", "--on", "2026-11-10")
    let before = try sandbox.databaseBytes()
    let early = try sandbox.run(["accounts", "close", "Wallet", "--on", "2026-11-09"])
    #expect(early.status == 65)
    #expect(early.stderr == "spendly: --on: Wallet opened on Tue 10 Nov 2026; it cannot close before that\n")
    #expect(try sandbox.databaseBytes() == before)
    #expect(try sandbox.ok("accounts", "close", "Wallet", "--on", "2026-11-10").contains("closed"))
    // Nor open after it closed.
    let late = try sandbox.run(["accounts", "edit", "Wallet", "--on", "2026-11-20"])
    #expect(late.status == 65)
    #expect(late.stderr == "spendly: --on: Wallet closed on Tue 10 Nov 2026; it cannot open after that\n")
  }
}
