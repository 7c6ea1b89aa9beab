import Foundation
import SpendlyCore
import Testing

@testable import SpendlyInterchange

/// Issue 25: CAMT's exchange (AmtDtls … CcyXchg/XchgRate) is each row's rate and foreign amount,
/// an OFX in any ISO 4217 currency reads, and a placeholder reference cell is no reference.
@Suite("Statements: exchange rates, every currency, placeholder references")
struct ExchangeAndReferenceTests {
  static func read(_ name: String, mapping: String? = nil) throws -> [Statement] {
    let path = StatementFormatTests.folder + "/" + name
    var options = StatementFile.Options(currency: .inr)
    if let mapping { options.mapping = try BankCSVMapping(text: mapping) }
    return try StatementFile.read([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), options: options).1
  }

  @Test func camtKeepsTheExchangeRateOfEachEntry() throws {
    let statement = try #require(try Self.read("eur-travel-nov.camt.xml").first)
    #expect(statement.currency == .eur)
    let rows = statement.rows
    #expect(rows.map(\.amount) == [-4_600, -2_378, -1_840, 10_000, -920])
    // UnitCcy USD: 0.92 euro a dollar, as written (its trailing zeros dropped).
    #expect(rows[0].rate == ExchangeRate("0.92"))
    #expect(rows[0].foreign == Money(minorUnits: 5_000, currency: .usd))
    // The entry's own AmtDtls, TxAmt in francs, the rate per euro: the row's rate is its inverse.
    #expect(rows[1].rate == ExchangeRate("0.951203"))
    #expect(rows[1].foreign == Money(minorUnits: 2_500, currency: try #require(Currency.named("CHF"))))
    // Only the exchange: the yen amount is worked out from the rate (18.40 × 163.04 = 2,999.94).
    #expect(rows[2].rate == ExchangeRate("0.00613346"))
    #expect(rows[2].foreign == Money(minorUnits: 3_000, currency: .jpy))
    #expect(rows[3].rate == nil && rows[3].foreign == nil)
    // Neither UnitCcy nor SrcCcy: £8.00 × 1.15 is the entry's €9.20, so 1.15 is euros a pound.
    #expect(rows[4].rate == ExchangeRate("1.15"))
    #expect(rows[4].foreign == Money(minorUnits: 800, currency: .gbp))
    #expect(statement.openingBalance?.minorUnits == 100_000 && statement.ledgerBalance?.minorUnits == 100_262)
  }

  @Test func theInverseOfARateKeepsSixFigures() throws {
    #expect(CAMTExchange.Rate(text: "1.0513")?.inverse?.text == "0.951203")
    #expect(CAMTExchange.Rate(text: "163.04")?.inverse?.text == "0.00613346")
    #expect(CAMTExchange.Rate(text: "0.0125")?.inverse?.text == "80")
    #expect(CAMTExchange.Rate(text: "0.000") == nil)
    #expect(CAMTExchange.Rate(text: "1234567890.12345") == nil, "more digits than ISO 20022 allows")
  }

  @Test func anOFXInBrazilianRealsReads() throws {
    let statement = try #require(try Self.read("brl-checking-nov.ofx").first)
    let brl = try #require(Currency.named("BRL"))
    #expect(statement.currency == brl)
    #expect(statement.rows.map(\.amount) == [850_000, -12_345, -10_864])
    #expect(statement.rows[2].foreign == Money(minorUnits: 2_000, currency: .usd))
    #expect(statement.rows[2].rate == ExchangeRate("5.4321"))
    #expect(statement.ledgerBalance?.minorUnits == 926_791)
  }

  @Test(
    arguments: [
      ("-", nil), ("--", nil), (" - ", nil), ("—", nil), ("...", nil), ("NA", nil), ("n/a", nil), ("N/A", nil),
      ("N.A.", nil), ("0000000000000000", nil), ("", nil), ("   ", nil), ("ACT7781203", "ACT7781203"),
      (" SW001 ", "SW001"), ("N319262345678901", "N319262345678901"), ("-12", "-12"), ("NAB-77", "NAB-77"),
      ("0", nil), ("100", "100"), ("NOTPROVIDED", nil),
    ] as [(String, String?)])
  func aPlaceholderReferenceIsNone(_ text: String, _ expected: String?) {
    #expect(StatementValues.reference(text) == expected, "'\(text)'")
  }

  @Test func aBankCSVsDashReferenceIsNoReference() throws {
    let rules = try String(contentsOfFile: StatementFormatTests.folder + "/placeholder-refs.rules", encoding: .utf8)
    let rows = try #require(try Self.read("placeholder-refs.csv", mapping: rules).first).rows
    #expect(rows.map(\.reference) == [nil, nil, nil, nil, nil, "ACT7781203"])
    #expect(rows.map(\.amount) == [-6_000, -45_000, 200_000, -121_000, -31_550, -117_882])
  }
}
