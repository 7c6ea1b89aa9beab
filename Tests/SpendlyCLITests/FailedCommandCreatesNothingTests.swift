import Foundation
import SpendlyTestSupport
import Testing

/// A command that fails, pointed at a database that does not exist yet, leaves none behind:
/// nothing is created until something is saved.
@Suite("failed commands create no database")
struct FailedCommandCreatesNothingTests {
  @Test func aFailedImportOrARefusedLinkLeavesNoDatabase() throws {
    let sandbox = try Sandbox()
    try "Date,Type,Amount\n2026-11-01,expense,4x0\n".write(
      toFile: sandbox.directory + "/bad.csv", atomically: true, encoding: .utf8)
    let failing: [[String]] = [
      ["import", "bad.csv"], ["import", "missing.ofx"], ["open", "spendly://quickadd?amount=abc", "--yes"],
      ["open", "spendly://quickadd?amount=10&method=nosuchthing", "--yes"], ["add", "--yes", "lunch"],
      ["log-payment", "--amount", "0"], ["recurring", "add", "--yes", "netflix", "monthly"],
      ["budget", "set", "food", "0"], ["debts", "add", "X", "--balance", "abc"],
    ]
    for command in failing {
      let result = try sandbox.run(command)
      #expect(result.status != 0, "\(command) succeeded: \(result.stdout)")
      #expect(!FileManager.default.fileExists(atPath: sandbox.database), "\(command) left a database behind")
      #expect(sideFiles(sandbox.database).isEmpty)
    }
    // A save creates it, and a later failure leaves it (and what it holds) alone.
    _ = try sandbox.ok("add", "--yes", "10", "cash", "food")
    #expect(try sandbox.run(["import", "bad.csv"]).status == 65)
    #expect(try sandbox.ok("list").contains("Food"))
  }
}
