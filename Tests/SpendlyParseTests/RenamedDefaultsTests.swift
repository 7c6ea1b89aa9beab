import SpendlyCore
import SpendlyParse
import Testing

/// What a phrase leaves out is filled with the defaults under their current names.
@Suite("Parser defaults after a rename")
struct RenamedDefaultsTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!

  @Test func renamedDefaultsShowTheirNewNames() throws {
    var categories = Category.defaults
    categories[categories.count - 1] = Category(
      name: "Misc income", side: .income, aliases: ["Other income"], builtin: true)
    categories[10] = Category(name: "Misc", side: .expense, aliases: ["Other"], builtin: true)
    var methods = PaymentMethod.defaults
    methods[0] = PaymentMethod(name: "Money", aliases: ["Cash"], builtin: true)
    methods[4] = PaymentMethod(name: "NEFT", aliases: ["Bank Transfer"], builtin: true)
    let parser = PhraseParser(catalog: Catalog(categories: categories, methods: methods))
    let income = try parser.parse("+500 lunch", now: Self.now)
    #expect(income.category == "Misc income")
    #expect(income.method == "NEFT")
    let expense = try parser.parse("500", now: Self.now)
    #expect(expense.category == "Misc")
    #expect(expense.method == "Money")
  }
}
