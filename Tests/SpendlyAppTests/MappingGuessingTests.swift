import SpendlyApp
import SpendlyInterchange
import Testing

/// `import --guess`, called directly: a bank CSV's mapping guessed with its reasons; a file of
/// another kind, an empty one and one that is no CSV are refused, saying which.
@Suite("MappingGuessing: a bank CSV's mapping, or why there is none")
struct MappingGuessingTests {
  @Test func aBankCSVGetsAMappingWithItsReasons() throws {
    let world = try WorkflowWorld()
    let path = try world.file(
      "bank.csv",
      """
      Txn Date,Description,Debit,Credit,Balance
      01/11/2026,SWIGGY ORDER,420.00,,9580.00
      02/11/2026,SALARY NOV,,50000.00,59580.00

      """)
    let guess = try MappingGuessing(path: path).run()
    #expect(guess.mapping.text.contains("date = Txn Date"), "\(guess.text)")
    #expect(!guess.reasons.isEmpty)
    #expect(guess.text.hasPrefix("# Spendly bank CSV mapping"), "\(guess.text)")
  }

  @Test func otherFilesAreRefusedSayingWhatTheyAre() throws {
    let world = try WorkflowWorld()
    let ofx = try world.file("s.ofx", "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>\n")
    #expect(throws: MappingGuessing.Refusal.notBankCSV(file: "s.ofx", format: .ofx)) {
      try MappingGuessing(path: ofx).run()
    }
    let empty = try world.file("empty.csv", "")
    #expect(throws: MappingGuessing.Refusal.empty(file: "empty.csv")) { try MappingGuessing(path: empty).run() }
    let missing = world.path("missing.csv")
    #expect(throws: MappingGuessing.Refusal.cannotRead(path: missing)) { try MappingGuessing(path: missing).run() }
  }
}
