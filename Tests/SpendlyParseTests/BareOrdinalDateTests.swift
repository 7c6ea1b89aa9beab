import SpendlyCore
import SpendlyParse
import Testing

/// Issue 27: "on the 5th", "on 1st": that day of this month when it has come, else of last month.
@Suite("Bare ordinal dates")
struct BareOrdinalDateTests {
  @Test(arguments: [
    ("rent 18000 neft on the 5th", "2026-12-03", "2026-11-05"),
    ("rent 18000 on 1st", "2026-12-03", "2026-12-01"),
    ("rent 18000 on the 3rd", "2026-12-03", "2026-12-03"),
    ("rent 18000 on the 31st", "2026-12-03", "2026-10-31"),
    ("rent 18000 on the 30th", "2026-03-03", "2026-01-30"),
    ("rent 18000 on the 15th", "2026-01-03", "2025-12-15"),
  ])
  func theDayIsThisMonthOrLast(phrase: String, today: String, expected: String) throws {
    let now = LocalDateTime(iso: today + "T10:00")!
    let draft = try PhraseParser().parse(phrase, now: now)
    #expect(draft.date.description == expected, "'\(phrase)' on \(today)")
    #expect(draft.note == nil || !(draft.note ?? "").contains("th"), "'\(phrase)' keeps no date words in the note")
  }

  /// Without "on" or "the", and without an ordinal suffix, a number is no date.
  @Test func aPlainNumberIsNoDate() throws {
    let now = LocalDateTime(iso: "2026-12-03T10:00")!
    let draft = try PhraseParser().parse("rent 18000 5th floor", now: now)
    #expect(draft.date.description == "2026-12-03")
  }
}
