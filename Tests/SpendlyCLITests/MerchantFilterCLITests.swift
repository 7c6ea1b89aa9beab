import Foundation
import SpendlyTestSupport
import Testing

/// Merchant filters, in `list` and in questions, match ignoring case and punctuation, by prefix.
@Suite("spendly merchant filters")
struct MerchantFilterCLITests {
  @Test func merchantFiltersIgnoreCaseAndPunctuationByPrefix() throws {
    let sandbox = try Sandbox.threeExpenses()
    try sandbox.ok("add", "--yes", "--amount", "250", "--merchant", "JOE'S PIZZA")
    try sandbox.ok("add", "--yes", "--amount", "99", "--merchant", "Joey")
    for (wanted, expected) in [
      ("joes", [4, 1]), ("Joe's", [4, 1]), ("JOES", [4, 1]), ("joe", [5, 4, 1]), ("joes pizza", [4]),
      ("joe's-pizza", [4]), ("zar", [3]), ("pizza", []), ("oes", []),
    ] {
      #expect(try sandbox.ids("--merchant", wanted) == expected, "--merchant \(wanted)")
    }
    let text = try sandbox.ok("list", "--merchant", "joes")
    #expect(text.contains("Joe's") && text.contains("JOE'S PIZZA") && !text.contains("Joey"))
  }

  /// A question's merchant filter is the same filter: it counts what `list --merchant` lists.
  @Test func questionsFilterMerchantsTheSameWay() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "--amount", "100", "--merchant", "Social")
    try sandbox.ok("add", "--yes", "--amount", "50", "--merchant", "SOCIAL Bar")
    try sandbox.ok("add", "--yes", "--amount", "20", "--merchant", "Zara")
    let listed = try sandbox.ids("--merchant", "social")
    #expect(listed == [2, 1])
    let answer = try #require(try json(try sandbox.ok("--json", "query", "social", "this", "month")) as? [String: Any])
    let totals = try #require(answer["totals"] as? [[String: Any]])
    #expect(totals.first?["count"] as? Int == listed.count)
    #expect((totals.first?["spent"] as? [String: Any])?["amount"] as? String == "150.00")
  }
}
