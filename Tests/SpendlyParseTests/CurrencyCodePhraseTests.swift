import SpendlyCore
import SpendlyParse
import Testing

/// Issue 25: a phrase reads any ISO 4217 code typed in capitals beside its amount (12.345 KWD,
/// BRL 50), the lower-case words of currencies.txt as before, and never takes a lower-case word
/// that is also a code (pen, top) or a capital word that names an account for a currency.
@Suite("Phrases: ISO 4217 codes beside an amount")
struct CurrencyCodePhraseTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!

  static func draft(_ phrase: String, accounts: [Account] = []) throws -> TransactionDraft {
    try PhraseParser(
      catalog: Catalog(categories: Category.defaults, methods: PaymentMethod.defaults, accounts: accounts)
    )
    .parse(phrase, now: now)
  }

  static func money(_ minor: Int64, _ code: String) -> Money {
    Money(minorUnits: minor, currency: Currency.named(code)!)
  }

  @Test(arguments: [
    ("12.345 KWD lunch", money(12_345, "KWD")), ("BRL 50 lunch", money(5_000, "BRL")),
    ("lunch 50 CHF", money(5_000, "CHF")), ("50 chf lunch", money(5_000, "CHF")),
    ("5000 UGX taxi", money(5_000, "UGX")), ("12.345KWD lunch", money(12_345, "KWD")),
    ("BRL50 lunch", money(5_000, "BRL")), ("pho 45,000 VND", money(45_000, "VND")),
    ("1.250 JOD coffee", money(1_250, "JOD")), ("50 eur lunch", money(5_000, "EUR")),
    ("₹420 lunch", money(42_000, "INR")),
  ])
  func aCodeInCapitalsIsTheAmountsCurrency(_ phrase: String, _ expected: Money) throws {
    let draft = try Self.draft(phrase)
    #expect(draft.amount == expected, "\(phrase)")
    #expect(draft.currency == expected.currency, "\(phrase)")
  }

  @Test func aLowerCaseWordThatIsACodeIsAWord() throws {
    let pen = try Self.draft("bought a pen 50")
    #expect(pen.amount == Self.money(5_000, "INR"))
    #expect(pen.note?.contains("pen") == true)
    let top = try Self.draft("top 250")
    #expect(top.amount == Self.money(25_000, "INR"))
  }

  @Test func aCapitalWordNamingAnAccountIsTheAccount() throws {
    let bob = Account(name: "BOB Savings", type: .savings, currency: .inr)
    let draft = try Self.draft("500 BOB savings lunch", accounts: [bob])
    #expect(draft.amount == Self.money(50_000, "INR"))
    #expect(draft.account == "BOB Savings")
  }

  @Test func tooManyDecimalsForTheCodeIsAnError() {
    #expect(throws: PhraseError.self) { try Self.draft("1.2345 KWD lunch") }
    #expect(throws: PhraseError.self) { try Self.draft("50.5 UGX taxi") }
  }

  @Test func aQuestionFiltersByACodeInCapitals() throws {
    let parser = QueryParser(entry: PhraseParser())
    #expect(try parser.parse("spent this month in KWD", now: Self.now).filter.currency == Currency.named("KWD"))
    #expect(try parser.parse("spent this month in chf", now: Self.now).filter.currency == Currency.named("CHF"))
    #expect(try parser.parse("spent this month", now: Self.now).filter.currency == nil)
  }
}
