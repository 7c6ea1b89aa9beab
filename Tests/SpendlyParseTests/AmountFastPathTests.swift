import SpendlyCore
import Testing

@testable import SpendlyParse

/// The phrase parser reads a token's digits with `AmountReader.number` straight from its bytes;
/// whatever it answers must be what the whole reader answers for the same text (phrases and
/// typed amounts differ only by multipliers, which the phrase reads from its own words).
@Suite("Amount fast path")
struct AmountFastPathTests {
  static func fast(_ text: String, exponent: Int, multiplier: Int64) -> Int64? {
    try? AmountReader.number(Substring(text).utf8, style: .phrase, exponent: exponent, multiplier: multiplier)
  }

  @Test func agreesWithTheWholeReaderOnRandomNumbers() {
    var random = SplitMix64(seed: 99)
    let alphabet: [Character] = ["0", "1", "2", "5", "9", "0", "3", ",", ".", ","]
    var answered = 0
    for _ in 0..<50_000 {
      var text = ""
      for _ in 0..<(1 + random.below(12)) { text.append(random.pick(alphabet)) }
      let currency = random.pick([Currency.inr, .jpy, .bhd, .usd])
      let multiplier = random.pick([1, 1_000, 100_000, 10_000_000] as [Int64])
      let fast = Self.fast(text, exponent: currency.exponent, multiplier: multiplier)
      let slow = try? AmountParser.parse(text, currency: currency, multiplier: multiplier)
      #expect(slow?.minorUnits == fast, "\(text) \(currency.code) ×\(multiplier)")
      if slow?.minorUnits != fast { return }
      if fast != nil { answered += 1 }
    }
    #expect(answered > 5_000)
  }

  @Test(arguments: [
    ("420", 42_000 as Int64), ("1,250.50", 125_050), ("1,50,000", 15_000_000), ("12,34,567.89", 123_456_789),
    ("1,234,567", 123_456_700), (".5", 50), ("0.01", 1), ("1.", 100), ("12.340", 1_234),
  ])
  func readsCommonAmounts(_ text: String, _ minor: Int64) {
    #expect(Self.fast(text, exponent: 2, multiplier: 1) == minor)
  }

  @Test(arguments: [
    ("0", AmountReader.Failure.zero), ("0.00", .zero), ("1,2,3", .badGrouping), ("1,25,0", .badGrouping),
    ("0,500", .badGrouping), ("12.345", .tooManyDecimals), (".", .notANumber), ("1..2", .notANumber),
    ("1,", .badGrouping), ("9999999999999999", .tooLarge),
  ])
  func refusesTheRestWithItsReason(_ text: String, _ reason: AmountReader.Failure) {
    #expect(throws: reason) { try AmountReader.number(Substring(text).utf8, style: .phrase, exponent: 2) }
  }
}
