import Foundation
import SpendlyTestSupport
import Testing

@Suite("spendly errors: one stderr line, sysexits code, database unchanged")
struct ErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    /// Words the one stderr line must contain.
    let mentions: [String]
    var testDescription: String { "spendly \(arguments.joined(separator: " ")) → \(status)" }
  }

  static let cases: [Case] = [
    .init(arguments: ["add", "--amount", "12abc", "--yes"], status: 65, mentions: ["amount", "12abc"]),
    .init(arguments: ["add", "--amount", "-420", "--yes"], status: 65, mentions: ["amount", "-420"]),
    .init(arguments: ["add", "--amount", "0", "--yes"], status: 65, mentions: ["amount"]),
    .init(arguments: ["add", "--amount", "12.345", "--yes"], status: 65, mentions: ["amount", "12.345", "INR"]),
    .init(
      arguments: ["add", "--amount", "420", "--currency", "XYZ", "--yes"], status: 65, mentions: ["currency", "XYZ"]),
    .init(
      arguments: ["add", "--amount", "$5", "--currency", "EUR", "--yes"], status: 65,
      mentions: ["amount", "USD", "EUR"]),
    .init(
      arguments: ["add", "--amount", "420", "--kind", "expense", "--category", "Salary", "--yes"], status: 65,
      mentions: ["category", "Salary"]),
    .init(
      arguments: ["add", "--amount", "420", "--method", "Paypal", "--yes"], status: 65, mentions: ["method", "Paypal"]),
    .init(
      arguments: ["add", "--amount", "420", "--date", "2025-02-29", "--yes"], status: 65,
      mentions: ["date", "2025-02-29"]),
    .init(arguments: ["add", "--amount", "420", "--time", "25:00", "--yes"], status: 65, mentions: ["time", "25:00"]),
    .init(arguments: ["add", "--yes", "coffee", "cash"], status: 65, mentions: ["amount"]),
    .init(arguments: ["add", "--yes"], status: 64, mentions: ["add"]),
    .init(arguments: ["show", "99"], status: 65, mentions: ["99"]),
    .init(arguments: ["edit", "99", "--amount", "5"], status: 65, mentions: ["99"]),
    .init(arguments: ["delete", "99"], status: 65, mentions: ["99"]),
    .init(arguments: ["history", "99"], status: 65, mentions: ["99"]),
    .init(arguments: ["edit", "1", "--amount", "12abc"], status: 65, mentions: ["amount", "12abc"]),
    .init(
      arguments: ["edit", "1", "--kind", "income", "--category", "Food"], status: 65, mentions: ["category", "Food"]),
    .init(arguments: ["add", "--amount", "420"], status: 64, mentions: ["--yes"]),
    .init(arguments: ["add", "--amount", "420", "--bogus", "1", "--yes"], status: 64, mentions: ["--bogus"]),
    .init(arguments: ["list", "--bogus"], status: 64, mentions: ["--bogus"]),
    .init(arguments: ["list", "--limit", "lots"], status: 64, mentions: ["--limit", "lots"]),
    .init(arguments: ["add", "--amount"], status: 64, mentions: ["--amount"]),
    .init(arguments: ["frobnicate"], status: 64, mentions: ["frobnicate"]),
    .init(arguments: ["show"], status: 64, mentions: ["show"]),
    .init(arguments: ["show", "abc"], status: 64, mentions: ["abc"]),
    .init(arguments: ["edit", "1"], status: 64, mentions: ["edit"]),
    .init(arguments: ["--now", "yesterday-ish", "list"], status: 64, mentions: ["--now"]),
    .init(arguments: ["add", "--amount", "420", "--kind", "gift", "--yes"], status: 65, mentions: ["kind", "gift"]),
  ]

  @Test(arguments: cases)
  func failsCleanly(_ row: Case) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let before = try sandbox.databaseBytes()
    let listed = try sandbox.ok("--json", "list")

    let result = try sandbox.run(row.arguments)
    #expect(result.status == row.status)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
    #expect(result.stderr.hasPrefix("spendly: "))
    for word in row.mentions {
      #expect(result.stderr.contains(word), "stderr lacks \(word): \(result.stderr)")
    }
    #expect(try sandbox.databaseBytes() == before)
    #expect(try sandbox.ok("--json", "list") == listed)
  }

  /// A huge value, or one with a CR or an escape in it, is quoted short and on one line, by
  /// every command that refuses it.
  @Test(arguments: [
    ["recurring", "HUGE"], ["debts", "HUGE"], ["accounts", "HUGE"], ["list", "--kind", "HUGE"],
    ["list", "--sort", "HUGE"], ["budget", "--month", "HUGE"], ["export", "HUGE", "x.csv"],
    ["list", "--category", "HUGE"], ["report", "HUGE"],
  ])
  func aHugeValueIsQuotedShort(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let huge = "a\r\u{1B}[2J" + String(repeating: "z", count: 100_000)
    let result = try sandbox.run(arguments.map { $0 == "HUGE" ? huge : $0 })
    #expect(result.status == 64 || result.status == 65, "\(result.status): \(result.stderr.prefix(200))")
    #expect(result.stderrLines.count == 1 && result.stderr.count < 300, "\(result.stderr.prefix(300))")
    #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\r"), "\(result.stderr.prefix(300))")
    #expect(!result.stderr.contains(String(repeating: "z", count: 70)), "\(result.stderr.prefix(300))")
  }

  @Test func failingFirstCommandLeavesNoTransaction() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["add", "--amount", "12abc", "--yes"])
    #expect(result.status == 65)
    // Nothing was saved, so no database was left behind either.
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    #expect(try sandbox.run(["list"]).status == 66)
  }
}
