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
