import SpendlyCore
import Testing

@Suite("MoneyFormat")
struct MoneyFormatTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let minor: Int64
    let currency: Currency
    let text: String
    var testDescription: String { "\(minor) \(currency.code) → \(text)" }
  }

  static let rows: [Row] = [
    .init(minor: 15_000_000, currency: .inr, text: "₹1,50,000.00"),
    .init(minor: 1_234_567_890, currency: .inr, text: "₹1,23,45,678.90"),
    .init(minor: 10_000_000_000, currency: .inr, text: "₹10,00,00,000.00"),
    .init(minor: 100_000, currency: .inr, text: "₹1,000.00"),
    .init(minor: 99_999, currency: .inr, text: "₹999.99"),
    .init(minor: 5, currency: .inr, text: "₹0.05"),
    .init(minor: 0, currency: .inr, text: "₹0.00"),
    .init(minor: 123_456, currency: .usd, text: "$1,234.56"),
    .init(minor: 123_456_789, currency: .usd, text: "$1,234,567.89"),
    .init(minor: 123_456, currency: .eur, text: "€1,234.56"),
    .init(minor: 1_235, currency: .jpy, text: "¥1,235"),
    .init(minor: 7, currency: .jpy, text: "¥7"),
    .init(minor: 1_234_567, currency: .bhd, text: "BD 1,234.567"),
    .init(minor: 5, currency: .bhd, text: "BD 0.005"),
    .init(minor: -42_000, currency: .inr, text: "-₹420.00"),
    .init(minor: Int64.max, currency: .inr, text: "₹92,23,37,20,36,85,47,758.07"),
    .init(minor: Int64.min, currency: .usd, text: "-$92,233,720,368,547,758.08"),
    .init(minor: 100_000_000, currency: .jpy, text: "¥100,000,000"),
  ]

  @Test(arguments: rows)
  func formats(_ row: Row) {
    #expect(MoneyFormat.string(Money(minorUnits: row.minor, currency: row.currency)) == row.text)
  }

  @Test func signedByKind() {
    #expect(MoneyFormat.signed(Money(minorUnits: 42_000, currency: .inr), kind: .expense) == "-₹420.00")
    #expect(MoneyFormat.signed(Money(minorUnits: 15_000_000, currency: .inr), kind: .income) == "+₹1,50,000.00")
    #expect(MoneyFormat.signed(Money(minorUnits: 1_235, currency: .jpy), kind: .expense) == "-¥1,235")
    #expect(MoneyFormat.string(Money(minorUnits: 0, currency: .inr), signed: true) == "₹0.00")
  }

  @Test func countsAreGroupedInThousands() {
    #expect(MoneyFormat.count(0) == "0")
    #expect(MoneyFormat.count(999) == "999")
    #expect(MoneyFormat.count(1_017) == "1,017")
    #expect(MoneyFormat.count(-1_234_567) == "-1,234,567")
    #expect(MoneyFormat.count(Int.min) == "-9,223,372,036,854,775,808")
  }

  @Test func ungroupedAndPlain() {
    #expect(MoneyFormat.string(Money(minorUnits: 15_000_000, currency: .inr), grouped: false) == "₹150000.00")
    #expect(Money(minorUnits: 42_000, currency: .inr).decimalString == "420.00")
    #expect(Money(minorUnits: 1_235, currency: .jpy).decimalString == "1235")
    #expect(Money(minorUnits: 12_345, currency: .bhd).decimalString == "12.345")
    #expect(Money(minorUnits: -5, currency: .usd).decimalString == "-0.05")
  }

  @Test(arguments: [Currency.inr, .usd, .jpy, .bhd], [Int64(1), 9, 10, 99, 12_345, 150_000_000])
  func formattedTextParsesBack(_ currency: Currency, _ minor: Int64) throws {
    let money = Money(minorUnits: minor, currency: currency)
    #expect(try AmountParser.parse(MoneyFormat.string(money), currency: .gbp) == money)
  }
}
