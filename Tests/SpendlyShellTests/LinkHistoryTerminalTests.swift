import Foundation
import SpendlyTestSupport
import Testing

/// A bare link (`spendly://quickadd`) on a terminal: once the amount is typed, the method,
/// category and merchant come from the entries of a similar amount, as `quick` suggests them.
@Suite("links that use the amount's history")
struct LinkHistoryTerminalTests {
  @Test func aBareLinkSuggestsFromTheAmountTyped() throws {
    let sandbox = try Sandbox.forShell()
    for phrase in ["180 cash food at Chai Point", "180 cash food at Chai Point", "5000 card shopping at Zara"] {
      let result = try sandbox.run(["add", "--yes"] + phrase.split(separator: " ").map(String.init))
      #expect(result.status == 0, "\(result.err)")
    }
    let session = try PTYSession(
      executable: spendlyBinary, arguments: sandbox.globals + ["open", "spendly://quickadd"],
      environment: sandbox.environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt("  amount   :", count: 1)
    try shell.enter("180" + Key.enter, then: ShellSession.save)
    let text = shell.screen.text
    #expect(text.contains("₹180.00  Cash?  Food?  Chai Point?"), "\(text)")
    #expect(text.contains("? from your history: category, method, merchant"), "\(text)")
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try sandbox.transactions()
    try #require(saved.count == 4)
    #expect(saved[0]["category"] as? String == "Food")
    #expect(saved[0]["method"] as? String == "Cash")
    #expect(saved[0]["merchant"] as? String == "Chai Point")
  }
}

/// A bare link asks the amount first, as quick does: no draft of defaults (`Cash?  Other?`)
/// comes before it, since the amount's history decides them; an amount-only link shows the
/// draft the history gives at once.
@Suite("links ask the amount first")
struct LinkAmountFirstTerminalTests {
  func history() throws -> Sandbox {
    let sandbox = try Sandbox.forShell()
    for phrase in ["180 cash food at Chai Point", "180 cash food at Chai Point", "5000 card shopping at Zara"] {
      let result = try sandbox.run(["add", "--yes"] + phrase.split(separator: " ").map(String.init))
      #expect(result.status == 0, "\(result.err)")
    }
    return sandbox
  }

  func open(_ link: String, _ sandbox: Sandbox, first prompt: String) throws -> ShellSession {
    let session = try PTYSession(
      executable: spendlyBinary, arguments: sandbox.globals + ["open", link], environment: sandbox.environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt(prompt, count: 1)
    return shell
  }

  @Test func aBareLinkAsksTheAmountBeforeAnyDraft() throws {
    let sandbox = try history()
    let shell = try open("spendly://quickadd", sandbox, first: "  amount   :")
    let before = shell.screen.text
    #expect(!before.contains("Cash?") && !before.contains("Other?") && !before.contains("missing"), "\(before)")
    #expect(before.trimmingCharacters(in: .whitespaces) == "amount   :", "\(before)")
    try shell.enter("5000" + Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("₹5,000.00  Credit Card?  Shopping?  Zara?"), "\(shell.screen.text)")
    shell.terminal.send("n" + Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(try sandbox.transactions().count == 3)
  }

  @Test func aBareLinkAbandonedAtTheAmountSavesNothing() throws {
    let sandbox = try history()
    let shell = try open("spendly://quickadd", sandbox, first: "  amount   :")
    shell.terminal.send(Key.ctrlC)
    _ = try shell.terminal.waitForExit()
    #expect(shell.screen.text.contains("discarded (nothing saved)"), "\(shell.screen.text)")
    #expect(try sandbox.transactions().count == 3)
  }

  @Test func anAmountOnlyLinkShowsTheHistorysDraft() throws {
    let sandbox = try history()
    let shell = try open("spendly://quickadd?amount=180", sandbox, first: ShellSession.save)
    #expect(shell.screen.text.contains("₹180.00  Cash?  Food?  Chai Point?"), "\(shell.screen.text)")
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(try sandbox.transactions().first?["merchant"] as? String == "Chai Point")
  }
}

/// `quick`'s merchant and note meet the hidden-character rule: refused, named, asked again.
@Suite("quick and hidden characters")
struct QuickHiddenCharacterTerminalTests {
  @Test func aHiddenCharacterInTheMerchantIsRefusedAndAskedAgain() throws {
    let sandbox = try Sandbox.forShell()
    let session = try PTYSession(
      executable: spendlyBinary, arguments: sandbox.globals + ["quick"], environment: sandbox.environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt("  amount   :", count: 1)
    try shell.enter("420" + Key.enter, then: "  method   :")
    try shell.enter(Key.enter, then: "  category :")
    try shell.enter(Key.enter, then: "  merchant :")
    try shell.enter("Jo\u{200B}e" + Key.enter, then: "  merchant :")
    #expect(shell.screen.text.contains("invisible or direction-changing character (U+200B)"), "\(shell.screen.text)")
    try shell.enter("Joe" + Key.enter, then: "  note     :")
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try sandbox.transactions()
    #expect(saved.first?["merchant"] as? String == "Joe")
  }
}
