import Foundation
import SpendlyTestSupport
import Testing

/// Issue 27: the questions people type are answered by the report they ask for, one-shot and at
/// the shell, and none of them saves anything.
@Suite("Issue 27: questions people type")
struct Issue27QuestionTests {
  static func seeded() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC", "--type", "savings", "--opening", "100000", "--methods", "UPI")
    try sandbox.ok("accounts", "add", "Card", "--type", "card", "--opening", "20000")
    try sandbox.ok("budget", "set", "food", "8000")
    try sandbox.ok(
      "debts", "add", "Car loan", "--balance", "5,00,000", "--apr", "9.5", "--min", "12000", "--due-day", "10")
    try sandbox.ok("recurring", "add", "netflix", "649", "monthly", "from", "20", "nov", "cc", "--yes")
    return sandbox
  }

  @Test func eachQuestionGetsItsReport() throws {
    let sandbox = try Self.seeded()
    let answers: [(String, String)] = [
      // The car loan (a debt) is a liability: ₹1,00,000 less ₹20,000 on the card and ₹5,00,000 owed.
      ("what's my net worth", "net worth -₹4,20,000.00"), ("whats our networth", "net worth -₹4,20,000.00"),
      ("assets", "assets ₹1,00,000.00"), ("liabilities", "liabilities ₹5,20,000.00 (debts ₹5,00,000.00)"),
      ("whats my budget", "Budgets"), ("what's left for food", "Food ₹8,000.00 left"),
      ("how much have we spent this year", "this year"), ("what's due", "Netflix"),
      ("how much do we owe", "total INR ₹5,00,000.00"), ("what do i owe", "Car loan"),
      ("budget food next year", "Jan 2027 to Dec 2027"), ("calendar next month", "Dec 2026"),
    ]
    for (question, expected) in answers {
      let result = try sandbox.run(["query", question])
      #expect(result.status == 0, "\(question): \(result.stderr)")
      #expect(result.stdout.contains(expected), "\(question): \(result.stdout)")
    }
    #expect(try sandbox.transactions().isEmpty, "a question saves nothing")
  }

  @Test func theShellAnswersThemToo() throws {
    let sandbox = try Self.seeded()
    let lines = "what's my net worth\nhow much do i owe\nbills due this week\ncalendar next month\n"
    let result = try sandbox.run([], input: Data(lines.utf8))
    #expect(result.stdout.contains("net worth -₹4,20,000.00"), "\(result.stdout)")
    #expect(result.stdout.contains("total INR ₹5,00,000.00"), "\(result.stdout)")
    #expect(result.stdout.contains("Netflix"), "\(result.stdout)")
    #expect(!result.stderr.contains("not understood"), "\(result.stderr)")
    #expect(try sandbox.transactions().isEmpty, "a question saves nothing")
  }

  @Test func aMistypedQuestionGetsTheNearestOne() throws {
    let sandbox = try Self.seeded()
    let result = try sandbox.run(["query", "spent this mnth by categroy"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("did you mean: spent this month by category?"), "\(result.stderr)")
    #expect(!result.stderr.contains("Try:"), "no list of examples: \(result.stderr)")
    let shell = try sandbox.run([], input: Data("spent this mnth by categroy\n".utf8))
    #expect(shell.stderr.contains("did you mean: spent this month by category?"), "\(shell.stderr)")
  }
}
