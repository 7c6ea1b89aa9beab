import Foundation
import SpendlyTestSupport
import Testing

/// Every `--amount` reads amounts exactly as phrases do.
@Suite("spendly --amount reads amounts as phrases do")
struct AmountOptionTests {
  @Test(arguments: [
    ("1.5k", "-₹1,500.00"), ("₹1,250.50", "-₹1,250.50"), ("$45", "-$45.00"), ("1.2L", "-₹1,20,000.00"),
    ("2 lakh", "-₹2,00,000.00"), ("50 eur", "-€50.00"), ("rs 425", "-₹425.00"), ("12.50$", "-$12.50"),
    ("1,50,000", "-₹1,50,000.00"),
  ])
  func editAndAdd(_ text: String, _ shown: String) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let edited = try sandbox.ok("edit", "1", "--amount", text)
    #expect(edited.hasPrefix("updated:\n  #1  expense  \(shown)\n"), "\(edited)")
    #expect(try sandbox.ok("add", "--amount", text, "--yes").hasPrefix("saved #2 · \(shown) Other"))
  }

  @Test func theStoredCurrencyIsTheDefault() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "--amount", "$10")
    #expect(try sandbox.ok("edit", "1", "--amount", "1.5k").hasPrefix("updated:\n  #1  expense  -$1,500.00\n"))
    #expect(try sandbox.ok("add", "--yes", "--amount", "1.5k", "--currency", "eur").hasPrefix("saved #2 · -€1,500.00"))
  }

  @Test(arguments: [
    ("12abc", "spendly: amount: '12abc' is not a number (example: 420 or 1,250.50)"),
    ("420 lunch", "spendly: amount: '420 lunch' is not a number (example: 420 or 1,250.50)"),
    ("420 500", "spendly: amount: '420 500' holds more than one number; give one"),
    ("-5", "spendly: amount: '-5' is negative; amounts are positive and the kind (expense or income) gives the sign"),
    ("1.5kk", "spendly: amount: '1.5kk' is not a number (example: 420 or 1,250.50)"),
  ])
  func refusedWithOneLine(_ text: String, _ message: String) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let before = try sandbox.databaseBytes()
    let result = try sandbox.run(["edit", "1", "--amount", text])
    #expect(result.status == 65)
    #expect(result.stderr == message + "\n")
    #expect(try sandbox.databaseBytes() == before)
  }
}
