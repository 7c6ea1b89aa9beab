import Foundation
import SpendlyTestSupport
import Testing

/// `--all-fields` carries each account's type, so a card comes back a card; without the column
/// a Credit Card row makes a card, and the summary says where each type came from. A CSV into
/// an empty database says that opening balances are not in a CSV.
@Suite("import: account types from a CSV")
struct AccountTypeColumnTests {
  @Test func typesTravelInAllFieldsAndAreToldFromMethodsOtherwise() throws {
    let source = try Sandbox()
    try source.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "50000", "--methods", "UPI")
    try source.ok(
      "accounts", "add", "HDFC Regalia", "--type", "card", "--opening", "2000", "--methods", "credit card")
    try source.ok("add", "--yes", "moved", "2000", "from", "hdfc", "savings", "to", "hdfc", "regalia")
    try source.ok("add", "--yes", "999", "card", "shopping")
    let file = source.directory + "/all.csv"
    try source.ok("export", "csv", file, "--all-fields")
    let csv = try String(contentsOfFile: file, encoding: .utf8)
    #expect(csv.hasPrefix("Id,Date,") && csv.split(separator: "\n")[0].hasSuffix(",Recurring,Account Type,Revision,Database"), "\(csv)")
    // Account Type comes before the row's Revision and Database.
    #expect(csv.contains(",savings → card,") && csv.contains(",card,"), "\(csv)")
    let empty = try Sandbox()
    let imported = try empty.ok("import", file)
    #expect(imported.contains("new savings account HDFC Savings\n"), "\(imported)")
    #expect(imported.contains("new card account HDFC Regalia\n"), "\(imported)")
    #expect(imported.contains("a CSV holds no opening balances"), "\(imported)")
    #expect(try empty.ok("accounts").contains("card · owed"))

    let plain = source.directory + "/card.csv"
    try "Date,Type,Amount,Category,Payment Method,Account\n2026-11-01,expense,10,Food,Credit Card,Amex Gold\n".write(
      toFile: plain, atomically: true, encoding: .utf8)
    let told = try empty.ok("import", plain)
    #expect(told.contains("new card account Amex Gold (told from its Credit Card rows"), "\(told)")
    #expect(!told.contains("opening balances"), "the database was not empty")
  }

  /// Issue 26: a card first met as a transfer's end (typed from its name: savings) is a card once
  /// a later row uses it with the Credit Card method; `--json` gives each new account's type.
  @Test func aLaterCreditCardRowMakesACardAndTheJSONSaysSo() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--methods", "UPI")
    let plain = sandbox.directory + "/plain.csv"
    try """
      Date,Type,Amount,Category,Payment Method,Account
      2026-11-01,transfer,2000,Transfer,Bank Transfer,HDFC Savings → HDFC Regalia
      2026-11-03,expense,999,Shopping,Credit Card,HDFC Regalia

      """.write(toFile: plain, atomically: true, encoding: .utf8)
    let dry = try #require(try json(sandbox.ok("--json", "import", plain, "--dry-run")) as? [String: Any])
    #expect(createdAccounts(dry) == ["HDFC Regalia: card"], "\(dry)")
    let summary = try #require(try json(sandbox.ok("--json", "import", plain)) as? [String: Any])
    #expect(createdAccounts(summary) == ["HDFC Regalia: card"], "\(summary)")
    #expect(summary["added"] as? Int == 2)
    let listed = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    let accounts = try #require(listed["accounts"] as? [[String: Any]])
    #expect(accounts.first { $0["name"] as? String == "HDFC Regalia" }?["type"] as? String == "card")
    #expect(accounts.first { $0["name"] as? String == "HDFC Savings" }?["type"] as? String == "savings")
    try sandbox.ok("undo")
    #expect(!(try sandbox.ok("accounts")).contains("HDFC Regalia"))
    let text = try sandbox.ok("import", plain)
    #expect(text.contains("new card account HDFC Regalia (told from its Credit Card rows"), "\(text)")
  }

  /// A JSON export merged into a database with data brings its accounts with their types.
  @Test func aMergedExportsAccountsKeepTheirTypes() throws {
    let source = try Sandbox()
    try source.ok("accounts", "add", "Amex Gold", "--type", "card", "--methods", "credit card")
    try source.ok("add", "--yes", "999", "card", "shopping")
    let file = source.directory + "/all.json"
    try source.ok("export", "json", file)
    let target = try Sandbox()
    try target.ok("add", "--yes", "420", "upi", "food")
    let dry = try #require(try json(target.ok("--json", "import", file, "--dry-run")) as? [String: Any])
    #expect(createdAccounts(dry) == ["Amex Gold: card"], "\(dry)")
    let merged = try target.ok("import", file)
    #expect(merged.contains("\n  new card account Amex Gold\n"), "\(merged)")
  }
}
