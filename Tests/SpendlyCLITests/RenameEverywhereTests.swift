import Foundation
import SpendlyTestSupport
import Testing

/// After a rename the new name shows everywhere, and the old name works wherever a name is accepted.
@Suite("spendly after a rename")
struct RenameEverywhereTests {
  @Test func defaultCategoriesShowTheirNewNames() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("categories", "rename", "Other income", "Misc income")
    try sandbox.ok("categories", "rename", "Other", "Misc")
    #expect(try sandbox.ok("parse", "+500", "lunch").hasPrefix("  income  ₹500.00  Bank Transfer?  Misc income?"))
    #expect(try sandbox.ok("parse", "500").hasPrefix("  expense  ₹500.00  Cash?  Misc?"))
    let draft = try #require(try json(try sandbox.ok("--json", "parse", "+500")) as? [String: Any])
    #expect(draft["category"] as? String == "Misc income")
    #expect(try sandbox.ok("add", "--yes", "+500").hasPrefix("saved #1 · +₹500.00 Misc income"))
    // Changing the kind falls back to the renamed default too.
    #expect(try sandbox.ok("edit", "1", "--kind", "expense").contains("category   Misc"))
  }

  @Test func defaultMethodsShowTheirNewNames() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("methods", "rename", "Cash", "Money")
    try sandbox.ok("methods", "rename", "Bank Transfer", "NEFT")
    try sandbox.ok("methods", "rename", "Credit Card", "HDFC Card")
    #expect(try sandbox.ok("parse", "60", "chai").hasPrefix("  expense  ₹60.00  Money?  Food?"))
    #expect(try sandbox.ok("parse", "+500").hasPrefix("  income  ₹500.00  NEFT?"))
    #expect(try sandbox.ok("parse", "60", "card").hasPrefix("  expense  ₹60.00  HDFC Card  "))
    let config = try #require(try json(try sandbox.ok("--json", "config")) as? [String: Any])
    #expect(config["method"] as? String == "Money")
    #expect(config["income-method"] as? String == "NEFT")
    #expect(config["card"] as? String == "HDFC Card")
    #expect(try sandbox.ok("config", "method") == "Money\n")
    #expect(try sandbox.ok("config").contains("card           HDFC Card\n"))
    // An old name sets a setting to the current one.
    #expect(try sandbox.ok("config", "method", "credit card") == "method set to HDFC Card\n")
  }

  @Test func oldNamesWorkWhereANameIsAccepted() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    #expect(try sandbox.ok("categories", "rename", "Food", "Meals") == "renamed category Food to Meals\n")
    #expect(try sandbox.ok("categories", "alias", "Food", "snacks") == "'snacks' now means category Meals\n")
    let taken = try sandbox.run(["categories", "alias", "Food", "Bills"])
    #expect(taken.status == 65)
    #expect(!taken.stderr.contains("not found"), "\(taken.stderr)")
    #expect(try sandbox.ids("--category", "food") == [1])
    #expect(try sandbox.ids("--category", "snacks") == [1])
    #expect(try sandbox.ids("--category", "chai") == [1])
    #expect(try sandbox.ok("add", "--yes", "--amount", "5", "--category", "Food").hasPrefix("saved #2 · -₹5.00 Meals"))
    #expect(try sandbox.ok("add", "--yes", "5", "cat:food").hasPrefix("saved #3 · -₹5.00 Meals"))
    #expect(try sandbox.ok("categories", "rename", "food", "Grub") == "renamed category Meals to Grub\n")
    #expect(try sandbox.ok("list").contains("Grub"))
    #expect(!(try sandbox.ok("list")).contains("Meals"))
    try sandbox.ok("methods", "rename", "UPI", "UPI Lite")
    #expect(try sandbox.ok("methods", "alias", "upi", "bhim") == "'bhim' now means payment method UPI Lite\n")
    #expect(try sandbox.ids("--method", "gpay") == [1])
    #expect(try sandbox.ids("--method", "UPI") == [1])
  }
}
