import Foundation
import SpendlyTestSupport
import Testing

/// Issue 27: a review field shows its value pre-filled; Enter keeps it, the first printable key
/// typed replaces it (`category : Food`, then `groceries`, is Groceries, not Foodgroceries), and
/// Backspace or the arrows first edit it as shown. The rule is the line editor's, so the
/// shell's review and one-shot add's (as every review) behave alike.
@Suite("typing over a pre-filled review field")
struct PrefilledFieldTerminalTests {
  let field = ShellSession.field
  static let left = "\u{1B}[D"

  @Test func typingReplacesTheValueAndEditingKeysEditIt() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("250 upi food lunch at Social" + Key.enter, then: ShellSession.save)
    try shell.enter("e" + Key.enter, then: field("amount"), reads: "  amount   : 250.00")
    try shell.type("300", until: "  amount   : 300")
    try shell.enter(Key.enter, then: field("kind"), reads: "  kind     : expense")
    try shell.enter(Key.enter, then: field("currency"), reads: "  currency : INR")
    try shell.enter(Key.enter, then: field("category"), reads: "  category : Food")
    try shell.type("groceries", until: "  category : groceries")
    try shell.enter(Key.enter, then: field("method"), reads: "  method   : UPI")
    try shell.enter(Key.enter, then: field("merchant"), reads: "  merchant : Social")
    // Backspace first: the value stays, one character shorter, and typing goes on after it.
    try shell.type(Key.backspace, until: "  merchant : Socia")
    try shell.type("l Hub", until: "  merchant : Social Hub")
    try shell.enter(Key.enter, then: field("note"), reads: "  note     : lunch")
    // An arrow first: the cursor moves into the value, and what follows is inserted there.
    try shell.type(
      Self.left + Self.left + Self.left + Self.left + Self.left + "team ", until: "  note     : team lunch")
    try shell.enter(Key.enter, then: field("date"), reads: "  date     : 2026-11-29")
    try shell.enter(Key.enter, then: field("time"), reads: "  time     : 13:05")
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(
      shell.screen.text.contains("  expense  ₹300.00  UPI  Groceries  Social Hub  \"team lunch\"  today 13:05"),
      "\(shell.screen.text)")
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "300.00")
    #expect(saved[0]["category"] as? String == "Groceries")
    #expect(saved[0]["merchant"] as? String == "Social Hub")
    #expect(saved[0]["note"] as? String == "team lunch")
  }

  /// One-shot add's review of one field: a value typed over the pre-filled one replaces it,
  /// a non-ASCII first character included; a refused value is pre-filled again, and typing
  /// replaces that too.
  @Test func oneShotAddReplacesTheValueTypedOver() throws {
    let sandbox = try Sandbox.forShell()
    let session = try PTYSession(
      executable: spendlyBinary, arguments: sandbox.globals + ["add", "99", "cash", "food", "coffee"],
      environment: sandbox.environment)
    let shell = ShellSession(session, sandbox: sandbox)
    try shell.waitForPrompt(ShellSession.save, count: 1)
    try shell.enter("category" + Key.enter, then: field("category"), reads: "  category : Food")
    try shell.type("zzz", until: "  category : zzz")
    try shell.enter(Key.enter, then: field("category"), reads: "  category : zzz")  // refused, asked again
    try shell.type("groceries", until: "  category : groceries")
    try shell.enter(Key.enter, then: ShellSession.save)
    try shell.enter("note" + Key.enter, then: field("note"), reads: "  note     : coffee")
    try shell.type("Éclair", until: "  note     : Éclair")
    try shell.enter(Key.enter, then: ShellSession.save)
    #expect(
      shell.screen.text.contains("  expense  ₹99.00  Cash  Groceries  \"Éclair\"  today 13:05"), "\(shell.screen.text)")
    // Enter alone keeps a pre-filled value.
    try shell.enter("note" + Key.enter, then: field("note"), reads: "  note     : Éclair")
    try shell.enter(Key.enter, then: ShellSession.save)
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 0)
    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["category"] as? String == "Groceries")
    #expect(saved[0]["note"] as? String == "Éclair")
  }
}
