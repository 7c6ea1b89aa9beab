import SpendlyCore
import Testing

@Suite("Money")
struct MoneyTests {
  @Test func addsAndSubtracts() throws {
    let a = Money(minorUnits: 42_000, currency: .inr)
    let b = Money(minorUnits: 8_000, currency: .inr)
    #expect(try a.adding(b) == Money(minorUnits: 50_000, currency: .inr))
    #expect(try a.subtracting(b) == Money(minorUnits: 34_000, currency: .inr))
    #expect(a.negated.minorUnits == -42_000)
  }

  @Test func overflowThrowsInsteadOfTrapping() {
    let max = Money(minorUnits: .max, currency: .inr)
    let min = Money(minorUnits: .min, currency: .inr)
    let one = Money(minorUnits: 1, currency: .inr)
    #expect(throws: MoneyError.overflow) { try max.adding(one) }
    #expect(throws: MoneyError.overflow) { try min.subtracting(one) }
    #expect(throws: MoneyError.overflow) { try max.subtracting(one.negated) }
    #expect(throws: MoneyError.overflow) { try one.subtracting(min) }
  }

  @Test func currenciesAreNeverMixed() {
    let rupees = Money(minorUnits: 100, currency: .inr)
    let dollars = Money(minorUnits: 100, currency: .usd)
    #expect(throws: MoneyError.currencyMismatch("INR", "USD")) { try rupees.adding(dollars) }
    #expect(throws: MoneyError.currencyMismatch("USD", "INR")) { try dollars.subtracting(rupees) }
  }

  @Test func currencyTable() {
    #expect(Currency.named("inr") == .inr)
    #expect(Currency.named("XYZ") == nil)
    #expect(Currency.jpy.minorPerMajor == 1)
    #expect(Currency.bhd.minorPerMajor == 1_000)
    for code in ["INR", "USD", "EUR", "GBP", "AED", "SGD", "JPY"] {
      #expect(Currency.named(code) != nil, "missing \(code)")
    }
    #expect(Set(Currency.all.map(\.code)).count == Currency.all.count)
  }
}
