import Foundation
import SpendlyTestSupport
import Testing

/// Method and category options and filters resolve names as phrases do: lexicon words, the
/// person's aliases, old names, any case.
@Suite("spendly options and filters take the names phrases take")
struct NameOptionsTests {
  @Test(arguments: [
    (["--method", "gpay"], [1]), (["--method", "GPay"], [1]), (["--method", "google pay"], [1]),
    (["--method", "upi"], [1]),
    (["--method", "card"], [3]), (["--method", "cc"], [3]), (["--method", "credit card"], [3]),
    (["--method", "Cash"], [2]), (["--category", "chai"], [2, 1]), (["--category", "FOOD"], [2, 1]),
    (["--category", "lunch"], [2, 1]), (["--category", "coffees"], [2, 1]), (["--category", "shopping"], [3]),
    (["--category", "chai", "--method", "gpay"], [1]),
  ])
  func filtersResolveAsPhrases(_ arguments: [String], _ expected: [Int]) throws {
    let sandbox = try Sandbox.threeExpenses()
    #expect(try sandbox.ids(arguments) == expected)
  }

  @Test func filtersFollowTheDefaultCardAndTheAliases() throws {
    let sandbox = try Sandbox.threeExpenses()
    try sandbox.ok("methods", "add", "HDFC Card", "--alias", "hdfc")
    try sandbox.ok("categories", "alias", "Shopping", "clothes")
    try sandbox.ok("add", "--yes", "500", "hdfc", "clothes")
    #expect(try sandbox.ids("--method", "card") == [3])
    try sandbox.ok("config", "card", "hdfc")
    #expect(try sandbox.ids("--method", "card") == [4])
    #expect(try sandbox.ids("--method", "HDFC") == [4])
    #expect(try sandbox.ids("--category", "Clothes") == [4, 3])
  }

  @Test(arguments: [
    (["list", "--method", "foo"], "spendly: --method: unknown payment method 'foo' (see: spendly methods)"),
    (["list", "--category", "foo"], "spendly: --category: unknown category 'foo' (see: spendly categories)"),
    (["list", "--category", "Fo\u{200B}od"], "spendly: --category: unknown category 'Food' (see: spendly categories)"),
  ])
  func unknownNamesAreUsageErrors(_ arguments: [String], _ message: String) throws {
    let sandbox = try Sandbox.threeExpenses()
    let result = try sandbox.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message + "\n")
  }

  @Test(arguments: [
    ("gpay", "UPI"), ("card", "Credit Card"), ("google pay", "UPI"), ("neft", "Bank Transfer"),
  ])
  func addAndEditTakeMethodWords(_ word: String, _ method: String) throws {
    let sandbox = try Sandbox()
    let saved = try #require(
      try json(try sandbox.ok("--json", "add", "--amount", "5", "--method", word, "--yes")) as? [String: Any])
    #expect(saved["method"] as? String == method)
    try sandbox.ok("edit", "1", "--method", "cash")
    let edited = try #require(try json(try sandbox.ok("--json", "edit", "1", "--method", word)) as? [String: Any])
    #expect(edited["method"] as? String == method)
  }

  @Test func addAndEditTakeCategoryWords() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.ok("add", "--amount", "60", "--category", "chai", "--yes").hasPrefix("saved #1 · -₹60.00 Food"))
    #expect(try sandbox.ok("edit", "1", "--category", "uber").contains("category   Transport"))
    #expect(
      try sandbox.ok("add", "--amount", "60", "--category", "salary", "--yes").hasPrefix("saved #2 · +₹60.00 Salary"))
  }
}
