import Foundation
import SpendlyCore
import SpendlyParse
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Issue 27: the shell's Tab finishes question words from the question lexicon (the usual
/// spelling first), beside commands, categories and merchants; so does bash after `query`.
@Suite("Shell: Tab on question words")
struct QuestionWordCompletionTests {
  @Test func theShellFinishesQuestionWords() throws {
    let sandbox = try Sandbox()
    let completion = try ShellCompletionTests.completion(sandbox)
    let prompt = completion.mainPrompt
    #expect(prompt("spe").candidates == ["spent"])
    #expect(prompt("spent this mo").candidates == ["month"])
    #expect(prompt("spent this mo").word == "mo")
    #expect(prompt("spent this month by cat").candidates == ["category"])
    #expect(prompt("by cat").candidates == ["category"])
    #expect(prompt("query spent this mo").candidates == ["month"])
    #expect(prompt("? spent last yea").candidates == ["year"])
    // A word only a less usual spelling starts with is still finished.
    #expect(prompt("liab").candidates == ["liabilities"])
    #expect(prompt("what's my net wo").candidates == ["worth"])
    // A question filters by names too: categories and merchants.
    #expect(prompt("spent on Foo").candidates == ["Food"])
    // A name that starts so comes before a less usual spelling ("greater") that does too.
    #expect(prompt("spent on Gr").candidates == ["Groceries"])
    #expect(prompt("?spe").candidates == ["?spent"])
    #expect(prompt("spent at Soc").candidates.contains("Social"))
    // The first word still offers commands and merchants; an entry after its amount its names.
    #expect(prompt("expo").candidates == ["export"])
    #expect(prompt("Soc").candidates.contains("Social"))
    #expect(prompt("420 fo").candidates.contains("Food"))
    #expect(!prompt("420 mon").candidates.contains("month"), "an entry gets no question words")
    withExtendedLifetime(completion) {}
  }

  @Test func bashFinishesTheWordsOfAQuery() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    for (words, expected) in [
      (["query", "spe"], "spent\n"), (["query", "spent", "by", "cat"], "category\n"),
      (["query", "spent", "this", "mo"], "month\n"), (["query", "spent", "on", "Gr"], "Groceries\n"),
      (["query", "liab"], "liabilities\n"),
    ] {
      let result = try sandbox.run(["__complete", "--"] + words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
      #expect(result.stdout == expected, "\(words): \(result.stdout)")
    }
  }

  /// The usual spellings are one word for each role of the lexicon, fillers left out.
  @Test func theWordsComeFromTheLexicon() {
    #expect(ShellCompletion.question("spe", names: []) == ["spent"])
    #expect(ShellCompletion.question("mon", names: []) == ["month"])
    #expect(ShellCompletion.question("spendi", names: []) == ["spending"])
    #expect(ShellCompletion.question("sept", names: []) == ["september"])
    #expect(ShellCompletion.question("", names: []) == [])
    // A name that starts with the text comes before a rarer spelling of a question word.
    #expect(ShellCompletion.question("gr", names: ["Groceries"]) == ["Groceries"])
    #expect(!QuestionWords.usual.contains("the") && !QuestionWords.all.contains("my"))
    #expect(QuestionWords.isQuestionWord("what's") && QuestionWords.isQuestionWord("spent"))
    #expect(!QuestionWords.isQuestionWord("lunch") && !QuestionWords.isQuestionWord("my"))
  }
}
