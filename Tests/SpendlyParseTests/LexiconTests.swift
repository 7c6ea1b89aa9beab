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
    #expect(Set(embeddedLexicon.keys) == Set(files.keys), "run `make grammar`: the set of lexicon files changed")
    for (name, text) in files.sorted(by: { $0.key < $1.key }) {
      // A multi-line string literal drops the file's final newline.
      let embedded = embeddedLexicon[name].map { $0 + "\n" }
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
}
