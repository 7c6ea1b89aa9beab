import Foundation
import SpendlyTestSupport
import Testing

/// `spendly quick` and `spendly open` on a terminal, typed as a person types.
@Suite("quick capture on a terminal")
struct QuickCaptureTerminalTests {
  static let amount = "  amount   :"
  static let method = "  method   :"
  static let category = "  category :"
  static let merchant = "  merchant :"
  static let note = "  note     :"

  /// A history where UPI is the most used method and Food the usual category for about 420 at
  /// this hour, though the latest entries are Cash and Travel.
  func seeded() throws -> Sandbox {
    let sandbox = try Sandbox.forShell()
    for phrase in [
      "450 upi food", "380 upi food", "500 upi food", "5000 card shopping", "100 cash travel", "90 cash travel",
    ] {
      let result = try sandbox.run(["add", "--yes"] + phrase.split(separator: " ").map(String.init))
      #expect(result.status == 0, "\(result.err)")
    }
    return sandbox
  }

  func start(_ sandbox: Sandbox, _ arguments: [String], waitingFor prompt: String) throws -> ShellSession {
    let session = try PTYSession(
      executable: spendlyBinary, arguments: sandbox.globals + arguments, environment: sandbox.environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt(prompt, count: 1)
    return shell
  }

  @Test func fiveKeystrokesSaveAUsualExpense() throws {
    let sandbox = try seeded()
    let shell = try start(sandbox, ["quick"], waitingFor: Self.amount)
    try shell.enter("420" + Key.enter, then: Self.method)
    #expect(shell.screen.cursorLine.hasPrefix("  method   : (1 UPI, 2 Cash, 3 Credit Card, "), "\(shell.screen.text)")
    #expect(shell.screen.cursorLine.hasSuffix("[UPI]"), "\(shell.screen.cursorLine)")
    try shell.enter(Key.enter, then: Self.category)
    #expect(shell.screen.cursorLine.hasPrefix("  category : (1 Food, 2 Travel, 3 Shopping, "), "\(shell.screen.text)")
    try shell.enter(Key.enter, then: Self.merchant)
    try shell.enter(Key.enter, then: Self.note)
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(shell.screen.text.contains("saved #7 · -₹420.00 Food · UPI"), "\(shell.screen.text)")
    let saved = try sandbox.transactions()
    try #require(saved.count == 7)
    #expect(saved[0]["amount"] as? String == "420.00")
    #expect(saved[0]["method"] as? String == "UPI")
    #expect(saved[0]["category"] as? String == "Food")
    #expect(saved[0]["merchant"] is NSNull)
    #expect(saved[0]["time"] as? String == "13:05")
  }

  @Test func aDigitATabAndTypedAnswersPick() throws {
    let sandbox = try seeded()
    let shell = try start(sandbox, ["quick"], waitingFor: Self.amount)
    try shell.enter("-5" + Key.enter, then: Self.amount)  // refused, asked again
    #expect(shell.screen.text.contains("amount"))
    try shell.enter("1,250.50" + Key.enter, then: Self.method)
    try shell.enter("2" + Key.enter, then: Self.category)
    try shell.type(
      "Sho" + Key.tab, until: "  category : (1 Food, 2 Travel, 3 Shopping, 4 Groceries, …) [Food] Shopping")
    try shell.enter(Key.enter, then: Self.merchant)
    try shell.enter("Zara" + Key.enter, then: Self.note)
    shell.terminal.send("shirt" + Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try sandbox.transactions()
    #expect(saved[0]["amount"] as? String == "1250.50")
    #expect(saved[0]["method"] as? String == "Cash")
    #expect(saved[0]["category"] as? String == "Shopping")
    #expect(saved[0]["merchant"] as? String == "Zara")
    #expect(saved[0]["note"] as? String == "shirt")
  }

  @Test func aWrongChoiceIsAskedAgain() throws {
    let sandbox = try seeded()
    let shell = try start(sandbox, ["quick"], waitingFor: Self.amount)
    try shell.enter("420" + Key.enter, then: Self.method)
    try shell.enter("9" + Key.enter, then: Self.method)
    #expect(shell.screen.text.contains("'9' is not a method here"))
    try shell.enter("gpay" + Key.enter, then: Self.category)  // a word for UPI
    try shell.enter("salary" + Key.enter, then: Self.category)  // income: not on an expense
    #expect(shell.screen.text.contains("'salary' is not a category here"))
    shell.terminal.send(Key.ctrlC)
    #expect(try shell.terminal.waitForExit() == 1)
    #expect(try sandbox.transactions().count == 6)
  }

  @Test func controlCAndControlDAbandon() throws {
    for (key, prompt) in [("\u{03}", Self.amount), ("\u{04}", Self.category), ("\u{03}", Self.note)] {
      let sandbox = try seeded()
      let shell = try start(sandbox, ["quick"], waitingFor: Self.amount)
      if prompt != Self.amount {
        try shell.enter("420" + Key.enter, then: Self.method)
        try shell.enter(Key.enter, then: Self.category)
        if prompt == Self.note {
          try shell.enter(Key.enter, then: Self.merchant)
          try shell.enter(Key.enter, then: Self.note)
        }
      }
      shell.terminal.send(key)
      #expect(try shell.terminal.waitForExit() == 1)
      #expect(shell.screen.text.contains("discarded (nothing saved)"))
      #expect(try sandbox.transactions().count == 6)
    }
  }

  @Test func withoutHistoryTheDefaultsAreSuggested() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(sandbox, ["quick"], waitingFor: Self.amount)
    try shell.enter("99" + Key.enter, then: Self.method)
    try shell.enter(Key.enter, then: Self.category)
    try shell.enter(Key.enter, then: Self.merchant)
    try shell.enter(Key.enter, then: Self.note)
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try sandbox.transactions()
    #expect(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "99.00")
  }

  @Test func quickNeedsATerminal() throws {
    let sandbox = try Sandbox.forShell()
    let result = try sandbox.run(["quick"])
    #expect(result.status == 64)
    #expect(result.err.contains("log-payment"))
  }

  // MARK: open

  @Test func aLinkWithAnAmountShowsTheDraftAndEnterSaves() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(
      sandbox, ["open", "spendly://quickadd?amount=420&category=Food&method=UPI&merchant=Social&note=lunch"],
      waitingFor: ShellSession.save)
    #expect(shell.screen.text.contains("  expense  ₹420.00  UPI  Food  Social  \"lunch\"  today 13:05"))
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(shell.screen.text.contains("saved #1 · -₹420.00 Food · UPI"))
    #expect(try sandbox.transactions().count == 1)
  }

  /// What the desktop runs for a spendly:// link (xdg-open reads the entry `make install` puts
  /// in place): the entry's own Exec line, `spendly` found on PATH, `%u` the link.
  @Test func theDesktopEntrysExecLineOpensTheLink() throws {
    let sandbox = try Sandbox.forShell()
    let entry = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("share/spendly.desktop")
    let text = try String(contentsOf: entry, encoding: .utf8)
    #expect(text.contains("MimeType=x-scheme-handler/spendly;") && text.contains("Terminal=true"))
    let exec = try #require(text.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
    #expect(exec == "spendly open --desktop %u")
    let bin = sandbox.directory + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bin + "/spendly", withDestinationPath: spendlyBinary)
    let line = exec.replacingOccurrences(of: "%u", with: "'spendly://quickadd?amount=420&category=Food&method=UPI'")
    var environment = sandbox.environment
    environment["PATH"] = bin + ":/usr/bin:/bin"
    let session = try PTYSession(executable: "/bin/sh", arguments: ["-c", line], environment: environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt(ShellSession.save, count: 1)
    #expect(shell.screen.text.contains("  expense  ₹420.00  UPI  Food"), "\(shell.screen.text)")
    shell.terminal.send(Key.enter)
    // The saved line stays in the window until a key (or 2 seconds).
    try shell.terminal.waitForScreen(containing: "saved #1 · -₹420.00 Food · UPI")
    shell.terminal.send("x")
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(try sandbox.transactions().count == 1)
  }

  @Test func aLinkWithoutAnAmountAsksForIt() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(sandbox, ["open", "spendly://quickadd?method=Cash"], waitingFor: Self.amount)
    // The amount first, as quick asks it: no draft of defaults the amount's history would change.
    #expect(!shell.screen.text.contains("amount?") && !shell.screen.text.contains("Other?"), "\(shell.screen.text)")
    try shell.enter(Key.enter, then: Self.amount)  // an empty answer is no amount
    try shell.enter("75" + Key.enter, then: ShellSession.save)
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try sandbox.transactions()
    #expect(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "75.00")
    #expect(saved[0]["method"] as? String == "Cash")
  }

  @Test func aBareLinkAbandonedSavesNothing() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(sandbox, ["open", "spendly://quickadd"], waitingFor: Self.amount)
    shell.terminal.send(Key.ctrlC)
    #expect(try shell.terminal.waitForExit() == 0)  // open's abandon (not quick's)
    #expect(shell.screen.text.contains("discarded (nothing saved)"))
    #expect(try sandbox.transactions().isEmpty)
  }

  @Test func aDroppedCategoryIsShownOnTheDraft() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(
      sandbox, ["open", "spendly://quickadd?amount=420&category=Salary"], waitingFor: ShellSession.save)
    #expect(shell.screen.text.contains("note: dropped category Salary"))
    shell.terminal.send("n" + Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(try sandbox.transactions().isEmpty)
  }
}
