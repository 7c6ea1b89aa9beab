import SpendlyCore
import Testing

/// The built-in default names are looked up in the catalog, so a rename is followed.
@Suite("Catalog defaults after a rename")
struct CatalogDefaultsTests {
  /// The defaults with "Other income" renamed to "Misc income", "Other" to "Misc" and Cash to
  /// Money, each old name kept as an alias (as the store does).
  static let renamed: Catalog = {
    var categories = Category.defaults
    categories[categories.firstIndex { $0.name == "Other income" }!] = Category(
      name: "Misc income", side: .income, aliases: ["Other income"], builtin: true)
    categories[categories.firstIndex { $0.name == "Other" }!] = Category(
      name: "Misc", side: .expense, aliases: ["Other"], builtin: true)
    var methods = PaymentMethod.defaults
    methods[0] = PaymentMethod(name: "Money", aliases: ["Cash"], builtin: true)
    return Catalog(categories: categories, methods: methods)
  }()

  @Test func fallbackCategoryFollowsARename() {
    #expect(Catalog.defaults.fallbackCategory(for: .expense) == "Other")
    #expect(Catalog.defaults.fallbackCategory(for: .income) == "Other income")
    #expect(Self.renamed.fallbackCategory(for: .expense) == "Misc")
    #expect(Self.renamed.fallbackCategory(for: .income) == "Misc income")
  }

  @Test func methodSettingsFollowARename() {
    #expect(Self.renamed.methodName("Cash", fallback: "Cash") == "Money")
    #expect(Self.renamed.methodName("cash", fallback: "Cash") == "Money")
    #expect(Self.renamed.methodName(nil, fallback: "Cash") == "Money")
    #expect(Self.renamed.methodName("Paypal", fallback: "Cash") == "Money")
    #expect(Self.renamed.methodName("upi", fallback: "Cash") == "UPI")
    #expect(Catalog.defaults.methodName(nil, fallback: "Bank Transfer") == "Bank Transfer")
  }
}
