import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// The one routing table: every command once, each word naming one command, action words
/// where the shell reads them.
@Suite("the routing table")
struct RoutesTests {
  @Test func everyWordNamesOneCommand() {
    let words = routes.flatMap(\.words)
    #expect(Set(words).count == words.count)
    for entry in routes {
      for word in entry.words { #expect(route(named: word.uppercased())?.command.name == entry.command.name) }
    }
  }

  @Test func catalogActionsAndQuestions() throws {
    let categories = try #require(route(named: "category"))
    #expect(categories.command.name == "categories")
    #expect(categories.reading == .questionUnlessAction)
    for word in ["list", "add", "rename", "alias", "ADD"] { #expect(categories.isAction(word)) }
    #expect(!categories.isAction("this"))
    #expect(try #require(route(named: "show")).reading == .questionWhenItReads)
    #expect(try #require(route(named: "config")).isAction("currency"))
    #expect(try #require(route(named: "add")).reading == .command)
  }
}
