import SpendlyCore
import SpendlyParse
import Testing

/// Error positions, marked inside the input in the style of swift-format's tests:
/// `420 on ⟨31 feb⟩` means the error must point at `31 feb` (column 8, length 6).
@Suite("Error positions")
struct ErrorPositionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let marked: String
    let message: String
    init(_ marked: String, _ message: String) {
      self.marked = marked
      self.message = message
    }
    var testDescription: String { marked }
  }

  static let cases: [Case] = [
    Case("420 on ⟨31 feb⟩", "no such date"),
    Case("420 lunch on ⟨29 feb⟩", "no such date"),
    Case("420 on ⟨feb 30⟩ at Social", "no such date"),
    Case("420 on ⟨31/02⟩", "no such date"),
    Case("lunch ⟨2026-02-30⟩ 420", "no such date"),
    Case("420 on ⟨32 aug⟩", "no such date"),
    Case("⟨1,2,3⟩ lunch", "separators"),
    Case("lunch ⟨420.555⟩", "decimal"),
    Case("⟨¥1500.5⟩ ramen", "JPY"),
    Case("⟨0⟩ lunch", "more than zero"),
    Case("coffee ⟨₹0.001⟩", "decimal"),
    Case("⟨99999999999999999999⟩", "too large"),
    Case("2 coffees ⟨99999999999999999999⟩", "too large"),
    Case("420 ⟨cat:nothing⟩", "unknown category"),
    Case("420 ⟨cat:⟩", "needs a value"),
    Case("420 ⟨method:bitcoin⟩ lunch", "unknown payment method"),
    Case("420 ⟨kind:foo⟩", "kind must be"),
    Case("420 ⟨cur:xyz⟩", "unknown currency"),
    Case("420 ⟨date:someday⟩", "date"),
    Case("420 ⟨time:25:00⟩", "time"),
    Case("420 ⟨amount:abc⟩", "amount"),
    Case("420 cat:food ⟨cat:rent⟩", "given twice"),
    Case("420 lunch ⟨\"unclosed note⟩", "unclosed quote"),
    Case("420 note:⟨\"unclosed⟩", "unclosed quote"),
    Case("420 ⟨25:00⟩", "no such time"),
    Case("420 dinner ⟨13pm⟩", "no such time"),
    Case("420 lunch at ⟨25:99⟩", "no such time"),
    // Columns count characters, not bytes: emoji and ₹ before the error do not shift it.
    Case("🍕🍕 ₹420 on ⟨31 feb⟩", "no such date"),
    Case("₹420 café ⟨31/02⟩", "no such date"),
    // Control and format characters count as one column each, like any character (CR LF is one).
    Case("\u{00A0}420\r\non ⟨31 feb⟩", "no such date"),
    // A hidden character is refused where it is, quoted or not, even joined to a letter.
    Case("\u{00A0}420 lunch at ⟨\u{202E}⟩evil", "(U+202E) is refused"),
    Case("420 at \"Caf⟨e\u{200C}⟩\"", "(U+200C) is refused"),
    Case("420\u{0007}\u{001B}[1m lunch ⟨25:00⟩", "no such time"),
  ]

  /// The input without the markers, and the marked span's 1-based column and length.
  static func span(_ marked: String) -> (input: String, column: Int, length: Int) {
    var input = ""
    var column = 0
    var length = 0
    var offset = 0
    for character in marked {
      if character == "⟨" {
        column = offset + 1
      } else if character == "⟩" {
        length = offset + 1 - column
      } else {
        input.append(character)
        offset += 1
      }
    }
    return (input, column, length)
  }

  @Test(arguments: cases)
  func errorPointsAtTheMarkedText(_ example: Case) throws {
    let (input, column, length) = Self.span(example.marked)
    let parser = PhraseParser()
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    let error = try #require(throws: PhraseError.self) { try parser.parse(input, now: now) }
    #expect(error.column == column, "\(error.message)")
    #expect(error.length == length, "\(error.message)")
    #expect(error.message.contains(example.message), "message was: \(error.message)")
  }

  @Test func theCaretLineUnderlinesTheSpan() throws {
    let (input, column, length) = Self.span("420 on ⟨31 feb⟩")
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    let error = try #require(throws: PhraseError.self) { try PhraseParser().parse(input, now: now) }
    let lines = error.rendered(input: input).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[0] == "input:1:\(column): \(error.message)")
    #expect(lines[1] == "  " + input)
    #expect(
      lines[2] == "  " + String(repeating: " ", count: column - 1) + "^" + String(repeating: "~", count: length - 1))
  }

  @Test func tooLongAPhraseIsRefusedAtTheFirstCharacterPastTheLimit() throws {
    let input = String(repeating: "lunch ", count: 2_000)
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    let error = try #require(throws: PhraseError.self) { try PhraseParser().parse(input, now: now) }
    #expect(error.column == PhraseParser.maximumLength + 1)
    #expect(error.length == 1)
  }

  /// Every explicit key's messages, word for word: the field names and examples are typed now,
  /// the text a person reads is not to change.
  @Test func explicitKeyMessagesAreExact() throws {
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    func message(_ input: String) throws -> String {
      try #require(throws: PhraseError.self) { try PhraseParser().parse(input, now: now) }.message
    }
    let empty = [
      "cat": "cat: needs a value, like cat:food", "category": "category: needs a value, like category:food",
      "method": "method: needs a value, like method:upi", "pay": "pay: needs a value, like pay:upi",
      "via": "via: needs a value, like via:upi", "merchant": "merchant: needs a value, like merchant:Social",
      "at": "at: needs a value, like at:Social", "kind": "kind: needs a value, like kind:income",
      "type": "type: needs a value, like type:income", "cur": "cur: needs a value, like cur:usd",
      "currency": "currency: needs a value, like currency:usd", "date": "date: needs a value, like date:yesterday",
      "time": "time: needs a value, like time:21:30", "amount": "amount: needs a value, like amount:420",
      "CAT": "cat: needs a value, like cat:food",
    ]
    for (key, expected) in empty.sorted(by: { $0.key < $1.key }) {
      #expect(try message("420 lunch \(key):") == expected, "\(key):")
    }
    let twice = [
      "420 cat:food category:rent": "category given twice", "420 method:upi via:cash": "method given twice",
      "420 note:a note:b": "note given twice", "420 at:Social merchant:Cafe": "merchant given twice",
      "420 kind:income type:expense": "kind given twice", "420 cur:usd currency:eur": "currency given twice",
      "420 date:today date:yesterday": "date given twice", "420 time:9pm time:10pm": "time given twice",
      "amount:420 amount:10 lunch": "amount given twice",
    ]
    for (input, expected) in twice.sorted(by: { $0.key < $1.key }) {
      #expect(try message(input) == expected, "\(input)")
    }
    // An empty note is allowed: the only key that needs no value.
    #expect(throws: Never.self) { try PhraseParser().parse("420 lunch note:", now: now) }
  }

  @Test func theMarkersThemselvesAreRead() {
    let (input, column, length) = Self.span("ab ⟨cd⟩ e")
    #expect(input == "ab cd e")
    #expect(column == 4)
    #expect(length == 2)
  }
}
