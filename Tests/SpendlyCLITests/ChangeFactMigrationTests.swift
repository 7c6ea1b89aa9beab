import Foundation
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI
@testable import SpendlyStore

/// A database written before facts shows its old log lines as it did: each sentence is read
/// into a fact where its pattern is known (and worded back the same), else kept as it was.
@Suite("the change log's old sentences, migrated to facts")
struct ChangeFactMigrationTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  static let releases = fixtures.appendingPathComponent("SpendlyStoreTests/Fixtures")

  /// The log lines `ChangeLogWordingTests` pins: every sentence Spendly wrote before facts.
  static func pinnedSentences() throws -> [String] {
    let text = try String(
      contentsOf: fixtures.appendingPathComponent("Fixtures/change-log/every-kind.txt"), encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(of: "$ log --limit 0") else { return [] }
    return lines[(start + 2)...].prefix { !$0.hasPrefix("$") }.map { line in
      // "   #60  2026-11-29 13:05  undid: ...": the words after the date and time.
      let what = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)[3].drop { $0 == " " }
      return what.hasSuffix(" (undone)") ? String(what.dropLast(" (undone)".count)) : String(what)
    }
  }

  @Test func everyOldSentenceReadsBackTheSame() throws {
    let sentences = try Self.pinnedSentences()
    #expect(sentences.count == 62)
    var said: [String] = []
    for sentence in sentences {
      let fact = OldSummary.fact(sentence)
      #expect(ChangeWords.text(fact) == sentence)
      if case .said = fact { said.append(sentence) }
    }
    // Every one is read into a fact but the debt edits (whose values before are not in the
    // sentence) and the logged charges (which do not say how many were income).
    #expect(
      said == [
        "edited debt Card: term none, kind other, start 2026-10-01, minimum ₹1,000.00",
        "edited debt HDFC Loan: balance ₹95,000.00, APR 11.5%, due day 7",
        "logged 2 recurring entries: Netflix, Salary",
      ])
  }

  @Test func knownSentencesBecomeFactsWithMinorUnits() {
    #expect(
      OldSummary.fact("added #2 +₹1,50,000.00 Salary")
        == .transactions(
          written: TransactionsFact(
            action: "add", ids: [2], count: 1,
            entry: EntryFact(amount: MoneyFact(minor: 15_000_000, currency: "INR"), kind: "income", category: "Salary"))
        ))
    #expect(
      OldSummary.fact("added debt HDFC Loan ₹1,00,000.00 at 12%")
        == .debtAdded(id: nil, name: "HDFC Loan", balance: MoneyFact(minor: 10_000_000, currency: "INR"), apr: "12"))
    #expect(
      OldSummary.fact("undid: renamed category Food → Meals")
        == .undid(change: nil, fact: .renamed(kind: "category", id: nil, before: "Food", after: "Meals")))
    // An amount that does not read back as written is no fact: the sentence stays.
    #expect(OldSummary.fact("added #2 +₹1,50,000.0 Salary") == .said(sentence: "added #2 +₹1,50,000.0 Salary"))
    #expect(OldSummary.fact("something else entirely") == .said(sentence: "something else entirely"))
  }

  /// The release fixtures' log, through the binary, reads as the sentences the releases wrote.
  @Test(arguments: [
    (
      "release-611bdba.sqlite",
      [
        "deleted #8 -₹30.00 Transport", "added #8 -₹30.00 Transport", "paid ₹5,000.00 on debt HDFC Loan",
        "added debt HDFC Loan ₹1,00,000.00 at 12%", "undid: added #6 -₹75.00 Transport", "added #6 -₹75.00 Transport",
        "added subscription Netflix ₹649.00 monthly from Thu 5 Nov 2026", "set budget Food ₹8,000.00 from Nov 2026",
        "added #5 -₹900.00 Pets", "added expense category Pets (vet)", "deleted #4 -₹60.00 Food",
        "added #4 -₹60.00 Food", "added #3 -₹1,200.00 Shopping", "added #2 +₹1,50,000.00 Salary",
        "added #1 -₹420.00 Food",
      ]
    ),
    (
      "release-0.2.0.sqlite",
      [
        "set budget Food ₹9,000.00 from Nov 2026", "undid: added #242 -₹99.00 Food", "added #242 -₹99.00 Food",
        "added #241 -₹420.00 Food", "imported 240 transactions",
      ]
    ),
  ])
  func releaseLogsReadAsBefore(file: String, sentences: [String]) throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.directory + "/data", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.releases.appendingPathComponent(file).path, toPath: sandbox.database)
    let entries = try #require(try json(sandbox.ok("--json", "log", "--limit", "0")) as? [[String: Any]])
    #expect(entries.compactMap { $0["summary"] as? String } == sentences)
    let text = try sandbox.ok("log", "--limit", "0")
    for sentence in sentences { #expect(text.contains("  " + sentence), "\(sentence) missing from: \(text)") }
  }
}
