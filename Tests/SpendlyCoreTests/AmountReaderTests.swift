import SpendlyCore
import Testing

/// `AmountReader` in each style: what a style allows reads, and what it does not is refused
/// with the one wording.
@Suite("AmountReader styles")
struct AmountReaderTests {
  static func minor(_ text: String, _ style: AmountStyle, _ currency: Currency = .inr) -> Int64? {
    try? AmountReader.read(text, style: style, currency: currency).minorUnits
  }

  @Test func crIsACreditInABalanceAndCroreInAPhrase() {
    #expect(Self.minor("52,080.00 Cr", .balance) == 5_208_000)
    #expect(Self.minor("52,080.00 Dr", .balance) == -5_208_000)
    #expect(Self.minor("52,080.00 CR", .balance) == 5_208_000)
    #expect(Self.minor("5.2 cr", .phrase) == 5_200_000_000)
    #expect(Self.minor("1.5k", .balance) == nil)
    #expect(Self.minor("1.5k", .phrase) == 150_000)
    #expect(Self.minor("2 lakh", .phrase) == 20_000_000)
    #expect(Self.minor("2 l", .phrase) == nil, "a one-letter multiplier touches the digits")
  }

  @Test func statementsTakeEverySignFormAndGrouping() {
    for text in ["-1,234.56", "−1,234.56", "(1,234.56)", "1,234.56-", "-1 234.56", "-1'234.56", "-12,34.56"] {
      #expect(Self.minor(text, .statement()) == -123_456, "\(text)")
    }
    #expect(Self.minor("1.234,56", .statement(decimalComma: true)) == 123_456)
    #expect(Self.minor("1'234,56", .statement(decimalComma: true, thousands: "'")) == 123_456)
    #expect(Self.minor("0.00", .statement()) == 0)
    #expect(Self.minor("12.3400", .statement()) == 1_234)
    #expect(Self.minor("12.345", .statement()) == nil)
    #expect(Self.minor("₹12", .statement()) == nil, "statements carry no symbols")
    #expect(Self.minor("₹1,200.00 DR", .bankCSV()) == -120_000)
    #expect(Self.minor("1200 INR", .bankCSV()) == 120_000)
  }

  @Test func entryRefusesASignAndZeroWithTheOneWording() {
    #expect(throws: MoneyError.negative("-420")) { try AmountReader.read("-420", style: .entry, currency: .inr) }
    #expect(throws: MoneyError.zero) { try AmountReader.read("0.00", style: .entry, currency: .inr) }
    #expect(throws: MoneyError.tooManyDecimals("0.001", currency: "INR", allowed: 2)) {
      try AmountReader.read("0.001", style: .entry, currency: .inr)
    }
    #expect(throws: MoneyError.tooLarge("1000000000000")) {
      try AmountReader.read("1000000000000", style: .entry, currency: .inr)
    }
    #expect(throws: MoneyError.notANumber("12abc")) { try AmountReader.read("12abc", style: .entry, currency: .inr) }
  }

  /// Two sign marks on one number are refused, never cancelled out or dropped.
  @Test func twoSignsAreRefused() {
    for text in ["-52,080.00 Cr", "(-100)", "-100 Dr", "−12.50 CR", "(52,080.00 Cr)"] {
      #expect(throws: MoneyError.signedTwice(text), "\(text)") {
        try AmountReader.read(text, style: .balance, currency: .inr)
      }
    }
    #expect(Self.minor("(100)", .balance) == -10_000)
    #expect(Self.minor("100 Dr", .balance) == -10_000)
    #expect(Self.minor("-100", .balance) == -10_000)
  }

  /// A number past Int64 in its fraction or whole part is an error, never a trap.
  @Test func numbersPastInt64AreErrors() {
    for (text, error) in [
      ("92233720368547758.08", MoneyError.tooLarge("92233720368547758.08")),
      ("922337203685477580.8", .tooLarge("922337203685477580.8")),
      ("999999999999999999.9", .tooLarge("999999999999999999.9")),
    ] {
      #expect(throws: error, "\(text)") { try AmountReader.read(text, style: .phrase, currency: .inr) }
    }
    #expect(throws: MoneyError.self) { try AmountReader.read("0.1234567890123456789", style: .phrase, currency: .inr) }
  }

  @Test func aSignColumnWinsOverTheText() throws {
    #expect(try AmountReader.read("420", style: .bankCSV(), currency: .inr, side: .debit).minorUnits == -42_000)
    #expect(try AmountReader.read("-420", style: .bankCSV(), currency: .inr, side: .credit).minorUnits == 42_000)
  }

  @Test func decimalNumbersReadAsBefore() {
    let cases: [(String, DecimalNumber?)] = [
      ("10.5", DecimalNumber(units: 105, scale: 1)), ("10.50", DecimalNumber(units: 1_050, scale: 2)),
      ("36", DecimalNumber(units: 36, scale: 0)), (".5", DecimalNumber(units: 5, scale: 1)),
      ("0", DecimalNumber(units: 0, scale: 0)), ("1234567.123456", DecimalNumber(units: 1_234_567_123_456, scale: 6)),
      ("5.", nil), (".", nil), ("", nil), ("12345678", nil), ("1.1234567", nil), ("-1", nil), ("1,000", nil),
      ("1.2.3", nil), ("+1", nil), ("1e3", nil),
    ]
    for (text, expected) in cases { #expect(DecimalNumber(text: text) == expected, "\(text)") }
  }
}
