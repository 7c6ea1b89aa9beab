import Foundation
import SpendlyTestSupport
import Testing

/// A bank account's statement row is paid by the method its narration names (UPI, NEFT and its
/// kin, a card at a point of sale); money reaching the account without one came by bank transfer,
/// and money leaving it without one by the account's own method. A card's rows are the card's.
@Suite("import: each statement row's method from its narration")
struct StatementMethodTests {
  static func ofx(_ rows: [(type: String, amount: String, name: String)], account: String = "50100012345678")
    -> String
  {
    OFXText(
      account: account, from: "20261120", to: "20261128",
      rows: rows.enumerated().map { index, row in
        OFXText.Row(row.type, day: "2026112\(index)", amount: row.amount, id: "T\(index)", name: row.name)
      }
    ).text
  }

  static func methods(_ sandbox: Sandbox) throws -> [String: String] {
    let rows = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    var byMerchant: [String: String] = [:]
    for row in rows { byMerchant[row["merchant"] as? String ?? "—"] = row["method"] as? String }
    return byMerchant
  }

  @Test func aBankRowTakesTheMethodItsNarrationNames() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--methods", "UPI")
    let file = sandbox.directory + "/hdfc.ofx"
    try Self.ofx([
      ("DEBIT", "-100.00", "UPI/SWIGGY/123"),
      ("DEBIT", "-2345.67", "POS 4412 MARKS &amp; SPENCER"),
      ("CREDIT", "75000.00", "NEFT CR-EMPLOYER"),
      ("CREDIT", "500.00", "REFUND FROM DMART"),
      ("DEBIT", "-1200.00", "BESCOM ELECTRICITY"),
      ("XFER", "-3000.00", "RENT TO LANDLORD"),
    ]).write(toFile: file, atomically: true, encoding: .utf8)
    try sandbox.ok("import", file, "--account", "HDFC Savings")
    #expect(
      try Self.methods(sandbox) == [
        "Swiggy": "UPI", "Marks & Spencer": "Debit Card", "Employer": "Bank Transfer",
        "Refund Dmart": "Bank Transfer", "Bescom Electricity": "UPI", "Rent Landlord": "Bank Transfer",
      ])
  }

  /// A card's or a wallet's rows are its own method's, whatever their narrations name.
  @Test(arguments: [
    ("HDFC Regalia", "card", "credit card", "Credit Card"), ("Travel Wallet", "wallet", "cash", "Cash"),
  ])
  func anAccountThatIsNoBanksRowsAreItsOwnMethods(_ name: String, _ type: String, _ method: String, _ expected: String)
    throws
  {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", name, "--type", type, "--methods", method)
    let file = sandbox.directory + "/statement.ofx"
    try Self.ofx(
      [
        ("DEBIT", "-100.00", "UPI/SWIGGY/123"), ("DEBIT", "-50.00", "POS STARBUCKS"),
        ("CREDIT", "500.00", "NEFT TOPUP"),
      ],
      account: "4111"
    ).write(toFile: file, atomically: true, encoding: .utf8)
    try sandbox.ok("import", file, "--account", name)
    #expect(Set(try Self.methods(sandbox).values) == [expected])
  }
}
