import Testing

@testable import SpendlyCore

/// `TextSanitizer.isPlain` lets printing and table widths skip their slow paths: every plain
/// scalar must be printable as it is (no control, format or hidden character) and a character
/// of its own beside any other plain scalar, one column wide.
@Suite("Text: plain scalars need no sanitizing and take a column each")
struct PlainScalarTests {
  static let plain: [Unicode.Scalar] = (0...0x2FFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter(
    TextSanitizer.isPlain)

  @Test func everyPlainScalarPrintsAsItIs() {
    #expect(Self.plain.count > 3_000)
    for scalar in Self.plain {
      let category = scalar.properties.generalCategory
      #expect(category != .control && category != .format, "U+\(String(scalar.value, radix: 16))")
      #expect(!TextSanitizer.isHidden(scalar))
      #expect(!scalar.properties.isGraphemeExtend && category != .spacingMark && category != .nonspacingMark)
      #expect(TextSanitizer.printable(String(scalar)) == String(scalar))
    }
  }

  @Test func plainScalarsNeverJoinIntoOneCharacter() {
    // Each after a letter, a digit, a block and itself: two characters every time.
    for scalar in Self.plain {
      for before in ["a", "7", "█", String(scalar)] {
        #expect((before + String(scalar)).count == 2, "U+\(String(scalar.value, radix: 16))")
      }
    }
  }

  @Test func othersTakeTheSlowPath() {
    for value: UInt32 in [0x09, 0x7F, 0xAD, 0x300, 0x200B, 0x200D, 0x202E, 0x2060, 0x20D0, 0xFE0F, 0x1F600] {
      #expect(!TextSanitizer.isPlain(Unicode.Scalar(value)!))
    }
    #expect(TextSanitizer.printable("₹1,200 · caf\u{E9} █▍ \u{202E}x") == "₹1,200 · caf\u{E9} █▍ x")
  }
}
