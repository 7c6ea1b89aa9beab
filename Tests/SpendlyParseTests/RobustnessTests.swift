import SpendlyCore
import SpendlyParse
import Testing

/// Makes hostile phrases: random bytes, huge phrases, emoji, bidi marks, control characters,
/// enormous numbers, and shuffles of real phrase words with junk between them.
struct PhraseFuzzer {
  var random: SplitMix64

  static let words = [
    "420", "₹1,250.50", "1.2k", "2l", "1.5", "cr", "lakh", "k", "99999999999999999999", "0", "-5", "+2500", "$12.50",
    "12.50$", "S$20", "¥1500", "5.250", "rs", "rs.", "eur", "€", "₹", "upi", "gpay", "credit", "card", "cc", "cash",
    "food", "lunch", "salary", "refund", "Other", "income", "at", "@", "@Social", "from", "Social", "db", "ferry",
    "DB Ferry", "for", "on", "via", "to", "yesterday", "today", "last", "friday", "3", "days", "ago", "14", "aug", "31",
    "feb", "14/08", "2026-08-14", "29/02/2025", "9pm", "21:30", "25:00", "13pm", "at", "10:30", "noon", "cat:food",
    "cat:", "method:upi", "note:\"x y\"", "kind:income", "cur:usd", "date:", "time:9pm", "amount:420", "\"", "\"quoted",
    "spent", "paid", "credited", "2", "coffees", "360", "amazon", "uber", "day", "before", ",", ";", ":", "::", "@@",
    "1,2,3", ".5", ".", "..", "1.", "1e5", "0x10", "½", "٣٤٥", "१२३", "🍕", "👨‍👩‍👧", "🇮🇳", "\u{200F}", "\u{202E}",
    "\u{200D}", "\u{0000}", "\u{0007}", "\u{001B}[31m", "\t", "\r\n", "\u{00A0}", "\u{FEFF}", "e\u{0301}", "ß", "İ",
  ]

  mutating func phrase() -> String {
    switch random.below(10) {
    case 0: return randomBytes(count: random.below(80))
    case 1: return randomScalars(count: random.below(60))
    case 2: return manyNumbers()
    case 3 where random.below(20) == 0: return longPhrase()
    default: return wordSoup()
    }
  }

  /// Random bytes read as UTF-8, invalid sequences repaired to U+FFFD.
  mutating func randomBytes(count: Int) -> String {
    var bytes: [UInt8] = []
    for _ in 0..<count { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Random Unicode scalars from everywhere: controls, marks, surrogate-free planes.
  mutating func randomScalars(count: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<count {
      let ranges: [ClosedRange<UInt32>] = [
        0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
      ]
      let range = random.pick(ranges)
      let value = range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1))
      if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
    }
    return String(scalars)
  }

  mutating func manyNumbers() -> String {
    var parts: [String] = []
    for _ in 0..<(1 + random.below(40)) {
      switch random.below(4) {
      case 0: parts.append(String(random.next()))
      case 1: parts.append(String(random.below(1000)))
      case 2: parts.append("99999999999999999999")
      default: parts.append("\(random.below(100)).\(random.below(1000))")
      }
    }
    return parts.joined(separator: random.below(2) == 0 ? " " : "")
  }

  /// Real words and junk, joined by spaces or nothing.
  mutating func wordSoup() -> String {
    var text = ""
    for _ in 0..<(1 + random.below(12)) {
      if random.below(8) == 0 {
        text += randomScalars(count: 1 + random.below(3))
      } else {
        text += random.pick(PhraseFuzzer.words)
      }
      if random.below(6) != 0 { text += " " }
    }
    return text
  }

  /// 10,000 characters (past the limit), or just under the limit (parsed in full).
  mutating func longPhrase() -> String {
    let target = random.below(2) == 0 ? 10_000 : PhraseParser.maximumLength
    var text = ""
    var count = 0
    while count < target {
      let word = random.pick(PhraseFuzzer.words) + " "
      text += word
      count += word.count
    }
    return String(text.prefix(target))
  }
}

@Suite("Robustness")
struct RobustnessTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!

  static func parser() -> PhraseParser {
    var history = TestHistory()
    history.add("Social", category: "Food", method: "UPI")
    history.add("DB Ferry", category: "Travel", method: "Cash")
    return PhraseParser(history: history)
  }

  /// Four seeds of 25,000 phrases each (100,000 in all), run in parallel.
  @Test(arguments: [1 as UInt64, 2, 3, 4])
  func everyGeneratedPhraseEndsInADraftOrAnError(seed: UInt64) {
    var fuzzer = PhraseFuzzer(random: SplitMix64(seed: seed))
    let parser = Self.parser()
    var drafts = 0
    var errors = 0
    for _ in 0..<25_000 {
      let phrase = fuzzer.phrase()
      do throws(PhraseError) {
        let draft = try parser.parse(phrase, now: Self.now)
        drafts += 1
        if let problem = Self.problem(with: draft, from: phrase) {
          Issue.record("\(problem): \(String(reflecting: phrase))")
          return
        }
      } catch {
        errors += 1
        let length = phrase.count
        if error.column < 1 || error.column > length + 1 || error.column + error.length - 1 > max(length, error.column)
        {
          Issue.record(
            "error span \(error.column)+\(error.length) outside a \(length)-character phrase: \(String(reflecting: phrase))"
          )
          return
        }
        _ = error.rendered(input: phrase)
      }
    }
    #expect(drafts + errors == 25_000)
    #expect(
      drafts > 5_000 && errors > 500, "the generator should reach both outcomes (\(drafts) drafts, \(errors) errors)")
  }

  /// What a draft must always satisfy, or nil.
  static func problem(with draft: TransactionDraft, from phrase: String) -> String? {
    if let amount = draft.amount {
      if amount.minorUnits <= 0 { return "a non-positive amount" }
      if draft.missing.contains(.amount) { return "an amount that is also missing" }
      if !phrase.contains(where: \.isNumber) { return "an amount invented from a phrase without digits" }
    } else if !draft.missing.contains(.amount) {
      return "no amount and nothing missing"
    }
    if draft.category == nil || draft.method == nil { return "no category or method" }
    if draft.inferred.contains(.amount) { return "an inferred amount" }
    if (draft.note?.count ?? 0) > phrase.count { return "a note longer than the phrase" }
    return nil
  }

  @Test func namedHostileInputs() throws {
    let parser = Self.parser()
    let inputs = [
      "", " ", "\u{0000}", "\u{200F}420\u{200F} lunch", "\u{202E}420 lunch", "420\u{0007} lunch", "\u{FEFF}420",
      "99999999999999999999", "420 99999999999999999999", String(repeating: "9", count: 10_000),
      String(repeating: "🍕", count: 10_000), String(repeating: "\"", count: 999), String(repeating: "at ", count: 333),
      String(repeating: "1 ", count: 500), "₹", "$", "S$", "k", "1k1k", "₹₹420", "420₹₹", "+-420", "--420", "@", "@@",
      "cat:", "note:", "note:\"\"", ":", "::::", "\"\"", "420 \"\"", "420 on", "3 days", "last", "14",
      "aug 14 2026 2027",
    ]
    for input in inputs {
      do throws(PhraseError) {
        let draft = try parser.parse(input, now: Self.now)
        #expect(Self.problem(with: draft, from: input) == nil, "\(String(reflecting: input.prefix(40)))")
      } catch {
        #expect(error.column >= 1)
      }
    }
  }
}
