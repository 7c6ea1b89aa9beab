import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

/// A note may hold line breaks and tabs: stored, exported quoted, read back, and shown on the
/// terminal as ⏎ and ⇥; any other control character is refused, written out in the error.
@Suite("Notes with line breaks")
struct NoteLineBreakTests {
  @Test func theValidatorKeepsBreaksAndTabsInANoteOnly() throws {
    let catalog = Catalog.defaults
    var fields = TransactionFields(
      kind: .expense, amount: Money(minorUnits: 100, currency: .inr), category: "Food", method: "Cash",
      note: "\r\n a\r\nb\tc \n", date: LocalDate(year: 2026, month: 12, day: 3)!)
    #expect(try Validator.validate(fields, catalog: catalog).note == "a\nb\tc")
    fields.merchant = "Shop\nTwo"
    #expect(throws: ValidationError.self) { try Validator.validate(fields, catalog: catalog) }
    fields.merchant = nil
    fields.note = "bell\u{7}ring"
    do {
      _ = try Validator.validate(fields, catalog: catalog)
      Issue.record("a bell is refused")
    } catch {
      #expect(error.description == "note 'bell\\u{7}ring': contains control characters")
    }
    #expect(TextSanitizer.oneLine("a\nb\r\nc\td\u{1B}[31m") == "a⏎b⏎c⇥d")
  }

  @Test func aNoteWithBreaksRoundTripsThroughCSVAndShowsOnOneLine() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "420", "upi", "food", "--note", "line one\nline two\tend")
    let listed = try sandbox.ok("list")
    #expect(listed.contains("line one⏎line two⇥end"), "\(listed)")
    #expect(listed.split(separator: "\n").count == 2, "one row: \(listed)")
    let file = sandbox.directory + "/notes.csv"
    try sandbox.ok("export", "csv", file)
    let csv = try String(contentsOfFile: file, encoding: .utf8)
    #expect(csv.contains("\"line one\nline two\tend\""), "\(csv)")
    let other = try Sandbox()
    try other.ok("import", file)
    let json = try other.ok("--json", "list")
    #expect(json.contains("\"note\": \"line one\\nline two\\tend\""), "\(json)")
    let refused = try sandbox.run(["add", "--yes", "10", "cash", "food", "--note", "bell\u{7}ring"])
    #expect(refused.status == 65)
    #expect(refused.stderr == "spendly: note 'bell\\u{7}ring': contains control characters\n", "\(refused.stderr)")
  }
}
