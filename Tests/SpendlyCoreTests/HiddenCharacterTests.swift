import SpendlyCore
import Testing

/// Zero-width characters and bidi controls: refused in names, dropped from stored and shown text.
@Suite("Hidden characters")
struct HiddenCharacterTests {
  static let hidden: [Unicode.Scalar] = [
    "\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
    "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{061C}",
  ]

  @Test(arguments: hidden)
  func everyOneIsHiddenAndDropped(_ scalar: Unicode.Scalar) {
    let text = "Fo" + String(Character(scalar)) + "od"
    #expect(TextSanitizer.isHidden(scalar))
    #expect(TextSanitizer.firstHidden(in: text) == scalar)
    #expect(TextSanitizer.visible(text) == "Food")
    #expect(TextSanitizer.printable(text) == "Food")
  }

  @Test(arguments: hidden)
  func namesRefuseThem(_ scalar: Unicode.Scalar) throws {
    for field in ["category", "method", "alias"] {
      let error = #expect(throws: ValidationError.self) {
        try Validator.cleanedName("Fo" + String(Character(scalar)) + "od", field: field)
      }
      #expect(error?.field == field)
      #expect(error?.value == "Food")
      #expect(error?.reason.contains(scalar.codePoint) == true, "\(String(describing: error))")
    }
  }

  @Test func visibleCharactersStay() throws {
    for text in ["Food", "café", "₹420", "日本", "👩‍💻 Work", "❤️‍🔥", "👨🏽‍💻", "Ärzte & Co."] {
      #expect(TextSanitizer.firstHidden(in: text) == nil, "\(text)")
      #expect(TextSanitizer.visible(text) == text)
      #expect(try Validator.cleanedName(text, field: "category") == text)
    }
    // A joiner between letters joins nothing visible.
    #expect(TextSanitizer.visible("a\u{200D}b") == "ab")
    #expect(TextSanitizer.printable("a\u{200D}b") == "ab")
    #expect(TextSanitizer.visible("\u{200D}👩") == "👩")
  }

  @Test func merchantsAndNotesLoseThemWhenValidated() throws {
    var fields = TransactionFields(
      kind: .expense, amount: Money(minorUnits: 500, currency: .inr), category: "Food", method: "UPI",
      merchant: "\u{FEFF}Jo\u{200B}e's\u{202E}", note: "a\u{2067}bc\u{2069} 👩‍💻", date: LocalDate(iso: "2026-11-29")!)
    fields = try Validator.validate(fields, catalog: .defaults)
    #expect(fields.merchant == "Joe's")
    #expect(fields.note == "abc 👩‍💻")
    fields.merchant = "\u{200B}\u{202E}"
    #expect(try Validator.validate(fields, catalog: .defaults).merchant == nil)
  }

  @Test func codePoints() {
    #expect(Unicode.Scalar(0x200B)!.codePoint == "U+200B")
    #expect(Unicode.Scalar(0x61C)!.codePoint == "U+061C")
    #expect(Unicode.Scalar(0x1F4BB)!.codePoint == "U+1F4BB")
  }
}
