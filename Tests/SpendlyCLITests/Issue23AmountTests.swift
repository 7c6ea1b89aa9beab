import Foundation
import SpendlyTestSupport
import Testing

/// Issue 23, one amount reader, through the binary: a statement balance's Cr/Dr is its sign
/// (never crore), a balance is never multiplied, and amount errors say why in one wording.
@Suite("issue 23: one amount reader (CLI)")
struct Issue23AmountTests {
  static func statementMinor(_ sandbox: Sandbox, _ arguments: String...) throws -> Int64? {
    let data = try #require(try json(sandbox.ok(["--json", "reconcile"] + arguments)) as? [String: Any])
    return (data["statement_minor"] as? NSNumber)?.int64Value
  }

  @Test func reconcileReadsCrAndDrAsTheSign() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "50,000", "--on", "2026-11-01")
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "52,080.00 Cr") == 5_208_000)
    #expect(try sandbox.ok("balance", "HDFC Savings").contains("statement booked ₹52,080.00"))
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "52,080.00 Dr") == -5_208_000)
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "52,080.00DR") == -5_208_000)
    #expect(try Self.statementMinor(sandbox, "hdfc", "savings", "52,080.00", "cr") == 5_208_000)
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "₹52,080.00 Cr") == 5_208_000)
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "-1,250.50") == -125_050)
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "(1,250.50)") == -125_050)
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "5,20,800") == 52_080_000)
    // A card paid off, or an account emptied, has a balance of zero.
    #expect(try Self.statementMinor(sandbox, "HDFC Savings", "0.00 Cr") == 0)
  }

  @Test func aBalanceIsNeverMultiplied() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Wallet", "--type", "wallet", "--opening", "2000", "--on", "2026-11-01")
    for text in ["1.5k", "2 lakh", "3cr crore"] {
      let result = try sandbox.run(["reconcile", "wallet", text])
      #expect(result.status == 65, "\(text)")
      #expect(result.stderr.contains("is not a number"), "\(text): \(result.stderr)")
    }
  }

  @Test func reconcileErrorsSayWhy() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Wallet", "--type", "wallet", "--opening", "2000", "--on", "2026-11-01")
    for (text, reason) in [
      ("12.345", "more than 2 decimal places for INR"), ("1000000000000", "too large (at most 999,999,999,999)"),
      ("lots", "is not a number"), ("1,2,3", "misplaced thousands separators"),
    ] {
      let result = try sandbox.run(["reconcile", "wallet", text])
      #expect(result.status == 65, "\(text)")
      #expect(result.stderr.contains(reason), "\(text): \(result.stderr)")
    }
  }

  @Test func budgetSetSaysTheCurrencyHasFewerDecimals() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["budget", "set", "food", "0.001"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("'0.001' has more than 2 decimal places for INR"), "\(result.stderr)")
  }

  @Test func aDebtsMinimumMayBeZeroInAnyForm() throws {
    let sandbox = try Sandbox()
    for (index, zero) in ["0", "0.00", "₹0"].enumerated() {
      try sandbox.ok(
        "debts", "add", "Loan \(index)", "--balance", "10000", "--apr", "10", "--min-percent", "2", "--min-floor", zero,
        "--due-day", "5")
    }
  }
}
