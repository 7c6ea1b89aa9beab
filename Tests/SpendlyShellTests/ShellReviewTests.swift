import Foundation
import SpendlyTestSupport
import Testing

/// Issue 8 on a real terminal: the review as stages (back, jump, one field by name), `edit ID`
/// ending on save?, field histories kept apart, a history file per database, escape sequences
/// typed into a field never echoed, and a line that is entry and question alike asked about.
@Suite("shell review and questions on a terminal")
struct ShellReviewTests {
  let field = ShellSession.field

  @Test func reviewGoesBackAndJumpsByName() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("250 upi food lunch at Social" + Key.enter, then: ShellSession.save)
    try shell.enter("e" + Key.enter, then: field("amount"), reads: "  amount   : 250.00")
    try shell.enter(Key.enter, then: field("kind"), reads: "  kind     : expense")
    // `<` after the pre-filled value goes back a field.
    try shell.enter("<" + Key.enter, then: field("amount"), reads: "  amount   : 250.00")
    try shell.enter(Key.ctrlU + "300" + Key.enter, then: field("kind"), reads: "  kind     : expense")
    // `>note` jumps ahead; the fields after it follow, and the draft is shown again to confirm.
    try shell.enter(">note" + Key.enter, then: field("note"), reads: "  note     : lunch")
    try shell.enter(Key.ctrlU + "team lunch" + Key.enter, then: field("date"))
    try shell.enter(Key.enter, then: field("time"))
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("  expense  ₹300.00  UPI  Food  Social  \"team lunch\"  today 13:05"))
    // A field's name at save? edits that one field, then asks again.
    try shell.enter("e merchant" + Key.enter, then: field("merchant"), reads: "  merchant : Social")
    try shell.enter(Key.ctrlU + "Blue Tokai" + Key.enter, then: ShellSession.save)
    #expect(shell.prompts(ShellSession.save) == 3)
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "300.00")
    #expect(saved[0]["note"] as? String == "team lunch")
    #expect(saved[0]["merchant"] as? String == "Blue Tokai")
  }

  @Test func editAtThePromptEndsOnSave() throws {
    let sandbox = try Sandbox.forShell()
    _ = try sandbox.run(["add", "--yes", "420", "upi", "food", "lunch", "at", "Social"])
    let shell = try sandbox.shell()
    try shell.enter("edit 1" + Key.enter, then: field("amount"), reads: "  amount   : 420.00")
    try shell.enter(Key.ctrlU + "450" + Key.enter, then: field("kind"))
    for name in ["currency", "category", "method", "merchant", "note", "date", "time"] {
      try shell.enter(Key.enter, then: field(name))
    }
    // After the last field: the draft and the question, not a save.
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(try sandbox.transactions().first?["amount"] as? String == "420.00")
    try shell.enter("n" + Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.contains("#1 unchanged"))
    #expect(try sandbox.transactions().first?["amount"] as? String == "420.00")
    try shell.enter("edit 1" + Key.enter, then: field("amount"))
    try shell.enter(Key.ctrlU + "450" + Key.enter, then: field("kind"))
    for name in ["currency", "category", "method", "merchant", "note", "date", "time"] {
      try shell.enter(Key.enter, then: field(name))
    }
    try shell.enter(Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.contains("updated #1"))
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().first?["amount"] as? String == "450.00")
  }

  @Test func upInAFieldRecallsThatFieldOnly() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("180 coffee" + Key.enter, then: ShellSession.save)
    try shell.enter("merchant" + Key.enter, then: field("merchant"))
    try shell.enter("Blue Tokai" + Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    try shell.enter("90 chai" + Key.enter, then: ShellSession.save)
    try shell.enter("merchant" + Key.enter, then: field("merchant"))
    // Up gives the merchant typed before, not a main-prompt line; again stays there.
    try shell.type(Key.up, until: "  merchant : Blue Tokai")
    try shell.type(Key.up, until: "  merchant : Blue Tokai")
    try shell.enter(Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    // The main prompt's Up gives main-prompt lines.
    try shell.type(Key.up, until: "spendly> 90 chai")
    try shell.type(Key.ctrlU, until: "spendly>")
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().map { $0["merchant"] as? String } == ["Blue Tokai", "Blue Tokai"])
  }

  @Test func historyIsKeptPerDatabase() throws {
    let sandbox = try Sandbox.forShell()
    let other = sandbox.directory + "/other.db"
    do {
      let session = try PTYSession(
        executable: spendlyBinary, arguments: ["--db", other, "--now", now],
        environment: sandbox.environment, columns: 100, rows: 40)
      let shell = ShellSession(session, sandbox: sandbox)
      try shell.waitForPrompt(ShellSession.main, count: 1)
      try shell.enter("75 cash snacks chips" + Key.enter, then: ShellSession.save)
      try shell.enter("n" + Key.enter, then: ShellSession.main)
      #expect(try shell.quit() == 0)
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile), "the default database's history")
    let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.stateHome + "/spendly")
    #expect(files.contains { $0.hasPrefix("history-") }, "\(files)")
    // The default database's shell has nothing under Up.
    let shell = try sandbox.shell()
    shell.terminal.send(Key.up + "x")
    try shell.waitForCursorLine("spendly> x")
    try shell.type(Key.backspace, until: "spendly>")
    #expect(try shell.quit() == 0)
  }

  @Test func escapesTypedIntoAFieldAreNotEchoed() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("coffee at starbucks" + Key.enter, then: field("amount"))
    let before = shell.terminal.output.count
    shell.terminal.send("\u{1B}]0;pwned\u{07}12x" + Key.enter)
    try shell.waitForPrompt(field("amount"), count: 2)
    let echoed = shell.terminal.output[before...]
    // What spendly printed back (the refusal) carries no OSC sequence.
    #expect(!String(decoding: echoed, as: UTF8.self).contains("\u{1B}]0;"))
    #expect(shell.screen.text.contains("is not a number"))
    try shell.enter(Key.ctrlU + "180" + Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().first?["merchant"] as? String == "Starbucks")
  }

  @Test func aLineBothEntryAndQuestionIsAskedWithNoDefault() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    let ask = "  food 2025 → record ₹2,025.00 Food, or answer \"food in 2025\"? [e/q]"
    try shell.enter("food 2025" + Key.enter, then: ask)
    // Enter alone answers nothing: the question comes again.
    try shell.enter(Key.enter, then: ask)
    try shell.enter("q" + Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.contains("nothing spent on Food 2025"))
    try shell.enter("food 2025" + Key.enter, then: ask)
    try shell.enter("e" + Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().map { $0["amount"] as? String } == ["2025.00"])
  }
}
