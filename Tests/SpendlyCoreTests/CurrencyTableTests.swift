import SpendlyCore
import Testing

/// Issue 25: every active ISO 4217 currency is known with its exponent, amounts of each print
/// and read exactly, and the currencies Spendly had keep their symbols.
@Suite("Currencies: the ISO 4217 table")
struct CurrencyTableTests {
  @Test(arguments: [
    ("BRL", 2), ("CHF", 2), ("ZAR", 2), ("SEK", 2), ("MXN", 2), ("KWD", 3), ("BHD", 3), ("JOD", 3), ("OMR", 3),
    ("TND", 3), ("IQD", 3), ("LYD", 3), ("JPY", 0), ("KRW", 0), ("CLP", 0), ("ISK", 0), ("VND", 0), ("UGX", 0),
    ("XOF", 0), ("PYG", 0), ("CLF", 4), ("UYW", 4),
  ])
  func everyCodeHasItsExponent(_ code: String, _ exponent: Int) throws {
    let currency = try #require(Currency.named(code), "\(code) is unknown")
    #expect(currency.exponent == exponent)
    #expect(Currency.named(code.lowercased()) == currency)
    #expect(currency.isKnown)
  }

  @Test func theTableIsWholeAndEachCodeOnce() {
    #expect(Currency.all.count >= 160)
    #expect(Set(Currency.all.map(\.code)).count == Currency.all.count)
    #expect(Currency.all.allSatisfy { $0.code.utf8.count == 3 && $0.code.utf8.allSatisfy { $0 &- 0x41 < 26 } })
    #expect(Currency.all.allSatisfy { (0...4).contains($0.exponent) && !$0.name.isEmpty })
    // Withdrawn codes are not active ones.
    for withdrawn in ["HRK", "SLL", "ZWL", "VEF", "MRO", "XAU", "XXX"] {
      #expect(Currency.named(withdrawn) == nil, "\(withdrawn)")
    }
  }

  @Test func theCurrenciesSpendlyHadKeepTheirSymbolsAndComeFirst() {
    let symbols = [
      ("INR", "₹"), ("USD", "$"), ("EUR", "€"), ("GBP", "£"), ("SGD", "S$"), ("JPY", "¥"), ("BHD", "BD "),
      ("KWD", "KD "), ("KRW", "₩"), ("THB", "฿"),
    ]
    for (code, symbol) in symbols { #expect(Currency.named(code)?.symbol == symbol, "\(code)") }
    #expect(Array(Currency.all.prefix(4)) == [.inr, .usd, .eur, .gbp])
    #expect(Currency.named("BRL")?.symbol == "BRL ")
  }

  @Test func amountsOfEveryExponentPrintExactly() throws {
    let kwd = try #require(Currency.named("KWD"))
    let ugx = try #require(Currency.named("UGX"))
    let brl = try #require(Currency.named("BRL"))
    let clf = try #require(Currency.named("CLF"))
    #expect(MoneyFormat.string(Money(minorUnits: 1_250, currency: kwd)) == "KD 1.250")
    #expect(MoneyFormat.string(Money(minorUnits: -12_345, currency: kwd)) == "-KD 12.345")
    #expect(MoneyFormat.string(Money(minorUnits: 5_000_000, currency: ugx)) == "UGX 5,000,000")
    #expect(MoneyFormat.string(Money(minorUnits: 123_456, currency: brl), signed: true) == "+BRL 1,234.56")
    #expect(MoneyFormat.string(Money(minorUnits: 10_001, currency: clf)) == "CLF 1.0001")
    #expect(Money(minorUnits: 1_250, currency: kwd).decimalString == "1.250")
    #expect(Money(minorUnits: 5_000, currency: ugx).decimalString == "5000")
  }

  @Test func theAmountReaderTakesEveryCode() throws {
    let kwd = try #require(Currency.named("KWD"))
    let brl = try #require(Currency.named("BRL"))
    let vnd = try #require(Currency.named("VND"))
    #expect(
      try AmountReader.read("12.345 KWD", style: .entry, currency: .inr).money
        == Money(minorUnits: 12_345, currency: kwd))
    #expect(
      try AmountReader.read("BRL 50", style: .entry, currency: .inr).money == Money(minorUnits: 5_000, currency: brl))
    #expect(
      try AmountReader.read("25,000 VND", style: .entry, currency: .inr).money
        == Money(minorUnits: 25_000, currency: vnd))
    #expect(throws: MoneyError.self) { try AmountReader.read("1.5 VND", style: .entry, currency: .inr) }
    #expect(throws: MoneyError.self) { try AmountReader.read("1.2345 KWD", style: .entry, currency: .inr) }
  }

  @Test func anUnknownCodeIsRefusedInOneLine() {
    #expect(Currency.named("XYZ") == nil)
    let message = MoneyError.unknownCurrency("XYZ").description
    #expect(message == "unknown currency 'XYZ' (expected an ISO 4217 code, like INR, USD or EUR)")
  }
}
