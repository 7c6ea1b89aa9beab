import Foundation
import SpendlyTestSupport
import Testing

/// `due --log` at the shell asks `log N charges? [Y/n]`; an answer it does not know asks again
/// (as `save?` does) instead of meaning no.
@Suite("due --log asks again")
struct DueConfirmTerminalTests {
  @Test func anUnknownAnswerAsksAgainAndYesLogs() throws {
    let sandbox = try Sandbox.forShell()
    _ = try sandbox.run(["recurring", "add", "--yes", "rent", "18000", "monthly", "from", "1", "oct", "2026", "neft"])
    let shell = try sandbox.shell()
    let ask = "  log 2 charges? [Y/n]"
    // The question is read a line at a time (no line editor): wait for the screen alone.
    shell.terminal.send("due --log" + Key.enter)
    try shell.terminal.wait(for: "the question") { shell.prompts(ask) >= 1 }
    shell.terminal.send("maybe" + Key.enter)
    try shell.terminal.wait(for: "the question again") { shell.prompts(ask) >= 2 }
    #expect(shell.screen.text.contains("'maybe' does not answer"))
    #expect(try sandbox.transactions().isEmpty)
    shell.terminal.send("y" + Key.enter)
    try shell.waitForPrompt(ShellSession.main, count: 2)
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().count == 2)
  }
}
