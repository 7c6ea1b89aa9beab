import Testing

@testable import SpendlyCore

/// An exchange rate is a type with one check, written once; its text is kept byte for byte.
@Suite("Core: exchange rates")
struct ExchangeRateTests {
  @Test func theOneCheck() throws {
    for text in ["83.72", "84", "0.010769", "0083.7200"] {
      #expect(ExchangeRate(text)?.text == text, "\(text)")
    }
    for text in ["", ".5", "1.", "1.2.3", "1e5", "-2", "83,72", " 83.72", "８３"] {
      #expect(ExchangeRate(text) == nil, "\(text)")
    }
    #expect(throws: ValidationError(field: "rate", value: "1.2.3", reason: "must be a decimal like 83.72")) {
      try ExchangeRate.parse("1.2.3")
    }
    #expect(try ExchangeRate.parse("83.72").description == "83.72")
  }

  @Test func worksOutTheRateOfACharge() {
    let rupees = Money(minorUnits: 104_650, currency: .inr)
    let dollars = Money(minorUnits: 1_250, currency: .usd)
    #expect(ExchangeRate.between(rupees, per: dollars)?.text == "83.72")
    #expect(ExchangeRate.between(rupees, per: .zero(.usd)) == nil)
    #expect(ExchangeRate.between(Money(minorUnits: .max, currency: .inr), per: dollars) == nil)
  }
}
