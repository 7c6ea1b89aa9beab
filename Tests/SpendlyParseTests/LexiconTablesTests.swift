import Testing

@testable import SpendlyParse

/// The standard lexicon is compiled from sorted tables (LexiconTables.swift); these tests hold
/// it to the lexicon the reader makes of the embedded files, and its tables to the order their
/// binary search needs.
@Suite("Lexicon: the compiled tables")
struct LexiconTablesTests {
  /// Every stored property of a lexicon but the import words (read from text on first use),
  /// by name, dumped down to its last field (a currency's grouping and name too): a table or a
  /// field the generator left out differs here.
  static func fields(_ lexicon: Any) -> [String: String] {
    var fields: [String: String] = [:]
    for child in Mirror(reflecting: lexicon).children {
      guard let label = child.label, label != "ownImportWords" else { continue }
      var text = ""
      dump(child.value, to: &text)
      fields[label] = text
    }
    return fields
  }

  @Test func theCompiledLexiconIsTheOneTheFilesMake() throws {
    let read = try Lexicon.readingEmbeddedFiles()
    let compiled = Self.fields(Lexicon.standard)
    #expect(compiled.count > 30)
    for (name, text) in Self.fields(read).sorted(by: { $0.key < $1.key }) {
      #expect(compiled[name] == text, "Lexicon.\(name) differs from grammar/lexicon: run `make grammar`")
    }
    #expect(Set(compiled.keys) == Set(Self.fields(read).keys))
    let readQueries = try QueryLexicon.readingEmbeddedFile()
    #expect(Self.fields(QueryLexicon.standard) == Self.fields(readQueries), "run `make grammar`")
    #expect(Self.fields(QueryLexicon.standard).count == 2)
  }

  @Test func everyTableIsSortedWithEachWordOnce() {
    var tables = 0
    let children =
      Array(Mirror(reflecting: Lexicon.standard).children) + Mirror(reflecting: QueryLexicon.standard).children
    for child in children {
      guard let table = child.value as? any SortedWords else { continue }
      tables += 1
      let words = table.sortedWords
      for index in words.indices.dropFirst() {
        #expect(words[index - 1] < words[index], "\(child.label ?? "?"): \(words[index - 1]) before \(words[index])")
      }
    }
    #expect(tables > 31)
  }

  @Test func wordTablesBehaveAsASetAndADictionary() {
    var set = WordSet()
    set.formUnion(["pos", "upi", "atm", "upi"])
    #expect(set.sorted == ["atm", "pos", "upi"])
    #expect(set.contains("pos") && !set.contains("po") && !set.contains("zzz") && !set.contains(""))
    var map = WordMap<Int>()
    map["may"] = 5
    map["jan"] = 1
    map["may"] = 6
    #expect(map.keys == ["jan", "may"] && map.values == [1, 6])
    #expect(map["may"] == 6 && map["june"] == nil)
    map["jan"] = nil
    #expect(map.keys == ["may"] && Array(map.map(\.value)) == [6])
    // Canonically equal spellings are one word, as they are to a Swift Set.
    #expect(WordSet(sorted: ["caf\u{e9}"]).contains("cafe\u{301}"))
  }
}
