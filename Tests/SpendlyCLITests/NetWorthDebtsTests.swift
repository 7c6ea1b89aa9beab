import Foundation
import SpendlyTestSupport
import Testing

/// Issue 27: net worth, assets and liabilities count the debts (what is owed) as liabilities,
/// each on its own line under the accounts, per currency, in text and JSON.
@Suite("Net worth: debts are liabilities")
struct NetWorthDebtsTests {
  /// ₹1,00,000 in savings, ₹20,000 owed on a card account, a ₹5,00,000 car loan paid down by
  /// ₹10,000, and a paid-off loan.
  static func seeded() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC", "--type", "savings", "--opening", "100000", "--methods", "UPI")
    try sandbox.ok("accounts", "add", "Card", "--type", "card", "--opening", "20000")
    try sandbox.ok(
      "debts", "add", "Car loan", "--balance", "5,00,000", "--apr", "9.5", "--min", "12000", "--due-day", "10")
    try sandbox.ok("debts", "pay", "Car", "loan", "10000", "upi")
    try sandbox.ok(
      "debts", "add", "Loan from Dad", "--balance", "2000", "--apr", "0", "--min", "1000", "--due-day", "1")
    try sandbox.ok("debts", "pay", "Loan", "from", "Dad", "2000", "upi")
    return sandbox
  }

  @Test func theQuestionsCountTheDebts() throws {
    let sandbox = try Self.seeded()
    // The two payments left the savings account: ₹88,000 in it; ₹4,90,000 still owed on the loan.
    for question in ["what's my net worth", "net worth", "assets", "liabilities"] {
      let text = try sandbox.ok("query", question)
      #expect(
        text.contains(
          "INR  assets ₹88,000.00 · liabilities ₹5,10,000.00 (debts ₹4,90,000.00) · net worth -₹4,22,000.00"),
        "\(question): \(text)")
      // The debt is a line of its own, below the accounts; a paid-off debt owes nothing and is left out.
      let lines = text.split(separator: "\n").map(String.init)
      let debt = try #require(lines.firstIndex { $0.hasPrefix("Car loan") }, "\(question): \(text)")
      #expect(lines[debt].contains("loan · owed") && lines[debt].contains("₹4,90,000.00"), "\(lines[debt])")
      let account = try #require(lines.firstIndex { $0.hasPrefix("HDFC") })
      #expect(account < debt)
      #expect(!text.contains("Loan from Dad"), "\(text)")
    }
    #expect(try sandbox.transactions().count == 2, "a question saves nothing")
  }

  @Test func theJSONKeepsItsKeysAndAddsTheDebts() throws {
    let sandbox = try Self.seeded()
    for arguments in [["accounts"], ["query", "net worth"]] {
      let result = try sandbox.run(["--json"] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let object = try #require(try json(result.stdout) as? [String: Any])
      let total = try #require((object["totals"] as? [[String: Any]])?.first, "\(object)")
      #expect(total["currency"] as? String == "INR")
      #expect(total["assets"] as? String == "88000.00")
      #expect(total["liabilities"] as? String == "510000.00")
      #expect(total["debts"] as? String == "490000.00")
      #expect(total["net_worth"] as? String == "-422000.00")
      #expect((object["accounts"] as? [[String: Any]])?.count == 2)
      let debts = try #require(object["debts"] as? [[String: Any]], "\(object)")
      #expect(debts.count == 1)
      #expect(debts.first?["name"] as? String == "Car loan")
      #expect(debts.first?["kind"] as? String == "loan")
      #expect(debts.first?["currency"] as? String == "INR")
      #expect(debts.first?["balance"] as? String == "490000.00")
    }
  }

  /// Without debts the accounts' lines are as they were; with debts and no account the debts
  /// and the totals are still shown.
  @Test func noDebtsChangeNothingAndNoAccountsStillCount() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC", "--type", "savings", "--opening", "100000")
    let plain = try sandbox.ok("accounts")
    #expect(plain.contains("INR  assets ₹1,00,000.00 · liabilities ₹0.00 · net worth ₹1,00,000.00"), "\(plain)")
    #expect(!plain.contains("debts"), "\(plain)")
    let object = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    #expect((object["debts"] as? [Any])?.isEmpty == true)

    let owing = try Sandbox()
    try owing.ok(
      "debts", "add", "Car loan", "--balance", "5,00,000", "--apr", "9.5", "--min", "12000", "--due-day", "10")
    let text = try owing.ok("query", "what's my net worth")
    #expect(text.contains("no accounts yet"), "\(text)")
    #expect(text.contains("Car loan"), "\(text)")
    #expect(
      text.contains("INR  assets ₹0.00 · liabilities ₹5,00,000.00 (debts ₹5,00,000.00) · net worth -₹5,00,000.00"),
      "\(text)")
  }
}
