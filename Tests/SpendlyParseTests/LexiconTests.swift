import Foundation
import Testing

@testable import SpendlyParse

/// The lexicon built into the binary must be exactly grammar/lexicon/*.txt: a stale
/// EmbeddedLexicon.swift (someone edited a file and did not run `make grammar`) fails here.
@Suite("Lexicon")
struct LexiconTests {
  static let directory = repositoryRoot() + "/grammar/lexicon"

  static func files() throws -> [String: String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }
    var files: [String: String] = [:]
    for name in names {
      files[String(name.dropLast(4))] = try #require(readText(directory + "/" + name))
    }
    return files
  }

  @Test func embeddedLexiconEqualsTheFiles() throws {
    let files = try Self.files()
    #expect(!files.isEmpty)
    #expect(Set(EmbeddedLexicon.files.keys) == Set(files.keys), "run `make grammar`: the set of lexicon files changed")
    for (name, text) in files.sorted(by: { $0.key < $1.key }) {
      // A multi-line string literal drops the file's final newline.
      let embedded = EmbeddedLexicon.files[name].map { $0 + "\n" }
      #expect(embedded == text, "grammar/lexicon/\(name).txt differs from the embedded copy: run `make grammar`")
    }
  }

  @Test func theFilesBuildALexicon() throws {
    let lexicon = try Lexicon(files: Self.files())
    #expect(lexicon.methodWords["gpay"] == .named("UPI"))
    #expect(lexicon.methodWords["card"] == .defaultCard)
    #expect(lexicon.categorySuggestions["lunch"]?.name == "Food")
    #expect(lexicon.merchantSpellings["dmart"] == "DMart")
    #expect(lexicon.suffixes["lakh"] == 100_000)
    #expect(lexicon.currencyWords["eur"]?.code == "EUR")
  }

  @Test func aBadLineNamesItsFileAndLine() {
    #expect(throws: Lexicon.FileError.self) {
      try Lexicon(files: ["methods": "UPI: upi\nno colon here\n"])
    }
    do {
      _ = try Lexicon(files: ["currencies": "# comment\nXYZ: xyz\n"])
      Issue.record("an unknown currency code was accepted")
    } catch {
      #expect(error.description == "grammar/lexicon/currencies.txt:2: unknown currency code XYZ")
    }
  }

  /// Every role in queries.txt is a `QueryRole` and every `QueryRole` has words there: the file
  /// and the parser's cases cannot drift apart.
  @Test func theQuestionRolesAreExactlyTheEnum() throws {
    let text = try #require(Self.files()["queries"])
    let lexicon = try QueryLexicon(text: text)
    #expect(Set(lexicon.roles.values) == Set(QueryRole.allCases))
    #expect(Set(QueryLexicon.standard.roles.values) == Set(QueryRole.allCases))
    #expect(QueryLexicon.standard.role("spent") == .measureSpent)
    #expect(QueryLexicon.standard.role("vs") == .versus)
    #expect(QueryLexicon.standard.role("monthly") == .groupMonth)
    #expect(QueryLexicon.standard.role("than") == .filler)
    #expect(QueryLexicon.standard.role("lunch") == nil)
    for role in QueryRole.allCases where role.rawValue.hasPrefix("group-") {
      #expect(QueryLexicon.grouping(role) != nil, "\(role.rawValue) groups nothing")
    }
  }

  @Test func anUnknownQuestionRoleNamesItsLine() {
    let text = "# questions\nby: by per\nmeasure-spendt: spent\n"
    let expected = "grammar/lexicon/queries.txt:3: unknown question role measure-spendt"
    do {
      _ = try QueryLexicon(text: text)
      Issue.record("an unknown question role was accepted")
    } catch {
      #expect(error.description == expected)
    }
    do {
      _ = try Lexicon(files: ["queries": text])
      Issue.record("the lexicon accepted an unknown question role")
    } catch {
      #expect(error.description == expected)
    }
  }
}
