import SpendlyCore
import SpendlyParse
import Testing

/// `PhraseParser.category(named:)` and `method(named:)`, the resolver of options and filters,
/// read names as `cat:` and `method:` in a phrase do.
@Suite("Names resolve as phrases read them")
struct NameResolverTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!
  static var parser: PhraseParser { PhraseParser() }

  static var renamed: PhraseParser {
    var categories = Category.defaults
    categories[0] = Category(name: "Meals", side: .expense, aliases: ["Food", "snacks"], builtin: true)
    var methods = PaymentMethod.defaults
    methods[1] = PaymentMethod(name: "UPI Lite", aliases: ["UPI", "bhim"], builtin: true)
    methods[2] = PaymentMethod(name: "HDFC Card", aliases: ["Credit Card"], builtin: true)
    return PhraseParser(
      catalog: Catalog(categories: categories, methods: methods), settings: ParseSettings(card: "Credit Card"))
  }

  @Test(arguments: [
    ("Food", "Food"), ("food", "Food"), ("FOOD", "Food"), ("chai", "Food"), ("Chai", "Food"), ("coffees", "Food"),
    ("lunch", "Food"), ("other income", "Other income"), ("uber", "Transport"), (" groceries ", "Groceries"),
  ])
  func categoriesAsPhrasesReadThem(_ text: String, _ expected: String) throws {
    #expect(Self.parser.category(named: text)?.name == expected)
    let value = text.trimmingSpaces()
    let draft = try Self.parser.parse("420 cat:" + (value.contains(" ") ? "\"\(value)\"" : value), now: Self.now)
    #expect(draft.category == expected)
  }

  @Test(arguments: [
    ("UPI", "UPI"), ("gpay", "UPI"), ("GPay", "UPI"), ("google pay", "UPI"), ("cc", "Credit Card"),
    ("card", "Credit Card"), ("credit card", "Credit Card"), ("neft", "Bank Transfer"), ("cash", "Cash"),
  ])
  func methodsAsPhrasesReadThem(_ text: String, _ expected: String) throws {
    #expect(Self.parser.method(named: text) == expected)
    #expect(try Self.parser.parse("420 \(text)", now: Self.now).method == expected)
  }

  @Test func oldNamesAliasesAndLexiconWordsAfterARename() {
    let parser = Self.renamed
    for word in ["Meals", "food", "snacks", "chai", "lunch"] { #expect(parser.category(named: word)?.name == "Meals") }
    for word in ["UPI Lite", "upi", "bhim", "gpay"] { #expect(parser.method(named: word) == "UPI Lite") }
    for word in ["HDFC Card", "credit card", "cc", "card"] { #expect(parser.method(named: word) == "HDFC Card") }
    #expect(parser.category(named: "Fo\u{200B}od") == nil)
    #expect(parser.method(named: "paypal") == nil)
  }
}
