import Foundation
import SpendlyTestSupport
import Testing

/// `spendly budget` through the binary: the save line carries the budget, the marks are said
/// once, the JSON agrees with the question's total, and bad input is one line and no change.
@Suite("spendly budget: set, show, progress on every save")
struct BudgetCommandTests {
  @Test func progressOnEverySaveWithTheMarksCrossed() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.ok("budget", "set", "food", "8000") == "set budget Food ₹8,000.00 from Nov 2026\n")
    #expect(try sandbox.ok("budget", "set", "food", "8k") == "unchanged: set budget Food ₹8,000.00 from Nov 2026\n")
    let first = try sandbox.ok("add", "--yes", "6000", "upi", "food")
    #expect(first == "saved #1 · -₹6,000.00 Food · UPI · Food this month ₹6,000.00 of ₹8,000.00 (75%)\n")
    let second = try sandbox.ok("add", "--yes", "500", "upi", "food").split(separator: "\n")
    #expect(second.count == 2)
    #expect(second[0].hasSuffix("· Food this month ₹6,500.00 of ₹8,000.00 (81%)"))
    #expect(second[1] == "warning: Food budget 81% used this month, ₹1,500.00 left")
    let third = try sandbox.ok("add", "--yes", "2000", "upi", "food").split(separator: "\n")
    #expect(third.count == 2)
    #expect(third[1] == "over budget by ₹500.00: Food this month ₹8,500.00 of ₹8,000.00 (106%)")
    // Past the mark already: no second warning.
    #expect(!(try sandbox.ok("add", "--yes", "10", "upi", "food")).contains("over budget"))
    // Income never counts, and a category with no budget shows nothing.
    #expect(
      try sandbox.ok("add", "--yes", "salary", "50000", "credited")
        == "saved #5 · +₹50,000.00 Salary · Bank Transfer (inferred method Bank Transfer)\n")
    #expect(!(try sandbox.ok("add", "--yes", "300", "upi", "uber")).contains("this month"))
  }

  @Test func theJSONAgreesWithTheQuestion() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("budget", "set", "40k")
    try sandbox.ok("budget", "set", "chai", "₹2,000", "--rollover")
    try sandbox.ok("budget", "set", "travel", "$300", "--month", "2026-11")
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch")
    try sandbox.ok("add", "--yes", "180", "cash", "coffee")
    try sandbox.ok("add", "--yes", "$25", "uber", "--category", "Travel")
    let budget = try #require(try json(sandbox.ok("--json", "budget")) as? [String: Any])
    #expect(budget["month"] as? String == "2026-11")
    let entries = try #require(budget["budgets"] as? [[String: Any]])
    #expect(entries.map { $0["category"] as? String ?? "overall" } == ["overall", "Food", "Travel"])
    let food = entries[1]
    #expect(food["currency"] as? String == "INR")
    #expect(food["limit"] as? String == "2000.00")
    #expect(food["limit_minor"] as? Int == 200_000)
    #expect(food["carried_minor"] as? Int == 0)
    #expect(food["left"] as? String == "1400.00")
    #expect(food["percent"] as? Double == 30.0)
    #expect(food["rollover"] as? Bool == true)
    #expect(food["source"] as? String == "2026-11")
    #expect(entries[2]["source"] as? String == "month")
    #expect(entries[2]["spent_minor"] as? Int == 2_500)
    let question = try #require(try json(sandbox.ok("--json", "query", "food", "this", "month")) as? [String: Any])
    let totals = try #require(question["totals"] as? [[String: Any]])
    let spent = try #require(totals.first?["spent"] as? [String: Any])
    #expect(spent["amount_minor"] as? Int == food["spent_minor"] as? Int)
    #expect(spent["amount"] as? String == food["spent"] as? String)
    #expect(entries[0]["spent_minor"] as? Int == 60_000)
  }

  @Test func theShellSetsAndAnswers() throws {
    let sandbox = try Sandbox()
    let session = "budget food 8000\nbudget 40k\n6500 upi food\n\nhow much is left for food\nam i over budget\n"
    let result = try sandbox.run([], input: Data(session.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let out = result.stdout
    #expect(out.contains("set budget Food ₹8,000.00 from Nov 2026"))
    #expect(out.contains("set budget overall ₹40,000.00 from Nov 2026"))
    #expect(
      out.contains(
        "saved #1 · Food this month ₹6,500.00 of ₹8,000.00 (81%) · overall this month ₹6,500.00 of ₹40,000.00 (16%)"))
    #expect(out.contains("warning: Food budget 81% used this month, ₹1,500.00 left"))
    #expect(out.contains("Food ₹1,500.00 left · ₹750.00/day for 2 days"))
    #expect(out.contains("within every budget"))
  }

  @Test func undoRevertsABudgetChange() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("budget", "set", "food", "8000")
    try sandbox.ok("budget", "set", "food", "9000", "--from", "2027-01")
    #expect(try sandbox.ok("log", "--limit", "1").contains("set budget Food ₹9,000.00 from Jan 2027 (was ₹8,000.00)"))
    #expect(try sandbox.ok("undo") == "undid: set budget Food ₹9,000.00 from Jan 2027 (was ₹8,000.00)\n")
    let january = try #require(try json(sandbox.ok("--json", "budget", "--month", "2027-01")) as? [String: Any])
    #expect((january["budgets"] as? [[String: Any]])?.first?["limit_minor"] as? Int == 800_000)
    #expect(try sandbox.ok("budget", "clear", "food") == "cleared budget Food from Nov 2026 (was ₹8,000.00)\n")
    #expect(try sandbox.ok("budget").contains("no budgets for Nov 2026"))
  }

  @Test func badInputIsOneLineAndChangesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    let before = try sandbox.databaseBytes()
    for (arguments, status, message) in [
      (
        ["budget", "set", "pets", "100"], Int32(65), "spendly: budget: 'pets' is no category (see: spendly categories)"
      ),
      (
        ["budget", "set", "salary", "100"], 65,
        "spendly: budget: Salary is an income category; budgets are for expenses"
      ),
      (["budget", "set", "food"], 64, "spendly: budget set: give an amount, like: budget set food 8000"),
      // A category and words that are no amount: the amount is what is wrong.
      (
        ["budget", "set", "food", "abc"], 65,
        "spendly: budget: 'abc' is no amount above zero (like 8000, 8k, ₹8,000 or $300)"
      ),
      // Clearing takes no amount: words that are no category are said to be none.
      (
        ["budget", "clear", "food", "court"], 65,
        "spendly: budget: 'food court' is no category (see: spendly categories)"
      ),
      (
        ["budget", "set", "food", "-500"], 65,
        "spendly: budget: amount: '-500' is negative; amounts are positive and the kind (expense or income) gives the sign"
      ),
      (
        ["budget", "set", "food", "100", "--month", "2026-13"], 64,
        "spendly: --month '2026-13': expected YYYY-MM, like 2026-12"
      ),
      (
        ["budget", "set", "food", "100", "--currency", "XYZ"], 65,
        "spendly: currency: unknown currency 'XYZ' (expected an ISO 4217 code, like INR, USD or EUR)"
      ),
      (
        ["budget", "set", "100", "--month", "2026-12", "--from", "2026-12"], 64,
        "spendly: budget: --month or --from, not both"
      ),
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == status, "\(arguments): \(result.stderr)")
      #expect(result.stderrLines == [Substring(message)], "\(arguments)")
      #expect(result.stdout.isEmpty)
    }
    #expect(try sandbox.databaseBytes() == before)
  }
}
