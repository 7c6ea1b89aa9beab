import Foundation
import SpendlyTestSupport
import Testing

/// A statement placed in an account by `--account` gives that account its number (when it has
/// none), so the account's next statement finds it by number instead of making a second one;
/// undo takes the number back with the import.
@Suite("import: an account chosen for a statement takes its number")
struct StatementAccountNumberTests {
  static func ofx(
    month: String, rows: [(id: String, amount: String, name: String)], balance: String,
    account: String = "50100012345678"
  ) -> String {
    OFXText(
      account: account, from: "2026\(month)01", to: "2026\(month)28",
      rows: rows.enumerated().map { index, row in
        OFXText.Row(day: "2026\(month)1\(index)", amount: row.amount, id: row.id, name: row.name)
      }, balance: balance
    ).text
  }

  @Test func theNextStatementFindsTheAccountByItsNumber() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "1000", "--on", "2026-09-01")
    let october = sandbox.directory + "/oct.ofx"
    let november = sandbox.directory + "/nov.ofx"
    try Self.ofx(month: "10", rows: [("O1", "-100.00", "SWIGGY")], balance: "900.00").write(
      toFile: october, atomically: true, encoding: .utf8)
    try Self.ofx(month: "11", rows: [("N1", "-200.00", "ZOMATO")], balance: "700.00").write(
      toFile: november, atomically: true, encoding: .utf8)
    try sandbox.ok("import", october, "--account", "hdfc savings")
    let next = try sandbox.ok("import", november)
    #expect(!next.contains("new savings account"), "\(next)")
    let listed = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    let accounts = try #require(listed["accounts"] as? [[String: Any]])
    #expect(accounts.map { $0["name"] as? String } == ["HDFC Savings"])
    #expect(accounts.first?["balance"] as? String == "700.00")
    // Undone, the first import takes the number back: the statement no longer finds the account.
    try sandbox.ok("undo")
    try sandbox.ok("undo")
    let again = try sandbox.ok("import", november)
    #expect(again.contains("new savings account Bank ····5678"), "\(again)")
  }

  /// Two accounts ending in the same four digits: the one given a full number by an import does
  /// not leave a masked statement to the other; neither is chosen for it.
  @Test func aRecordedNumberKeepsAMaskedStatementAmbiguous() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--last4", "5678")
    try sandbox.ok("accounts", "add", "Kotak Savings", "--type", "savings", "--last4", "5678")
    let full = sandbox.directory + "/full.ofx"
    let masked = sandbox.directory + "/masked.ofx"
    try Self.ofx(month: "10", rows: [("O1", "-100.00", "SWIGGY")], balance: "-100.00").write(
      toFile: full, atomically: true, encoding: .utf8)
    try Self.ofx(month: "11", rows: [("N1", "-200.00", "ZOMATO")], balance: "-300.00", account: "XXXXXXXX5678")
      .write(toFile: masked, atomically: true, encoding: .utf8)
    try sandbox.ok("import", full, "--account", "HDFC Savings")
    _ = try sandbox.run(["import", masked])
    #expect(try sandbox.ok("list", "--account", "Kotak Savings") == "no transactions\n")
  }
}
