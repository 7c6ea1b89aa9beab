import Foundation
import SpendlyTestSupport
import Testing

/// The dashboard and the questions made typed reports: the text and the JSON are rendered from
/// one value, so every figure the JSON gives is the one the text shows.
@Suite("typed reports: text and JSON from one value")
struct TypedReportTests {
  static func world(_ sandbox: Sandbox) throws {
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch", "at", "Social")
    try sandbox.ok("add", "--yes", "1,250.50", "cash", "groceries")
    try sandbox.ok("add", "--yes", "salary", "1,20,000", "on", "1st")
    try sandbox.ok("add", "--yes", "300", "upi", "food", "date:2026-10-05")
  }

  /// "120000.00" → "₹1,20,000.00", as the text writes rupees.
  static func rupees(_ amount: String) -> String {
    let parts = amount.split(separator: ".")
    var whole = String(parts[0])
    var groups: [String] = []
    if whole.count > 3 {
      groups.insert(String(whole.suffix(3)), at: 0)
      whole = String(whole.dropLast(3))
      while whole.count > 2 {
        groups.insert(String(whole.suffix(2)), at: 0)
        whole = String(whole.dropLast(2))
      }
    }
    groups.insert(whole, at: 0)
    return "₹" + groups.joined(separator: ",") + "." + parts[1]
  }

  static func object(_ sandbox: Sandbox, _ arguments: String...) throws -> [String: Any] {
    try #require(try json(sandbox.ok(["--json"] + arguments)) as? [String: Any])
  }

  @Test func theDashboardsTextShowsTheFiguresOfItsJSON() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let text = try sandbox.ok("dashboard")
    let totals = try #require(try Self.object(sandbox, "dashboard")["totals"] as? [[String: Any]])
    let inr = try #require(totals.first)
    for key in ["income", "expenses", "savings"] {
      let amount = try #require((inr[key] as? [String: Any])?["amount"] as? String)
      #expect(text.contains("\(key)") && text.contains(Self.rupees(amount)), "\(key) \(amount)")
    }
    #expect(Self.rupees("120000.00") == "₹1,20,000.00" && Self.rupees("1670.50") == "₹1,670.50")
  }

  @Test func aTotalAndAComparisonShowTheFiguresOfTheirJSON() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let total = try Self.object(sandbox, "query", "spent", "on", "food", "this", "month")
    let spent = try #require(((total["totals"] as? [[String: Any]])?.first?["spent"] as? [String: Any]))
    #expect(spent["amount_minor"] as? Int == 42000)
    #expect(try sandbox.ok("query", "spent", "on", "food", "this", "month").contains(Self.rupees("420.00")))
    let compared = try Self.object(sandbox, "query", "food", "this", "month", "vs", "last", "month")
    let row = try #require((compared["comparison"] as? [[String: Any]])?.first)
    let current = try #require((row["current"] as? [String: Any])?["amount"] as? String)
    let previous = try #require((row["previous"] as? [String: Any])?["amount"] as? String)
    let change = try #require((row["change"] as? [String: Any])?["amount"] as? String)
    #expect([current, previous, change] == ["420.00", "300.00", "120.00"])
    let text = try sandbox.ok("query", "food", "this", "month", "vs", "last", "month")
    #expect(text.contains("₹420.00 this month to date · ₹300.00 same days of last month · +₹120.00 (+40%)"))
    #expect(row["change_percent"] as? String == "40%")
  }
}
