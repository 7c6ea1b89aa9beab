import SpendlyCore
import Testing

@testable import SpendlyParse

/// The parser reads plain amounts itself (no allocation) and hands anything else to
/// AmountParser; whenever the fast path gives an answer it must be AmountParser's answer.
@Suite("Amount fast path")
struct AmountFastPathTests {
  @Test func agreesWithAmountParserOnRandomNumbers() {
    var random = SplitMix64(seed: 99)
    let alphabet: [Character] = ["0", "1", "2", "5", "9", "0", "3", ",", ".", ","]
    var answered = 0
    for _ in 0..<50_000 {
      var text = ""
      for _ in 0..<(1 + random.below(12)) { text.append(random.pick(alphabet)) }
      let currency = random.pick([Currency.inr, .jpy, .bhd, .usd])
      let multiplier = random.pick([1, 1_000, 100_000, 10_000_000] as [Int64])
      guard let fast = PhraseRun.plainMinorUnits(text.utf8, exponent: currency.exponent, multiplier: multiplier)
      else { continue }
      answered += 1
      let slow = try? AmountParser.parse(text, currency: currency, multiplier: multiplier)
      #expect(slow?.minorUnits == fast, "\(text) \(currency.code) ×\(multiplier)")
      if slow?.minorUnits != fast { return }
    }
    #expect(answered > 5_000)
  }

  @Test(arguments: [
    ("420", 42_000 as Int64), ("1,250.50", 125_050), ("1,50,000", 15_000_000), ("12,34,567.89", 123_456_789),
    ("1,234,567", 123_456_700), (".5", 50), ("0.01", 1),
  ])
  func readsCommonAmounts(_ text: String, _ minor: Int64) {
    #expect(PhraseRun.plainMinorUnits(text.utf8, exponent: 2, multiplier: 1) == minor)
  }

  @Test(arguments: ["0", "0.00", "1,2,3", "1,25,0", "0,500", "12.345", "1.", ".", "1..2", "1,", "9999999999999999"])
  func leavesTheRestToAmountParser(_ text: String) {
    #expect(PhraseRun.plainMinorUnits(text.utf8, exponent: 2, multiplier: 1) == nil)
  }
}
