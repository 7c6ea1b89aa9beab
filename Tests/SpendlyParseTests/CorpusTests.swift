import SpendlyCore
import Testing

@testable import SpendlyParse

/// Runs grammar/corpus/entries.txt: every phrase must give exactly the draft (or error) written there.
@Suite("Entry corpus")
struct CorpusTests {
  static let path = repositoryRoot() + "/grammar/corpus/entries.txt"

  static func load() throws -> Corpus {
    let text = try #require(readText(path), "cannot read \(path)")
    return try Corpus(text: text)
  }

  @Test func corpusIsLargeAndHasEveryProductPhrase() throws {
    let corpus = try Self.load()
    #expect(corpus.examples.count >= 160)
    #expect(corpus.now == LocalDateTime(iso: "2026-11-29T13:05"))
    let phrases = Set(corpus.examples.map(\.phrase))
    for phrase in [
      "420 upi food lunch at Social", "₹1,250.50 cc shopping shirt at Zara yesterday", "coffee 180 cash",
      "paid 600 for groceries at DMart via gpay", "uber 340 travel yesterday 9pm",
      "50 eur dinner at Chez Paul card on 14 aug", "1.2k rent neft", "salary 150000 credited", "+2500 freelance",
      "refund 899 amazon", "spent 60 on chai",
    ] {
      #expect(phrases.contains(phrase), "PRODUCT.md phrase missing from the corpus: \(phrase)")
    }
    #expect(phrases.count == corpus.examples.count, "a phrase appears twice")
  }

  /// Every word of the entry lexicon appears in some corpus phrase: the grammar is data, and
  /// the corpus shows each piece of it working. (A symbol or suffix may touch a number.)
  @Test func corpusUsesEveryLexiconWord() throws {
    let corpus = try Self.load()
    var words: Set<String> = []
    var text = " "
    for example in corpus.examples {
      let lower = example.phrase.lowercased()
      text += lower + " "
      for word in lower.split(separator: " ") {
        words.insert(Token.trimmed(String(word)))
        if let colon = word.firstIndex(of: ":") { words.insert(String(word[word.index(after: colon)...])) }
      }
    }
    let numbers = words.filter { $0.contains(where: \.isNumber) }
    func covered(_ entry: String) -> Bool {
      if entry.contains(" ") { return text.contains(" \(entry) ") }
      return words.contains(entry) || words.contains("@" + entry) || words.contains { $0.hasPrefix(entry + ":") }
        || numbers.contains { $0.hasPrefix(entry) || $0.hasSuffix(entry) || $0.dropFirst().hasPrefix(entry) }
    }
    let lexicon = Lexicon.standard
    let groups: [(String, [String])] = [
      ("method", Array(lexicon.methodWords.keys)), ("category name", Array(lexicon.categoryNames.keys)),
      ("category synonym", Array(lexicon.categorySuggestions.keys)),
      ("currency word", Array(lexicon.currencyWords.keys)),
      ("currency symbol", lexicon.currencySymbols.map(\.0)), ("suffix", Array(lexicon.suffixes.keys)),
      ("income marker", Array(lexicon.incomeMarkers)), ("expense marker", Array(lexicon.expenseMarkers)),
      ("merchant marker", Array(lexicon.merchantMarkers)), ("filler", Array(lexicon.fillers)),
      ("relative day", Array(lexicon.relativeDays.keys)), ("weekday", Array(lexicon.weekdays.keys)),
      ("month", Array(lexicon.months.keys)), ("last", Array(lexicon.lastWords)), ("ago", Array(lexicon.agoWords)),
      ("unit", Array(lexicon.dayUnits.keys)), ("time word", Array(lexicon.timeWords.keys)),
      ("merchant", Array(lexicon.merchantSpellings.keys)),
    ]
    for (group, entries) in groups {
      for entry in entries.sorted() where !covered(entry) {
        Issue.record("no corpus phrase uses the \(group) '\(entry)'")
      }
    }
  }

  @Test func everyExampleGivesItsExpectedDraft() throws {
    let corpus = try Self.load()
    let now = try #require(corpus.now)
    let parser = corpus.parser
    var failures = 0
    for example in corpus.examples {
      let result: Result<TransactionDraft, PhraseError>
      do throws(PhraseError) {
        result = .success(try parser.parse(example.phrase, now: now))
      } catch {
        result = .failure(error)
      }
      if let problem = Self.compare(example, result) {
        failures += 1
        Issue.record(Comment(rawValue: "\(example)\n  \(problem)"))
      }
    }
    #expect(failures == 0, "\(failures) of \(corpus.examples.count) corpus examples differ")
  }

  /// nil when the result is what the example expects, else what differs.
  static func compare(_ example: Corpus.Example, _ result: Result<TransactionDraft, PhraseError>) -> String? {
    switch result {
    case .failure(let error):
      guard let expected = example.value("error") else {
        return "unexpected error \(error.description)"
      }
      let got = "1:\(error.column)", length = "\(error.length)"
      if got != expected || length != example.value("length") {
        return
          "error at \(got) length \(length) (\(error.message)); expected \(expected) length \(example.value("length") ?? "?")"
      }
      return nil
    case .success(let draft):
      if example.value("error") != nil {
        return "expected an error, got a draft: " + draft.corpusFields.map { "\($0.0)=\($0.1)" }.joined(separator: "; ")
      }
      var differences: [String] = []
      for (key, value) in draft.corpusFields where value != example.value(key) {
        differences.append("\(key): got '\(value)', expected '\(example.value(key) ?? "")'")
      }
      if example.warnings.isEmpty, !draft.warnings.isEmpty {
        differences.append("unexpected warnings: \(draft.warnings)")
      }
      for wanted in example.warnings where !draft.warnings.contains(where: { $0.description.contains(wanted) }) {
        differences.append("no warning containing '\(wanted)' in \(draft.warnings)")
      }
      return differences.isEmpty ? nil : differences.joined(separator: "\n  ")
    }
  }
}
