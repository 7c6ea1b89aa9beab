import SpendlyCore
import Testing

/// A reference and its ordinal are one value, stored as "ref" or "ref#2".
@Suite("External references")
struct ExternalReferenceTests {
  @Test func theOrdinalFormIsWrittenAndReadOnce() {
    #expect(ExternalReference("TXN-9", ordinal: 2).stored == "TXN-9#2")
    #expect(ExternalReference("TXN-9").stored == "TXN-9")
    #expect(ExternalReference(stored: "TXN-9#3") == ExternalReference("TXN-9", ordinal: 3))
    #expect(ExternalReference(stored: "TXN-9").ordinal == 1)
    // A reference that merely holds a '#' is the bank's own.
    #expect(ExternalReference(stored: "INV#A1") == ExternalReference("INV#A1"))
    #expect(ExternalReference(stored: "a#b#2") == ExternalReference("a#b#2"))
    #expect(ExternalReference(stored: "#2") == ExternalReference("#2"))
  }
}
