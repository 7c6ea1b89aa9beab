import Foundation
import SpendlyTestSupport
import Testing

/// Issue 25 through the binary: a statement in any ISO 4217 currency imports, amounts of three and
/// of no decimals print exactly as text and JSON, CAMT's exchange rates are kept, a "-" reference
/// is none, and `reconcile` reads Cr and Dr the bank's way on a savings account and on a card.
@Suite("issue 25: currencies, rates, placeholder references, Cr/Dr balances (CLI)")
struct Issue25CurrencyTests {
  static let folder = ImportCommandTests.folder

  static func rows(_ sandbox: Sandbox, _ arguments: String...) throws -> [[String: Any]] {
    try #require(try json(sandbox.ok(["--json", "list", "--limit", "0"] + arguments)) as? [[String: Any]])
  }

  static func summary(_ sandbox: Sandbox, _ arguments: String...) throws -> [String: Any] {
    try #require(try json(sandbox.ok(["--json", "import"] + arguments)) as? [String: Any])
  }

  @Test func anOFXInBrazilianRealsImports() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "accounts", "add", "Conta Corrente", "--type", "current", "--currency", "BRL", "--opening", "1000", "--on",
      "2026-11-01")
    let report = try Self.summary(sandbox, Self.folder + "/brl-checking-nov.ofx", "--account", "Conta Corrente")
    #expect(report["added"] as? Int == 3)
    #expect(report["errors"] as? [String] == [])
    let accounts = try #require(report["accounts"] as? [[String: Any]])
    #expect(accounts.first?["agrees"] as? Bool == true, "\(accounts)")
    let rows = try Self.rows(sandbox)
    #expect(rows.allSatisfy { $0["currency"] as? String == "BRL" })
    #expect(rows.map { $0["amount_minor"] as? Int } == [10_864, 12_345, 850_000])
    #expect(rows.first?["foreign_amount"] as? String == "20.00" && rows.first?["foreign_currency"] as? String == "USD")
    #expect(rows.first?["rate"] as? String == "5.4321")
    #expect(try sandbox.ok("list").contains("+BRL 8,500.00"))
    // With no account given, the new account takes the statement's currency.
    let fresh = try Sandbox()
    let created = try Self.summary(fresh, Self.folder + "/brl-checking-nov.ofx", "--yes")
    #expect(created["added"] as? Int == 3 && createdAccounts(created)?.count == 1)
    let listed = try #require(try json(fresh.ok("--json", "accounts")) as? [String: Any])
    let account = try #require((listed["accounts"] as? [[String: Any]])?.first)
    #expect(account["currency"] as? String == "BRL" && account["balance"] as? String == "9267.91")
  }

  @Test func threeDecimalsAndNoDecimalsPrintExactly() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Kuwait Current", "--type", "current", "--currency", "KWD")
    let saved = try sandbox.ok("add", "--yes", "12.345", "KWD", "lunch", "on", "kuwait", "current")
    #expect(saved.contains("-KD 12.345"), "\(saved)")
    #expect(try sandbox.ok("add", "--yes", "BRL 50 taxi").contains("-BRL 50.00"))
    #expect(try sandbox.ok("add", "--yes", "5000 UGX", "taxi").contains("-UGX 5,000"))
    let rows = try Self.rows(sandbox)
    #expect(rows.map { $0["currency"] as? String } == ["UGX", "BRL", "KWD"])
    #expect(rows.map { $0["amount"] as? String } == ["5000", "50.00", "12.345"])
    #expect(rows.map { $0["amount_minor"] as? Int } == [5_000, 5_000, 12_345])
    #expect(rows.last?["account"] as? String == "Kuwait Current")
    let list = try sandbox.ok("list")
    #expect(list.contains("-KD 12.345") && list.contains("-UGX 5,000") && !list.contains("UGX 5,000.00"))
    let balance = try #require(try json(sandbox.ok("--json", "accounts")) as? [String: Any])
    let kuwait = try #require((balance["accounts"] as? [[String: Any]])?.first)
    #expect(kuwait["balance"] as? String == "-12.345" && kuwait["balance_minor"] as? Int == -12_345)
    let refused = try sandbox.run(["add", "--yes", "1.2345 KWD lunch"])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("more than 3 decimal places for KWD"), "\(refused.stderr)")
    let unknown = try sandbox.run(["accounts", "add", "Odd", "--type", "current", "--currency", "XYZ"])
    #expect(unknown.status != 0 && unknown.stderr.split(separator: "\n").count == 1, "\(unknown.stderr)")
  }

  @Test func camtExchangeRatesAreKept() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "accounts", "add", "Euro Current", "--type", "current", "--currency", "EUR", "--opening", "1000", "--on",
      "2026-11-01")
    let report = try Self.summary(sandbox, Self.folder + "/eur-travel-nov.camt.xml", "--account", "Euro Current")
    #expect(report["added"] as? Int == 5)
    #expect((report["accounts"] as? [[String: Any]])?.first?["agrees"] as? Bool == true)
    let rows = try Self.rows(sandbox)
    let rates = rows.map { $0["rate"] as? String ?? "-" }
    #expect(rates == ["1.15", "-", "0.00613346", "0.951203", "0.92"])
    #expect(rows.map { $0["foreign_currency"] as? String ?? "-" } == ["GBP", "-", "JPY", "CHF", "USD"])
    #expect(try sandbox.ok("list").contains("(originally $50.00 at 0.92)"))
  }

  @Test func aDashReferenceIsNoReference() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Canara Savings", "--type", "savings", "--opening", "5000", "--on", "2026-11-01")
    let rules = Self.folder + "/placeholder-refs.rules"
    let output = try sandbox.ok(
      "import", Self.folder + "/placeholder-refs.csv", "--account", "Canara Savings", "--mapping", rules)
    #expect(output.contains("6 added") && !output.contains("appears twice"), "\(output)")
    let references = try Self.rows(sandbox).map { $0["external_reference"] as? String ?? "" }
    #expect(references.first == "ACT7781203")
    #expect(references.dropFirst().allSatisfy { $0.hasPrefix("h:") }, "\(references)")
    #expect(Set(references).count == 6)
    // The next statement repeats those rows and adds one: only that one is new.
    let original = try String(contentsOfFile: Self.folder + "/placeholder-refs.csv", encoding: .utf8)
    let next = sandbox.directory + "/next.csv"
    try (original + "14/11/2026,SWIGGY INSTAMART,-,240.00,,3545.68\n").write(
      toFile: next, atomically: true, encoding: .utf8)
    let again = try Self.summary(sandbox, next, "--account", "Canara Savings", "--mapping", rules)
    #expect(again["added"] as? Int == 1 && again["duplicates"] as? Int == 6, "\(again)")
  }

  static func statement(_ sandbox: Sandbox, _ arguments: String...) throws -> (Int?, Bool?) {
    let data = try #require(try json(sandbox.ok(["--json", "reconcile"] + arguments)) as? [String: Any])
    return ((data["statement_minor"] as? NSNumber)?.intValue, data["matches"] as? Bool)
  }

  @Test func reconcileReadsCrAndDrTheBanksWay() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "accounts", "add", "SBI Savings", "--type", "savings", "--opening", "1,23,456", "--on", "2026-11-01")
    try sandbox.ok("accounts", "add", "HDFC Regalia", "--type", "card", "--methods", "Credit Card")
    try sandbox.ok("add", "--yes", "2500", "credit", "card", "groceries", "date:2026-11-10")
    // A savings account: Cr is money held, Dr an overdraft.
    #expect(try Self.statement(sandbox, "SBI Savings", "1,23,456.00 Cr") == (12_345_600, true))
    #expect(try Self.statement(sandbox, "sbi", "savings", "1,23,456.00", "Cr") == (12_345_600, true))
    #expect(try Self.statement(sandbox, "SBI Savings", "1,23,456.00 Dr") == (-12_345_600, false))
    #expect(try Self.statement(sandbox, "SBI Savings", "-1,23,456.00") == (-12_345_600, false))
    // A card: Dr is what is owed, Cr a credit balance (owed below zero).
    #expect(try Self.statement(sandbox, "HDFC Regalia", "2,500.00 Dr") == (250_000, true))
    #expect(try Self.statement(sandbox, "hdfc", "regalia", "2,500.00", "DR") == (250_000, true))
    #expect(try Self.statement(sandbox, "HDFC Regalia", "500.00 Cr") == (-50_000, false))
    #expect(try Self.statement(sandbox, "HDFC Regalia", "2,500.00") == (250_000, true), "no mark: what is owed")
    #expect(try Self.statement(sandbox, "HDFC Regalia", "0.00 Cr") == (0, false))
    let text = try sandbox.ok("reconcile", "HDFC Regalia", "500.00 Cr")
    #expect(text.contains("statement booked -₹500.00") && text.contains("differs by -₹3,000.00"), "\(text)")
    let twice = try sandbox.run(["reconcile", "HDFC Regalia", "-500.00 Cr"])
    #expect(twice.status == 65 && twice.stderr.contains("signed two ways"), "\(twice.stderr)")
    let help = try sandbox.ok("reconcile", "--help")
    #expect(help.contains("Cr is money") && help.contains("'25,000.00 Dr' is 25,000.00") && help.contains("owed"))
  }
}
