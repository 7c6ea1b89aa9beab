import SpendlyCore
import Testing

@Suite("AmountParser")
struct AmountParserTests {
  struct Accepted: Sendable, CustomTestStringConvertible {
    let text: String
    let currency: Currency
    let minor: Int64
    let expected: Currency
    var testDescription: String { "\"\(text)\" (\(currency.code)) → \(minor) \(expected.code)" }
  }

  static let accepted: [Accepted] = [
    .init(text: "420", currency: .inr, minor: 42_000, expected: .inr),
    .init(text: "420.5", currency: .inr, minor: 42_050, expected: .inr),
    .init(text: "1,250.50", currency: .inr, minor: 125_050, expected: .inr),
    .init(text: "1,50,000", currency: .inr, minor: 15_000_000, expected: .inr),
    .init(text: "12,34,567.89", currency: .inr, minor: 123_456_789, expected: .inr),
    .init(text: "1,234,567", currency: .usd, minor: 123_456_700, expected: .usd),
    .init(text: "₹420", currency: .usd, minor: 42_000, expected: .inr),
    .init(text: "$12.50", currency: .inr, minor: 1_250, expected: .usd),
    .init(text: "€1,234.56", currency: .inr, minor: 123_456, expected: .eur),
    .init(text: "S$5", currency: .inr, minor: 500, expected: .sgd),
    .init(text: "12.345", currency: .bhd, minor: 12_345, expected: .bhd),
    .init(text: "1235", currency: .jpy, minor: 1_235, expected: .jpy),
    .init(text: "Rs 420", currency: .usd, minor: 42_000, expected: .inr),
    .init(text: "Rs.420", currency: .usd, minor: 42_000, expected: .inr),
    .init(text: "  420  ", currency: .inr, minor: 42_000, expected: .inr),
    .init(text: "12.340", currency: .inr, minor: 1_234, expected: .inr),
    .init(text: ".5", currency: .inr, minor: 50, expected: .inr),
    .init(text: "0.01", currency: .inr, minor: 1, expected: .inr),
    .init(text: "999999999999", currency: .inr, minor: 99_999_999_999_900, expected: .inr),
  ]

  @Test(arguments: accepted)
  func accepts(_ row: Accepted) throws {
    let money = try AmountParser.parse(row.text, currency: row.currency)
    #expect(money == Money(minorUnits: row.minor, currency: row.expected))
  }

  struct Rejected: Sendable, CustomTestStringConvertible {
    let text: String
    let currency: Currency
    let error: MoneyError
    var testDescription: String { "\"\(text)\" (\(currency.code)) → \(error)" }
  }

  static let rejected: [Rejected] = [
    .init(text: "12abc", currency: .inr, error: .notANumber("12abc")),
    .init(text: "12.345", currency: .inr, error: .tooManyDecimals("12.345", currency: "INR", allowed: 2)),
    .init(text: "1.5", currency: .jpy, error: .tooManyDecimals("1.5", currency: "JPY", allowed: 0)),
    .init(text: "12.3456", currency: .bhd, error: .tooManyDecimals("12.3456", currency: "BHD", allowed: 3)),
    .init(text: "-420", currency: .inr, error: .negative("-420")),
    .init(text: "0", currency: .inr, error: .zero),
    .init(text: "0.00", currency: .inr, error: .zero),
    .init(text: "1,2,3", currency: .inr, error: .badGrouping("1,2,3")),
    .init(text: "1234,567", currency: .inr, error: .badGrouping("1234,567")),
    .init(text: "99999999999999999999", currency: .inr, error: .tooLarge("99999999999999999999")),
    .init(text: "1000000000000", currency: .inr, error: .tooLarge("1000000000000")),
    .init(text: "", currency: .inr, error: .empty),
    .init(text: "   ", currency: .inr, error: .empty),
    .init(text: "12.3.4", currency: .inr, error: .notANumber("12.3.4")),
    .init(text: "1e5", currency: .inr, error: .notANumber("1e5")),
    .init(text: "₹", currency: .inr, error: .notANumber("₹")),
    .init(text: ".", currency: .inr, error: .notANumber(".")),
  ]

  @Test(arguments: rejected)
  func rejects(_ row: Rejected) {
    #expect(throws: row.error) { try AmountParser.parse(row.text, currency: row.currency) }
  }

  @Test func multiplierScalesExactly() throws {
    #expect(
      try AmountParser.parse("1.2", currency: .inr, multiplier: 1_000) == Money(minorUnits: 120_000, currency: .inr))
    #expect(try AmountParser.parse("1.005", currency: .inr, multiplier: 1_000).minorUnits == 100_500)
  }

  @Test func errorMessagesNameTheText() {
    #expect(MoneyError.notANumber("12abc").description.contains("'12abc'"))
    #expect(MoneyError.tooManyDecimals("1.5", currency: "JPY", allowed: 0).description.contains("JPY"))
    #expect(MoneyError.unknownCurrency("XYZ").description.contains("'XYZ'"))
  }
}
