import Foundation
import SpendlyTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The shell on a real pseudo-terminal: libedit editing, pre-filled review fields, Tab,
/// ^C and ^D, history, UTF-8. Each test asserts on what the screen shows and on what the
/// database holds afterwards (through `list --json`).
@Suite("shell on a terminal")
struct ShellTerminalTests {
  let field = ShellSession.field

  @Test func enterOnTheDraftSaves() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    #expect(shell.screen.text.contains("type an expense like"))
    try shell.enter("420 upi food lunch at Social" + Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("  expense  ₹420.00  UPI  Food  Social  \"lunch\"  today 13:05"))
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.contains("  saved #1 · Social · Food this month ₹420.00"))
    #expect(try shell.quit() == 0)

    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "420.00")
    #expect(saved[0]["category"] as? String == "Food")
    #expect(saved[0]["method"] as? String == "UPI")
    #expect(saved[0]["merchant"] as? String == "Social")
    #expect(saved[0]["note"] as? String == "lunch")
    let list = try sandbox.run(["list"])
    #expect(list.out.contains("-₹420.00  Food      UPI     Social    lunch"), "\(list.out)")
  }

  @Test func reviewKeepsAPrefilledValueAndTakesAnEditedOne() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("250 upi food lunch at Social" + Key.enter, then: ShellSession.save)
    // Every field comes pre-filled with the draft's value, editable.
    try shell.enter("e" + Key.enter, then: field("amount"), reads: "  amount   : 250.00")
    try shell.enter(Key.ctrlU + "300" + Key.enter, then: field("kind"), reads: "  kind     : expense")
    try shell.enter(Key.enter, then: field("currency"), reads: "  currency : INR")
    try shell.enter(Key.enter, then: field("category"), reads: "  category : Food")
    try shell.enter(Key.enter, then: field("method"), reads: "  method   : UPI")
    try shell.enter(Key.enter, then: field("merchant"), reads: "  merchant : Social")
    try shell.enter(Key.enter, then: field("note"), reads: "  note     : lunch")
    try shell.enter(Key.enter, then: field("date"), reads: "  date     : 2026-11-29")
    try shell.enter(Key.enter, then: field("time"), reads: "  time     : 13:05")
    // The draft again, with the edited amount, and the question again.
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(shell.prompts(ShellSession.save) == 2)
    #expect(shell.screen.text.contains("  expense  ₹300.00  UPI  Food  Social  \"lunch\"  today 13:05"))
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.contains("saved #1"))
    #expect(try shell.quit() == 0)

    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "300.00")
    #expect(saved[0]["merchant"] as? String == "Social")
    #expect(saved[0]["note"] as? String == "lunch")
    #expect(saved[0]["category"] as? String == "Food")
  }

  @Test func tabCompletesOneCategory() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("30 upi zz" + Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("Other?"), "the category is inferred")
    try shell.enter("e" + Key.enter, then: field("amount"))
    try shell.enter(Key.enter, then: field("kind"))
    try shell.enter(Key.enter, then: field("currency"))
    try shell.enter(Key.enter, then: field("category"))
    try shell.type(Key.ctrlU + "Fo", until: "  category : Fo")
    try shell.type(Key.tab, until: "  category : Food")
    try shell.enter(Key.enter, then: field("method"))
    for next in ["merchant", "note", "date", "time"] { try shell.enter(Key.enter, then: field(next)) }
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("  expense  ₹30.00  UPI  Food  \"zz\"  today 13:05"))
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().first?["category"] as? String == "Food")
  }

  @Test func tabListsSeveralMethods() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("420 upi food lunch at Social" + Key.enter, then: ShellSession.save)
    try shell.enter("e" + Key.enter, then: field("amount"))
    for next in ["kind", "currency", "category", "method"] { try shell.enter(Key.enter, then: field(next)) }
    try shell.type(Key.ctrlU + "c", until: "  method   : c")
    // Several matches: listed under the line, then the prompt again with what was typed.
    try shell.enter(Key.tab, then: field("method"), reads: "  method   : c")
    let listing = try #require(shell.screen.lines.first { $0.contains("Cash") }, "\(shell.screen.text)")
    #expect(listing.contains("Credit Card"))
    #expect(!listing.contains("UPI"))
    try shell.type("a" + Key.tab, until: "  method   : Cash")
    for next in ["merchant", "note", "date", "time"] { try shell.enter(Key.enter, then: field(next)) }
    try shell.enter(Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().first?["method"] as? String == "Cash")
  }

  @Test func tabFindsAMerchantByInfix() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("250 upi travel boat at DB Ferry" + Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.contains("saved #1"))
    try shell.enter("100 food" + Key.enter, then: ShellSession.save)
    try shell.enter("e" + Key.enter, then: field("amount"))
    for next in ["kind", "currency", "category", "method"] { try shell.enter(Key.enter, then: field(next)) }
    try shell.enter(Key.enter, then: field("merchant"), reads: "  merchant :")  // none in the draft
    try shell.type("fer", until: "  merchant : fer")
    try shell.type(Key.tab, until: "  merchant : DB Ferry")
    for next in ["note", "date", "time"] { try shell.enter(Key.enter, then: field(next)) }
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("  expense  ₹100.00  Cash  Food  DB Ferry  today 13:05"))
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    let saved = try sandbox.transactions()
    #expect(saved.map { $0["merchant"] as? String } == ["DB Ferry", "DB Ferry"])
  }

  @Test func ctrlCDuringReviewSavesNothing() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("420 upi food lunch at Social" + Key.enter, then: ShellSession.save)
    try shell.enter("e" + Key.enter, then: field("amount"))
    try shell.enter(Key.ctrlU + "999" + Key.enter, then: field("kind"))
    try shell.enter(Key.ctrlC, then: ShellSession.main)
    #expect(shell.screen.text.contains("  discarded (nothing saved)"))
    #expect(!shell.screen.text.contains("saved #"))
    // The shell goes on: the next line is read at the main prompt, not as a review answer.
    try shell.enter("list" + Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.lowercased().contains("no transactions"))
    #expect(try shell.quit() == 0)
    let list = try sandbox.run(["list", "--json"])
    #expect(list.status == 0)
    #expect(list.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
  }

  @Test func ctrlDAtTheMainPromptExits() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    #expect(shell.terminal.isEditing)
    #expect(try shell.quit() == 0)
  }

  @Test func historyCarriesOverToTheNextRun() throws {
    let sandbox = try Sandbox.forShell()
    do {
      let first = try sandbox.shell()
      try first.enter("75 cash snacks chips" + Key.enter, then: ShellSession.save)
      try first.enter("n" + Key.enter, then: ShellSession.main)
      #expect(first.screen.text.contains("  discarded"))
      #expect(try first.quit() == 0)
    }
    var info = stat()
    try #require(stat(sandbox.historyFile, &info) == 0, "no history file at \(sandbox.historyFile)")
    #expect(info.st_mode & 0o777 == 0o600)

    let second = try sandbox.shell()
    #expect(second.screen.cursorLine == "spendly>")
    try second.type(Key.up, until: "spendly> 75 cash snacks chips")
    // The recalled line is editable input: Enter makes a draft of it.
    try second.enter(Key.enter, then: ShellSession.save)
    #expect(second.screen.text.contains("  expense  ₹75.00  Cash"))
    try second.enter("n" + Key.enter, then: ShellSession.main)
    #expect(try second.quit() == 0)
    #expect(try sandbox.transactions().isEmpty)
  }

  @Test func rupeeSignIsTypedAndEdited() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.type("₹50 food", until: "spendly> ₹50 food")
    // ^A then ^F steps over the one character ₹ (not its three bytes): "2" lands before "50".
    try shell.type(Key.ctrlA + Key.ctrlF + "2", until: "spendly> ₹250 food")
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(shell.screen.text.contains("  expense  ₹250.00  Cash?  Food  today 13:05"))
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(shell.screen.text.contains("saved #1 · Food this month ₹250.00"))
    #expect(try shell.quit() == 0)
    let saved = try sandbox.transactions()
    #expect(saved.count == 1)
    #expect(saved.first?["amount"] as? String == "250.00")
    #expect(saved.first?["currency"] as? String == "INR")
  }

  @Test func anInvalidFieldIsAskedAgainWithTheReason() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("30 upi zz" + Key.enter, then: ShellSession.save)
    try shell.enter("e" + Key.enter, then: field("amount"))
    for next in ["kind", "currency", "category"] { try shell.enter(Key.enter, then: field(next)) }
    // The refused value comes back for editing.
    try shell.enter(Key.ctrlU + "zzz" + Key.enter, then: field("category"), reads: "  category : zzz")
    #expect(shell.prompts(field("category")) == 2)
    let reason = try #require(shell.screen.lines.first { $0.contains("unknown category") }, "\(shell.screen.text)")
    #expect(reason.contains("'zzz'"))
    #expect(reason.contains("example: Food"))
    try shell.enter(Key.ctrlU + "Food" + Key.enter, then: field("method"))
    for next in ["merchant", "note", "date", "time"] { try shell.enter(Key.enter, then: field(next)) }
    try shell.enter(Key.enter, then: ShellSession.save)
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().first?["category"] as? String == "Food")
  }
}
