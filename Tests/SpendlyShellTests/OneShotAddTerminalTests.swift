import Foundation
import SpendlyTestSupport
import Testing

/// `spendly add PHRASE` on a terminal asks with the shell's own dialogue: the same
/// `save? [Y/e/n]`, the same review, the same discard.
@Suite("one-shot add on a terminal")
struct OneShotAddTerminalTests {
  func add(_ sandbox: Sandbox, _ phrase: [String]) throws -> ShellSession {
    let session = try PTYSession(
      executable: spendlyBinary, arguments: sandbox.globals + ["add"] + phrase, environment: sandbox.environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt(ShellSession.save, count: 1)
    return shell
  }

  @Test func enterSaves() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try add(sandbox, ["420", "upi", "food", "lunch"])
    #expect(shell.screen.text.contains("  expense  ₹420.00  UPI  Food  \"lunch\"  today 13:05"))
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(shell.screen.text.contains("saved #1 · -₹420.00 Food · UPI"))
    #expect(try sandbox.transactions().count == 1)
  }

  @Test func aFieldNameEditsThatFieldThenAsksAgain() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try add(sandbox, ["99", "cash", "food", "coffee"])
    try shell.enter("note" + Key.enter, then: ShellSession.field("note"), reads: "  note     : coffee")
    try shell.enter(Key.ctrlU + "tea" + Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("  expense  ₹99.00  Cash  Food  \"tea\"  today 13:05"))
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["note"] as? String == "tea")
  }

  @Test func nDiscards() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try add(sandbox, ["180", "cash", "coffee"])
    shell.terminal.send("n" + Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(shell.screen.text.contains("  discarded"))
    #expect(!shell.screen.text.contains("saved #"))
  }
}
