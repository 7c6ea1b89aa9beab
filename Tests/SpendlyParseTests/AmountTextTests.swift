import SpendlyCore
import SpendlyParse
import Testing

/// `PhraseParser.amount`, the amount reader of options and prompts, is the phrase's own.
@Suite("Amount text reads as a phrase's amount")
struct AmountTextTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!
  static var parser: PhraseParser { PhraseParser() }

  static func money(_ minor: Int64, _ currency: Currency = .inr) -> Money {
    Money(minorUnits: minor, currency: currency)
  }

  @Test(arguments: [
    ("1.5k", money(150_000)), ("₹1,250.50", money(125_050)), ("$45", money(4_500, .usd)), ("1.2L", money(12_000_000)),
    ("1.2l", money(12_000_000)), ("2 lakh", money(20_000_000)), ("1.5 cr", money(1_500_000_000)),
    ("50 eur", money(5_000, .eur)), ("rs 420", money(42_000)), ("Rs.420", money(42_000)),
    ("12.50$", money(1_250, .usd)),
    ("420", money(42_000)), ("1,50,000", money(15_000_000)), ("+2500", money(250_000)), (" 420 ", money(42_000)),
    ("¥1235", money(1_235, .jpy)),
  ])
  func amounts(_ text: String, _ expected: Money) throws {
    #expect(try Self.parser.amount(text, currency: .inr) == expected)
  }

  @Test func theGivenCurrencyIsTheDefault() throws {
    #expect(try Self.parser.amount("1.5k", currency: .usd) == Self.money(150_000, .usd))
    #expect(try Self.parser.amount("₹45", currency: .usd) == Self.money(4_500))
  }

  @Test(arguments: [
    ("12abc", "'12abc' is not a number"), ("-420", "'-420' is negative"), ("0", "more than zero"),
    ("12.345", "more than 2 decimal places for INR"), ("", "no amount"), ("420 food", "'420 food' is not a number"),
    ("420 500", "more than one number"), ("lunch", "'lunch' is not a number"),
    ("1,2,3", "misplaced thousands separators"),
  ])
  func refusals(_ text: String, _ message: String) {
    do {
      let money = try Self.parser.amount(text, currency: .inr)
      Issue.record("'\(text)' read as \(money)")
    } catch {
      #expect(error.message.hasPrefix("amount: "))
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  /// An option's amount is exactly the amount of a phrase that is only that amount: what the
  /// phrase reader learns (420/-, say) options learn too.
  @Test(arguments: [
    "1.5k", "₹1,250.50", "$45", "1.2L", "420/-", "₹420/-", "2 lakh", "50 eur", "15 €", "inr 420", "1.2k", "12.50$",
    "s$20", "99999999999999999999", "1,50,000.5", "1.5 k", "2 l", "rs", "k", ".5", "420.",
  ])
  func sameAsAPhrase(_ text: String) throws {
    let option = try? Self.parser.amount(text, currency: .inr)
    let draft = try? Self.parser.parse(text, now: Self.now)
    let phrase = draft.flatMap { $0.note == nil && $0.missing.isEmpty ? $0.amount : nil }
    #expect(option == phrase, "option \(String(describing: option)), phrase \(String(describing: draft))")
  }
}
