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
}
