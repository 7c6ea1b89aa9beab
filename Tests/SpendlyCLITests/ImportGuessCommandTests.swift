import Foundation
import SpendlyTestSupport
import Testing

/// `spendly import --guess FILE` then `spendly import FILE --mapping M --account A`, through the
/// binary with no hand edits: the statement's balance agrees with the opening and the rows.
@Suite("spendly import --guess then --mapping")
struct ImportGuessCommandTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/statements/guess").path

  /// Guesses `name`'s mapping into the sandbox and imports the file with it into `account`.
  static func guessThenImport(_ sandbox: Sandbox, _ name: String, account: String, json: Bool = false) throws -> String
  {
    let guess = try sandbox.ok("import", "--guess", folder + "/" + name)
    let rules = sandbox.directory + "/" + name + ".rules"
    try Data(guess.utf8).write(to: URL(fileURLWithPath: rules))
    return try sandbox.ok(
      (json ? ["--json"] : []) + ["import", folder + "/" + name, "--mapping", rules, "--account", account])
  }

  @Test func hdfcImportsItsRowsAndCountsItsFooter() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "150000", "--on", "2026-10-31")
    let text = try Self.guessThenImport(sandbox, "hdfc.csv", account: "HDFC Savings")
    #expect(text.hasPrefix("hdfc.csv (CSV): 5 added · 3 transfers · skipped 6 footer lines\n"), "\(text)")
    #expect(text.contains("statement ₹1,84,651.00 · computed ₹1,84,651.00 · agrees"))
    let listed = try #require(try json(sandbox.ok("--json", "list", "--limit", "0")) as? [[String: Any]])
    #expect(listed.count == 5)
  }

  @Test func iciciAndKotakReadTheirSidesRight() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "ICICI Current", "--type", "current", "--opening", "50000", "--on", "2026-10-31")
    try sandbox.ok("accounts", "add", "Kotak Savings", "--type", "savings", "--opening", "40000", "--on", "2026-10-31")
    for (name, account, added) in [("icici.csv", "ICICI Current", 5), ("kotak.csv", "Kotak Savings", 5)] {
      let summary = try #require(
        try json(Self.guessThenImport(sandbox, name, account: account, json: true)) as? [String: Any])
      #expect(summary["added"] as? Int == added, "\(name)")
      #expect(summary["skipped_footer_lines"] as? Int == 2, "\(name)")
      let accounts = try #require(summary["accounts"] as? [[String: Any]])
      #expect(accounts.first?["agrees"] as? Bool == true, "\(name): the balance agrees, so every sign is right")
    }
  }

  @Test func aMappingThatReadsEveryRowAsOneKindIsRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "ICICI Current", "--type", "current")
    let rules = sandbox.directory + "/old.rules"
    try Data("date = Transaction Date\ndate-format = DD/MM/YYYY\namount = Withdrawal Amount (INR )\nskip = 3\n".utf8)
      .write(to: URL(fileURLWithPath: rules))
    let result = try sandbox.run([
      "import", Self.folder + "/icici.csv", "--mapping", rules, "--account", "ICICI Current",
    ])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("spendly: icici.csv:4: every row reads as money in"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(try sandbox.ok("list") == "no transactions\n")
  }
}
