import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// Answers when one currency cannot be added up (9,224 KWD expenses at the largest amount), and
/// questions too long to read.
@Suite("spendly query: a currency's overflow is reported for it alone; long questions refused")
struct AnswerProblemTests {
  static func sandboxWithHugeKWD() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let kwd = Currency.named("KWD")!
    let store = try Store(path: sandbox.database, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    let largest = AmountParser.maximumMajorUnits * kwd.minorPerMajor
    let rent = TransactionFields(
      kind: .expense, amount: Money(minorUnits: largest, currency: kwd), category: "Rent", method: "Bank Transfer",
      date: LocalDate(iso: "2026-11-20")!)
    try store.transactions.apply(action: .import, Array(repeating: .add(rent), count: 9_224))
    return sandbox
  }

  static let warning = "spendly: warning: KWD: the total is too large to add up, so it is left out"

  @Test func theOverflowingCurrencyGetsOneLineAndTheRestAreAnswered() throws {
    let sandbox = try Self.sandboxWithHugeKWD()
    let questions: [[String]] = [
      ["query", "spent", "this", "month"], ["query", "by", "category", "this", "month"], ["dashboard"],
      ["query", "lifetime"], ["query", "compare", "this", "month", "with", "last", "month"],
      ["query", "monthly", "this", "year"],
    ]
    for question in questions {
      let result = try sandbox.run(question)
      #expect(result.status == 0, "\(question): \(result.stderr)")
      #expect(result.stdout.contains("KWD: total too large to add up"), "\(question): \(result.stdout)")
      #expect(result.stdout.contains("₹420.00"), "\(question): \(result.stdout)")
      #expect(result.stderrLines == [Substring(Self.warning)], "\(question): \(result.stderr)")
    }
    // A question about INR alone never meets the KWD rows.
    let inr = try sandbox.run(["query", "spent", "in", "inr", "this", "month"])
    #expect(inr.status == 0 && inr.stderr.isEmpty)
    #expect(inr.stdout.contains("₹420.00 spent") && !inr.stdout.contains("KWD"))
    // JSON names the currency and why its totals are missing.
    let answer = try sandbox.run(["--json", "query", "spent", "this", "month"])
    #expect(answer.status == 0 && answer.stderrLines == [Substring(Self.warning)])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any])
    let totals = try #require(json["totals"] as? [[String: Any]])
    #expect(totals.first?["currency"] as? String == "INR")
    #expect(totals.last?["currency"] as? String == "KWD")
    #expect(totals.last?["error"] as? String == "total too large to add up")
  }

  @Test func questionsLongerThanThePhraseLimitAreRefusedByLength() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let long = Array(repeating: "food", count: 300).joined(separator: " ")
    let result = try sandbox.run(["query", long])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderr.hasPrefix("spendly: question is too long (1499 characters; at most 1000)"))
    #expect(result.stderr.count < 400, "the question is echoed whole: \(result.stderr.count) characters")
    let limit = String(repeating: "x", count: 994)
    #expect(try sandbox.run(["query", "food " + limit]).stderr.contains("not understood"))
  }
}
