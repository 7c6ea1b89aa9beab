import SpendlyParse
import Testing

/// A bank's payee cleaned of its noise keeps the signs that join a name ("Marks & Spencer"),
/// but not one left at an edge once the noise is gone.
@Suite("Parse: payees cleaned of bank noise")
struct PayeeCleanerTests {
  @Test(arguments: [
    ("UPI/SOCIAL/1234@okhdfc", "Social"),
    ("MARKS & SPENCER", "Marks & Spencer"),
    ("POS 4412 MARKS & SPENCER", "Marks & Spencer"),
    ("Tom & Jerry Cafe", "Tom & Jerry Cafe"),
    ("FISH + CHIPS", "Fish + Chips"),
    ("AT&T", "At&t"),
    ("& SONS", "Sons"),
    ("RAM & & SONS", "Ram & Sons"),
    ("UPI/AMAZON & 1234", "Amazon"),
  ])
  func joiningSignsStayBetweenWords(_ raw: String, _ cleaned: String) {
    #expect(PayeeCleaner.clean(raw) == cleaned, "\(raw)")
  }
}
