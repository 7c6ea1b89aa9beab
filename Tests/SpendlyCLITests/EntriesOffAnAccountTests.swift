import Foundation
import SpendlyTestSupport
import Testing

/// An entry saved before its method's account existed is on no account, and stays so everywhere:
/// in the account's balance, after an edit that leaves its method alone, in a journal, and across
/// an `--all-fields` CSV or a JSON file into another database. Only a new method choice (or an
/// account named) puts it on an account.
@Suite("accounts: an entry on no account stays off its method's account")
struct EntriesOffAnAccountTests {
  /// A database with an entry saved by UPI before the account that takes UPI existed, then one after.
  static func earlyEntry() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "600", "upi", "groceries", "at", "DMart")
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "50000", "--on", "2026-01-01", "--methods",
      "UPI")
    try sandbox.ok("add", "--yes", "100", "upi", "food", "lunch")
    return sandbox
  }

  static func balance(_ sandbox: Sandbox, _ name: String = "HDFC Savings") throws -> String? {
    let listed = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    let accounts = try #require(listed["accounts"] as? [[String: Any]])
    return accounts.first { $0["name"] as? String == name }?["balance"] as? String
  }

  /// Each entry's account, smallest amount first.
  static func accounts(_ sandbox: Sandbox) throws -> [String?] {
    let rows = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    return rows.sorted { ($0["amount_minor"] as? Int ?? 0) < ($1["amount_minor"] as? Int ?? 0) }
      .map { $0["account"] as? String }
  }

  @Test func anEditThatLeavesTheMethodKeepsItOff() throws {
    let sandbox = try Self.earlyEntry()
    #expect(try Self.balance(sandbox) == "49900.00")
    try sandbox.ok("edit", "1", "--note", "weekly shop")
    try sandbox.ok("edit", "1", "--amount", "650")
    try sandbox.ok("edit", "1", "--date", "2026-11-20")
    #expect(try Self.balance(sandbox) == "49900.00", "an edit of its note, amount or date leaves it on no account")
    // Choosing its method again is a new choice: the account that takes UPI now takes it.
    try sandbox.ok("edit", "1", "--method", "cash")
    try sandbox.ok("edit", "1", "--method", "upi")
    #expect(try Self.balance(sandbox) == "49250.00")
  }

  @Test func aJournalPostsItToTheMethodNotTheAccount() throws {
    let sandbox = try Self.earlyEntry()
    let file = sandbox.directory + "/all.ledger"
    try sandbox.ok("export", "ledger", file)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("Assets:UPI  -600.00 INR"), "\(text)")
    #expect(!text.contains("Assets:HDFC Savings  -600.00 INR"), "\(text)")
    #expect(text.contains("Assets:HDFC Savings  -100.00 INR"), "\(text)")
  }

  @Test(arguments: [["csv", "--all-fields"], ["json"]])
  func aFileThatNamesEachRowsAccountKeepsItOff(_ format: [String]) throws {
    let source = try Self.earlyEntry()
    let file = source.directory + "/all." + format[0]
    let exported = try source.run(["export", format[0], file] + format.dropFirst())
    #expect(exported.status == 0, "\(exported.stderr)")
    // Into a database with data of its own (a merge for JSON), and into an empty one.
    let other = try Sandbox()
    try other.ok("add", "--yes", "5", "cash", "tea")
    try other.ok("import", file)
    #expect(try Self.accounts(other) == [nil, "HDFC Savings", nil], "tea, lunch, groceries")
    if format[0] == "csv" {
      let empty = try Sandbox()
      try empty.ok("import", file)
      #expect(try Self.accounts(empty) == ["HDFC Savings", nil], "lunch, groceries")
    }
  }

  /// A file that gives the accounts as they are still gives a transfer two ends: an empty
  /// Account cell with a method alone, or one method twice, is refused and nothing is written.
  @Test func aTransferGivenAsItIsStillNeedsTwoEnds() throws {
    let sandbox = try Self.earlyEntry()
    let file = sandbox.directory + "/ends.csv"
    let before = try sandbox.databaseBytes()
    for row in [
      "2026-11-01,transfer,200,Transfer,Bank Transfer,", "2026-11-01,transfer,200,Transfer,Bank Transfer,HDFC Savings",
      "2026-11-01,transfer,200,Transfer,UPI → UPI,",
    ] {
      try ("Date,Type,Amount,Category,Payment Method,Account\n" + row + "\n").write(
        toFile: file, atomically: true, encoding: .utf8)
      let refused = try sandbox.run(["import", file])
      #expect(refused.status == 65, "\(row): \(refused.stdout)")
      #expect(refused.stderr.contains("ends.csv:2:"), "\(row): \(refused.stderr)")
      #expect(try sandbox.databaseBytes() == before)
    }
  }

  /// A CSV without an Account column has its accounts inferred from its methods, as a phrase does.
  @Test func aFileWithoutAnAccountColumnTakesTheMethodsAccount() throws {
    let sandbox = try Self.earlyEntry()
    let file = sandbox.directory + "/plain.csv"
    try "Date,Type,Amount,Category,Payment Method\n2026-11-01,expense,10,Food,UPI\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    try sandbox.ok("import", file)
    #expect(try Self.balance(sandbox) == "49890.00")
  }
}
