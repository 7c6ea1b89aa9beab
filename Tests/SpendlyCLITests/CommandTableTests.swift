import SpendlyParse
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Issue 24: the line classifier reads the routes as data; the table it is given says what the
/// routes say, and the shell's own lines (add, edit, a budget phrase) name real commands.
@Suite("the command table the line classifier reads")
struct CommandTableTests {
  @Test func everyRouteIsInTheTableAsItReads() throws {
    for route in routes + hiddenRoutes {
      for word in route.words {
        let entry = try #require(commandTable.command(named: word.uppercased()), "\(word)")
        #expect(entry.name == route.command.name)
        #expect(entry.reading == route.reading, "\(word)")
        #expect(entry.actions == route.actions, "\(word)")
        #expect(entry.readsAmounts == route.command.readsAmounts, "\(word)")
      }
    }
    #expect(commandTable.commands.count == routes.count + hiddenRoutes.count)
  }

  @Test func theShellsOwnLinesNameCommands() throws {
    for name in [commandTable.entry, commandTable.review, commandTable.budget] {
      let name = try #require(name)
      #expect(command(named: name)?.name == name)
    }
    #expect(commandTable.budget == budgetSettingCommand.name)
  }
}
