import Foundation
import SpendlyTestSupport
import Testing

/// Golden transcripts of the shell off a terminal, in the style of hledger's `add` tests:
/// `Transcripts/NAME.in` is stdin for `spendly --db TEMP --now 2026-11-29T13:05`, and
/// `NAME.out` is the exact stdout. `NAME.err`, when present, holds lines that must each
/// appear in stderr, and the run must exit 65 (a line failed); otherwise stderr must be empty
/// and the exit code 0. (Error wording is the CLI's business; the dialogue is on stdout.)
@Suite("scripted shell sessions")
struct TranscriptTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Transcripts")

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".in") }.map { String($0.dropLast(3)) }.sorted()
  }()

  @Test func everyTranscriptHasItsExpectedOutput() throws {
    #expect(TranscriptTests.names.count >= 9, "transcripts in \(TranscriptTests.directory.path)")
    for name in TranscriptTests.names {
      #expect(
        FileManager.default.fileExists(atPath: TranscriptTests.directory.appendingPathComponent(name + ".out").path),
        "\(name).out")
    }
  }

  @Test(arguments: TranscriptTests.names)
  func transcript(_ name: String) throws {
    let input = try Data(contentsOf: TranscriptTests.directory.appendingPathComponent(name + ".in"))
    let expected = try Data(contentsOf: TranscriptTests.directory.appendingPathComponent(name + ".out"))
    let errorFile = TranscriptTests.directory.appendingPathComponent(name + ".err")
    let expectedError =
      FileManager.default.fileExists(atPath: errorFile.path) ? try Data(contentsOf: errorFile) : Data()

    let sandbox = try Sandbox.forShell()
    let result = try sandbox.run([], input: input)
    #expect(
      result.out == String(decoding: expected, as: UTF8.self),
      "\(name): stdout differs:\n\(difference(expected: String(decoding: expected, as: UTF8.self), actual: result.out))"
    )
    #expect(result.stdoutData == expected, "\(name): stdout bytes")
    #expect(!result.stdoutData.contains(0x1B), "\(name): an escape code on stdout")
    #expect(!result.stderrData.contains(0x1B), "\(name): an escape code on stderr")
    let errorLines = String(decoding: expectedError, as: UTF8.self).split(separator: "\n")
    if errorLines.isEmpty {
      #expect(result.err.isEmpty, "\(name): stderr")
    }
    for line in errorLines {
      #expect(result.err.contains(line), "\(name): stderr lacks '\(line)'")
    }
    #expect(result.status == (expectedError.isEmpty ? 0 : 65), "\(name): exit code; stderr: \(result.err)")
  }

  /// The check: `printf '420 upi food\n\n' | spendly --db X` saves exactly one expense.
  @Test func pipedPhraseAndEmptyLineSavesOne() throws {
    let sandbox = try Sandbox.forShell()
    let result = try sandbox.run([], input: Data("420 upi food\n\n".utf8))
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
    #expect(!result.stdoutData.contains(0x1B), "escape codes in \(result.out)")
    #expect(result.out.contains("saved #1"))
    #expect(!result.out.contains("spendly>"), "no prompts off a terminal")
    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "420.00")
    #expect(saved[0]["category"] as? String == "Food")
    #expect(saved[0]["method"] as? String == "UPI")
    // No history is written for scripted sessions.
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile))
  }

  /// Line by line: where the expected and actual outputs first differ.
  func difference(expected: String, actual: String) -> String {
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(want.count, got.count) {
      let w = index < want.count ? String(want[index]) : "<none>"
      let g = index < got.count ? String(got[index]) : "<none>"
      if w != g { return "line \(index + 1):\n  expected: \(w)\n  actual:   \(g)\n--- actual output ---\n\(actual)" }
    }
    return "(same lines)"
  }
}
