import SpendlyCore
import SpendlyParse
import Testing

/// Issue 23: a person's names are one name in any case and any Unicode form (`NameKey`), in
/// phrases, schedules, debts, accounts, completion and text search alike.
@Suite("Names compare as NameKeys")
struct NameComparisonTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!
  /// "Café" typed three ways, and the same three decomposed (e + U+0301).
  static let cafes = ["Café", "CAFÉ", "café", "Cafe\u{301}", "CAFE\u{301}", "cafe\u{301}"]
  /// A Devanagari name typed two ways: "क़" as U+0958, and as क + nukta (U+0915 U+093C, its NFC).
  static let emails = ["\u{0958}िस्त", "\u{0915}\u{093C}िस्त"]

  static var parser: PhraseParser {
    var categories = Category.defaults
    categories.append(Category(name: "Café", side: .expense, aliases: ["\u{0958}िस्त"]))
    var methods = PaymentMethod.defaults
    methods.append(PaymentMethod(name: "Kärtchen", aliases: ["ई-मेल"]))
    let accounts = [
      Account(name: "Épargne", aliases: ["\u{0958}osh"], type: .savings, institution: "Société", currency: .inr)
    ]
    return PhraseParser(
      catalog: Catalog(categories: categories, methods: methods, accounts: accounts),
      settings: ParseSettings(debts: [(id: 7, name: "Café Loan")]))
  }

  @Test(arguments: cafes + emails)
  func aCategoryNameOrAliasInAnyCaseOrForm(_ word: String) throws {
    let parser = Self.parser
    #expect(parser.category(named: word)?.name == "Café")
    #expect(try parser.parse("420 cat:\(word)", now: Self.now).category == "Café")
    #expect(try parser.parse("420 \(word) lunch", now: Self.now).category == "Café")
  }

  @Test(arguments: ["Kärtchen", "KÄRTCHEN", "ka\u{308}rtchen", "ई-मेल"])
  func aMethodNameOrAliasInAnyCaseOrForm(_ word: String) throws {
    let parser = Self.parser
    #expect(parser.method(named: word) == "Kärtchen")
    #expect(try parser.parse("420 method:\(word)", now: Self.now).method == "Kärtchen")
  }

  @Test(arguments: ["Épargne", "ÉPARGNE", "e\u{301}pargne", "E\u{301}PARGNE", "société", "SOCIE\u{301}TE\u{301}"])
  func anAccountByNameOrInstitutionInAnyCaseOrForm(_ word: String) {
    #expect(Self.parser.account(named: word) == "Épargne")
  }

  @Test(arguments: ["CAFÉ LOAN", "cafe\u{301} loan", "Café loan"])
  func aDebtPaymentNamesItsDebtInAnyCaseOrForm(_ name: String) throws {
    let draft = try Self.parser.parse("paid 500 to \(name) emi", now: Self.now)
    #expect(draft.debtID == 7)
  }

  @Test func anotherNameIsNotTheName() throws {
    let parser = Self.parser
    #expect(parser.category(named: "Cafe")?.name != "Café")
    #expect(parser.account(named: "epargne") == nil)
    #expect(try parser.parse("paid 500 to cafe loan emi", now: Self.now).debtID == nil)
  }

  static func schedule(_ merchant: String?, category: String = "Food") -> Schedule {
    let fields = TransactionFields(
      kind: .expense, amount: Money(minorUnits: 49_900, currency: .inr), category: category, method: "UPI",
      merchant: merchant, date: LocalDate(iso: "2026-01-05")!)
    return Schedule(id: 1, fields: fields, cadence: .monthly)
  }

  @Test(arguments: cafes)
  func aScheduleIsNamedByAnEntryInAnyCaseOrForm(_ word: String) {
    let byMerchant = Self.schedule("Café")
    #expect(byMerchant.names(kind: .expense, currency: .inr, merchant: word, note: nil, category: "Food"))
    #expect(byMerchant.names(kind: .expense, currency: .inr, merchant: nil, note: "\(word) monthly", category: "Food"))
    #expect(!byMerchant.names(kind: .expense, currency: .inr, merchant: nil, note: "cafe monthly", category: "Food"))
    let byCategory = Self.schedule(nil, category: "Café")
    #expect(byCategory.names(kind: .expense, currency: .inr, merchant: nil, note: nil, category: word))
    #expect(!byCategory.names(kind: .expense, currency: .inr, merchant: nil, note: nil, category: "Cafe"))
  }

  @Test func aNearestNameIsFoundInAnyForm() {
    #expect(NearestNames.to("CAFE\u{301}S", among: ["Café", "Transport"]) == ["Café"])
  }

  @Test func textIsMentionedInAnyCaseOrForm() {
    for word in Self.cafes {
      #expect(TransactionFilter.mentions("Lunch at the CAFÉ", word))
      #expect(TransactionFilter.mentions("lunch at the cafe\u{301}", word))
    }
    #expect(!TransactionFilter.mentions("lunch at the cafe\u{301}", "cafe "))
    #expect(!TransactionFilter.mentions(nil, "café"))
  }
}
