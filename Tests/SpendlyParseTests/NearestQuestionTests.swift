import SpendlyCore
import SpendlyParse
import Testing

/// Issue 27: a question almost understood carries the nearest question it could be.
@Suite("Nearest question for a mistyped one")
struct NearestQuestionTests {
  static let now = LocalDateTime(iso: "2026-12-03T10:00")!
  static var parser: QueryParser { QueryParser(entry: PhraseParser()) }

  static func suggestion(_ line: String) -> String? {
    do {
      _ = try parser.parse(line, now: now)
      return "understood"
    } catch {
      return error.suggestion
    }
  }

  @Test(arguments: [
    ("spent this mnth by categroy", "spent this month by category"),
    ("spnt last weak", "spent last week"),
    ("how mch did i spend on food", "how much did i spend on food"),
    ("top 5 merchnts this year", "top 5 merchants this year"),
    ("incom last month", "income last month"),
    ("dashbord", "dashboard"),
    ("what is my net wroth", "what is my net worth"),
  ])
  func aTypoGetsTheNearestQuestion(line: String, expected: String) {
    #expect(Self.suggestion(line) == expected, "'\(line)'")
  }

  /// Words near no question word, and numbers, suggest nothing.
  @Test(arguments: ["blah foo this week", "zzz", "spent on zzz last month"])
  func farWordsSuggestNothing(line: String) {
    #expect(Self.suggestion(line) == nil, "'\(line)'")
  }

  /// The shell's line: no amount and a question once mended is refused with the suggestion, not drafted.
  @Test func aMendableLineWithoutAmountIsNoEntry() {
    guard case .notUnderstood(let error) = Self.parser.read("spent this mnth by categroy", now: Self.now) else {
      Issue.record("must be not understood")
      return
    }
    #expect(error.suggestion == "spent this month by category")
    guard case .entry = Self.parser.read("spent 300 on lnch", now: Self.now) else {
      Issue.record("an amount keeps it an entry")
      return
    }
  }
}
