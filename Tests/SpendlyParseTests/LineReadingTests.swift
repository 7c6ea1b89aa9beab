import Foundation
import SpendlyCore
import SpendlyParse
import Testing

/// grammar/corpus/lines.txt: every shell line is read as the corpus says (question, entry,
/// ambiguous or not understood), so no question is ever saved as an entry.
@Suite("Shell lines: question or entry")
struct LineReadingTests {
  static func examples() throws -> [(line: Int, text: String, reading: String)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../grammar/corpus/lines.txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    var result: [(Int, String, String)] = []
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty, !line.hasPrefix("#"), let arrow = line.range(of: " => ") else { continue }
      result.append(
        (
          number + 1, String(line[..<arrow.lowerBound]),
          String(line[arrow.upperBound...]).trimmingCharacters(in: .whitespaces)
        ))
    }
    return result
  }

  static func reading(_ result: LineClass) -> String {
    switch result {
    case .question: return "question"
    // An entry the phrase parser refuses is still an entry: its error is the entry's to show.
    case .entry, .unreadable: return "entry"
    case .ambiguous: return "ambiguous"
    case .notUnderstood: return "not-understood"
    case .schedule: return "schedule"
    default: return "other"
    }
  }

  @Test func everyLineIsReadAsWritten() throws {
    let parser = QueryParser(entry: PhraseParser())
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    let examples = try Self.examples()
    #expect(examples.count >= 70)
    for example in examples {
      let got = Self.reading(parser.read(example.text, now: now))
      #expect(got == example.reading, "lines.txt:\(example.line): '\(example.text)' read as \(got)")
    }
  }

  /// An ambiguous line carries both readings, each complete.
  @Test func ambiguousLinesCarryBothReadings() throws {
    let parser = QueryParser(entry: PhraseParser())
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    guard case .ambiguous(let query, let draft, _) = parser.read("food 2025", now: now) else {
      Issue.record("food 2025 must be ambiguous")
      return
    }
    #expect(query.filter.category == "Food")
    #expect(query.period?.from == LocalDate(year: 2025, month: 1, day: 1))
    #expect(draft.amount == Money(minorUnits: 202_500, currency: .inr))
    #expect(draft.category == "Food")
  }
}
