import Foundation
import SpendlyTestSupport
import Testing

/// Issue 27: "quarterly 2025" is a question answered by quarter (not a ₹2,025 schedule), and
/// "how long to pay off my debts" before any plan answers with the plan on the debts as they
/// are, naming the strategy assumed.
@Suite("Issue 27: by quarter, and a payoff plan without one made")
struct Issue27QuarterAndPayoffTests {
  static func spending() throws -> Sandbox {
    let sandbox = try Sandbox()
    for phrase in ["1000 food on 2025-02-10", "2000 food on 2025-05-01", "500 travel on 2025-11-20", "700 food 20 nov"]
    {
      let result = try sandbox.run(["add", "--yes"] + phrase.split(separator: " ").map(String.init))
      #expect(result.status == 0, "\(phrase): \(result.stderr)")
    }
    return sandbox
  }

  @Test func quarterly2025IsAQuestionByQuarter() throws {
    let sandbox = try Self.spending()
    let text = try sandbox.ok("query", "quarterly", "2025")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "  spent by quarter 2025 (Wed 1 Jan 2025 – Wed 31 Dec 2025)", "\(text)")
    #expect(lines.contains { $0.hasPrefix("  Q1 2025  ₹1,000.00      1") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("  Q2 2025  ₹2,000.00      1") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("  Q3 2025      ₹0.00      0") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("  Q4 2025    ₹500.00      1") }, "\(text)")
    let answer = try #require(try json(sandbox.ok("--json", "query", "quarterly", "2025")) as? [String: Any])
    #expect(answer["by"] as? String == "quarter")
    let groups = try #require(answer["groups"] as? [[String: Any]])
    #expect(groups.map { $0["key"] as? String } == ["2025-Q1", "2025-Q2", "2025-Q3", "2025-Q4"])
    #expect(groups.map { $0["amount"] as? String } == ["1000.00", "2000.00", "0.00", "500.00"])
    // This year by default; last year as asked.
    let now = try sandbox.ok("query", "quarterly")
    #expect(now.contains("spent by quarter this year") && now.contains("Q4 2026") && now.contains("₹700.00"), "\(now)")
    let last = try sandbox.ok("query", "quarterly", "last", "year")
    #expect(last.contains("spent by quarter last year") && last.contains("Q2 2025"), "\(last)")
    #expect(try sandbox.transactions().count == 4, "a question saves nothing")
  }

  @Test func theShellAnswersQuarterlyAndStillMakesTheRentSchedule() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run([], input: Data("quarterly 2025\n".utf8))
    #expect(result.stdout.contains("spent by quarter 2025"), "\(result.stdout) \(result.stderr)")
    #expect(!result.stdout.contains("2,025"), "\(result.stdout)")
    let rent = try sandbox.run(["add", "--yes", "rent", "18000", "quarterly"])
    #expect(rent.stderr.contains("'quarterly' makes this a schedule"), "\(rent.stderr)")
  }

  @Test func payOffWithoutAPlanAssumesOne() throws {
    let sandbox = try Sandbox()
    try DebtsCommandTests.portfolio(sandbox)
    for question in [["how", "long", "to", "pay", "off", "my", "debts"], ["pay", "off"]] {
      let result = try sandbox.run(["query"] + question)
      #expect(result.status == 0, "\(question): \(result.stderr)")
      let text = result.stdout
      let lines = text.split(separator: "\n").map(String.init)
      #expect(
        lines.first
          == "  no plan made yet: avalanche assumed (highest APR first), on the debts as they are (their minimums, ₹32,725.00 a month)",
        "\(text)")
      #expect(lines.contains("  Paying ₹32,725.00 a month from Dec 2026"), "\(text)")
      #expect(lines.contains { $0.hasPrefix("  debt-free") && $0.hasSuffix("Apr 2029") }, "\(text)")
    }
    let plan = try #require(try json(sandbox.ok("--json", "query", "pay", "off")) as? [String: Any])
    #expect(plan["strategy"] as? String == "avalanche")
    #expect(plan["budget"] as? String == "32725.00")
    // Nothing is remembered: the question made no plan of its own.
    #expect(try sandbox.ok("log", "--limit", "1").contains("added debt Car loan"))
  }

  @Test func payOffWithNoDebtsSaysSo() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "100", "food")
    let result = try sandbox.run(["query", "pay", "off"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("nothing to pay off: no debt has a balance"), "\(result.stderr)")
  }
}
