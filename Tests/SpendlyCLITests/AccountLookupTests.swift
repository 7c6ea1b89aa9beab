import Foundation
import SpendlyTestSupport
import Testing

/// `--account WORD` and `balance WORD`: an exact name first, then a unique word or prefix of an
/// account's own name; an institution alone never wins over a name, and a word several accounts
/// answer to lists them.
@Suite("spendly: naming an account by a word")
struct AccountLookupTests {
  static func world(_ sandbox: Sandbox) throws {
    try sandbox.ok("accounts", "add", "SBI Savings", "--type", "savings", "--opening", "1000", "--on", "2026-11-01")
    try sandbox.ok("accounts", "add", "Car Loan", "--type", "loan", "--institution", "SBI")
    try sandbox.ok("accounts", "add", "HDFC Savings", "--type", "savings", "--institution", "HDFC", "--methods", "UPI")
    try sandbox.ok(
      "accounts", "add", "HDFC Regalia", "--type", "card", "--institution", "HDFC", "--methods", "Credit Card")
  }

  @Test func aWordOfTheNameWinsOverTheInstitution() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let sbi = try sandbox.ok("balance", "sbi")
    #expect(sbi.contains("SBI Savings") && !sbi.contains("Car Loan"))
    #expect(try sandbox.ok("balance", "car").contains("Car Loan"))
  }

  @Test func aUniqueWordOrPrefixNamesTheAccount() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    try sandbox.ok("add", "--yes", "2000", "shopping", "credit", "card")
    try sandbox.ok("add", "--yes", "300", "upi", "food")
    let listed = try sandbox.ok("list", "--account", "regalia")
    #expect(listed.contains("2,000.00"))
    #expect(!listed.contains("300.00"))
    #expect(try sandbox.ok("list", "--account", "hdfc sav").contains("300.00"))
  }

  @Test func aWordSeveralAccountsAnswerToListsThem() throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let refused = try sandbox.run(["list", "--account", "hdfc"])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("HDFC Savings, HDFC Regalia"))
    let unknown = try sandbox.run(["list", "--account", "nowhere"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("unknown account"))
  }
}
