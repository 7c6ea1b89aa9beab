import Foundation
import SpendlyTestSupport
import Testing

/// "Café", "CAFÉ" and "Cafe" with a combining accent are one name at the command line: adding
/// it twice is refused, and every form finds it, in options, filters and catalog commands.
@Suite("spendly: names are one name in every case and Unicode form")
struct UnicodeNameCLITests {
  static let decomposed = "Cafe\u{301}"

  @Test func aCategoryIsOneName() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("categories", "add", "Café")
    let again = try sandbox.run(["categories", "add", "CAFÉ"])
    #expect(again.status != 0, "\(again.stdout)")
    let decomposed = try sandbox.run(["categories", "add", Self.decomposed])
    #expect(decomposed.status != 0, "\(decomposed.stdout)")
    try sandbox.ok("add", "--yes", "--amount", "120", "--category", Self.decomposed, "--method", "UPI")
    try sandbox.ok("add", "--yes", "--amount", "80", "--category", "CAFÉ", "--method", "UPI")
    let listed = try sandbox.ok("list", "--category", "cafe\u{301}")
    #expect(listed.components(separatedBy: "Café").count - 1 == 2, "\(listed)")
    try sandbox.ok("categories", "rename", "CAFÉ", "Coffee")
    #expect(try sandbox.ok("list", "--category", Self.decomposed).contains("Coffee"), "the old name is an alias")
  }

  @Test func anAccountIsOneName() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Café Wallet", "--type", "wallet", "--methods", "Cash")
    let again = try sandbox.run(["accounts", "add", "CAFE\u{301} WALLET", "--type", "wallet"])
    #expect(again.status != 0, "\(again.stdout)")
    try sandbox.ok("add", "--yes", "--amount", "50", "--category", "Food", "--method", "Cash")
    #expect(try sandbox.ok("list", "--account", "cafe\u{301} wallet").contains("50.00"))
  }
}
