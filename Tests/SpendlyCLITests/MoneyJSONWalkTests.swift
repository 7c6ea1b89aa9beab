import Foundation
import SpendlyTestSupport
import Testing

/// Every JSON output writes money in one shape: an object with "amount" has "amount_minor" and
/// "currency", and the minor units are the amount times ten to the currency's exponent; a figure
/// "X" beside "X_minor" agrees with it the same way.
@Suite("money in every JSON output")
struct MoneyJSONWalkTests {
  static let exponents = ["INR": 2, "USD": 2, "JPY": 0, "KWD": 3]

  /// "420.00" with exponent 2 → 42000; nil for text that is not such a decimal.
  static func minor(_ amount: String, exponent: Int) -> Int64? {
    let negative = amount.hasPrefix("-")
    let digits = negative ? String(amount.dropFirst()) : amount
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == (exponent == 0 ? 1 : 2), parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
    guard parts.count == 1 || parts[1].count == exponent, let whole = Int64(parts[0]) else { return nil }
    let fraction = parts.count == 2 ? Int64(parts[1]) ?? 0 : 0
    var scale: Int64 = 1
    for _ in 0..<exponent { scale *= 10 }
    return (negative ? -1 : 1) * (whole * scale + fraction)
  }

  /// The problems found in one JSON value and everything inside it; `currency` is the nearest
  /// enclosing object's, for figures that rely on it.
  static func problems(_ value: Any, path: String = "$", currency: String? = nil) -> [String] {
    if let array = value as? [Any] {
      return array.enumerated().flatMap { problems($1, path: "\(path)[\($0)]", currency: currency) }
    }
    guard let object = value as? [String: Any] else { return [] }
    var found: [String] = []
    let code = object["currency"] as? String ?? currency
    if object.keys.contains("amount") {
      if !object.keys.contains("amount_minor") { found.append("\(path): amount without amount_minor") }
      if !object.keys.contains("currency") { found.append("\(path): amount without currency") }
    }
    for (key, minorValue) in object where key.hasSuffix("_minor") {
      let base = String(key.dropLast("_minor".count))
      guard let figure = object[base] else { continue }
      if figure is NSNull && minorValue is NSNull { continue }
      guard let text = figure as? String, let minor = (minorValue as? NSNumber)?.int64Value else {
        found.append("\(path).\(base): \(figure) beside \(key) \(minorValue)")
        continue
      }
      guard let code, let exponent = exponents[code] else {
        found.append("\(path).\(base): no known currency for \(text)")
        continue
      }
      if Self.minor(text, exponent: exponent) != minor {
        found.append("\(path).\(base): \(text) \(code) is not \(minor) minor units")
      }
    }
    for (key, inner) in object { found += problems(inner, path: "\(path).\(key)", currency: code) }
    return found
  }

  /// Money figures seen: objects holding "amount", and "X" beside "X_minor".
  static func figures(_ value: Any) -> Int {
    if let array = value as? [Any] { return array.map(figures).reduce(0, +) }
    guard let object = value as? [String: Any] else { return 0 }
    let own = object.keys.filter { $0 == "amount" || object.keys.contains($0 + "_minor") }.count
    return own + object.values.map(figures).reduce(0, +)
  }

  static func world(_ sandbox: Sandbox) throws {
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "50,000", "--on", "2026-11-01",
      "--methods", "UPI")
    try sandbox.ok("accounts", "add", "Wallet", "--type", "wallet", "--methods", "Cash", "--opening", "2000")
    try sandbox.ok("add", "--yes", "420", "upi", "food", "lunch", "at", "Social")
    try sandbox.ok("add", "--yes", "1,250.50", "cash", "groceries")
    try sandbox.ok("add", "--yes", "salary", "1,20,000", "on", "1st")
    try sandbox.ok("add", "--yes", "transfer", "2000", "to", "savings")
    try sandbox.ok("budget", "set", "food", "8000")
    try sandbox.ok("budget", "set", "40k")
    try sandbox.ok(
      "debts", "add", "Home loan", "--balance", "5,00,000", "--apr", "9.5", "--term", "60", "--due-day", "5")
    try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "from", "1", "nov", "cc")
  }

  @Test(arguments: [
    ["list"], ["accounts"], ["parse", "420", "upi", "food", "lunch"], ["parse", "netflix", "649", "monthly"],
    ["parse", "lunch"], ["dashboard"], ["budget"], ["debts"], ["debts", "schedule", "Home loan"],
    ["debts", "plan", "--budget", "20000"], ["query", "spent", "this", "month"], ["query", "savings", "this", "month"],
    ["query", "food", "by", "category"], ["query", "last", "5", "transactions"],
    ["query", "transfers", "this", "month"],
    ["query", "avg", "daily", "spend"], ["query", "this", "month", "vs", "last", "month"], ["query", "lifetime"],
    ["query", "subscriptions"], ["recurring"], ["upcoming", "60"], ["calendar"], ["show", "1"], ["history", "1"],
  ])
  func moneyHasOneShape(_ command: [String]) throws {
    let sandbox = try Sandbox()
    try Self.world(sandbox)
    let result = try sandbox.run(["--json"] + command)
    #expect(result.status == 0, "\(command.joined(separator: " ")): \(result.stderr)")
    let value = try json(result.stdout)
    #expect(Self.problems(value) == [], "\(command.joined(separator: " "))")
    #expect(Self.figures(value) > 0 || command.first == "parse", "\(command.joined(separator: " ")): no money seen")
  }

  @Test func aStatementImportGivesItsBalancesInMinorUnitsToo() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "accounts", "add", "HDFC Savings", "--type", "savings", "--opening", "50000", "--on", "2026-11-01", "--methods",
      "UPI,Debit Card", "--last4", "5678")
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/statements").path
    let value = try json(sandbox.ok("--json", "import", folder + "/hdfc-savings-nov.ofx"))
    #expect(Self.problems(value) == [])
    let account = try #require(((value as? [String: Any])?["accounts"] as? [[String: Any]])?.first)
    #expect(account["currency"] as? String == "INR")
    let balance = try #require(account["statement_balance"] as? String)
    #expect(Self.minor(balance, exponent: 2) == (account["statement_balance_minor"] as? NSNumber)?.int64Value)
    #expect(account["computed_balance_minor"] is NSNumber)
  }

  @Test func theWalkFindsAMissingField() throws {
    let bad = try json(
      #"{"totals":[{"amount":"4.20","currency":"INR"}],"x":{"currency":"INR","left":"1.0","left_minor":100}}"#)
    #expect(
      Set(Self.problems(bad))
        == ["$.totals[0]: amount without amount_minor", "$.x.left: 1.0 INR is not 100 minor units"])
  }
}
