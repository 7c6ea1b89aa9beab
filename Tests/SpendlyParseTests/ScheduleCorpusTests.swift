import Foundation
import SpendlyCore
import Testing

@testable import SpendlyParse

/// `grammar/corpus/schedules.txt`: schedule phrases and the schedule each must make.
@Suite("Schedule corpus")
struct ScheduleCorpusTests {
  static let now = LocalDateTime(iso: "2026-12-02T10:00")!
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../grammar/corpus/schedules.txt").standardized.path

  static func lines() throws -> [(number: Int, phrase: String, expected: String)] {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let arrow = trimmed.range(of: " => ") else { return nil }
      return (index + 1, String(trimmed[..<arrow.lowerBound]), String(trimmed[arrow.upperBound...]))
    }
  }

  /// The schedule in the corpus's notation, only the keys the line names (cadence, anchor,
  /// amount and kind always).
  static func fields(_ draft: ScheduleDraft) -> [String: String] {
    let entry = draft.entry
    var result = [
      "cadence": draft.cadence.rawValue, "anchor": entry.date.description,
      "amount": entry.amount?.decimalString ?? "(none)", "kind": entry.kind.rawValue,
    ]
    result["category"] = entry.category
    result["method"] = entry.method
    result["merchant"] = entry.merchant
    result["note"] = entry.note
    result["end"] = draft.end?.description
    return result
  }

  @Test func everyPhraseMakesItsSchedule() throws {
    let parser = PhraseParser()
    let lines = try Self.lines()
    #expect(lines.count >= 20)
    var failures = 0
    for line in lines {
      let location = "schedules.txt:\(line.number): \(line.phrase)"
      if line.expected == "error" {
        #expect(throws: PhraseError.self, "\(location)") { _ = try parser.schedule(line.phrase, now: Self.now) }
        continue
      }
      guard let draft = try parser.schedule(line.phrase, now: Self.now) else {
        Issue.record("\(location): read as no schedule")
        failures += 1
        continue
      }
      let got = Self.fields(draft)
      for pair in line.expected.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { continue }
        if got[parts[0]] != parts[1] {
          Issue.record("\(location): \(parts[0]) got '\(got[parts[0]] ?? "(unset)")', expected '\(parts[1])'")
          failures += 1
        }
      }
    }
    #expect(failures == 0)
  }

  /// Phrases without a cadence word are entries, not schedules.
  @Test func entriesAreNoSchedules() throws {
    let parser = PhraseParser()
    for phrase in ["420 upi food lunch at Social", "coffee 180 cash", "annual fee 500 cc", "paid 600 on 14 aug"] {
      #expect(try parser.schedule(phrase, now: Self.now) == nil, "\(phrase)")
    }
  }
}
