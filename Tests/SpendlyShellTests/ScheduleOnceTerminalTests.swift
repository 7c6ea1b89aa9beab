import Foundation
import SpendlyTestSupport
import Testing

/// Issue 22 at a terminal: a schedule's draft offers `o` (saved once, no schedule), and a
/// command word before an entry shows the entry's draft.
@Suite("Shell on a terminal: once, and entries after a command's word", .serialized)
struct ScheduleOnceTerminalTests {
  @Test func oSavesAScheduleDraftOnceAsAnEntry() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("weekly groceries 2000 dmart upi" + Key.enter, then: "  save? [Y/e/o/n]")
    try shell.enter("o" + Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    let saved = try sandbox.transactions()
    try #require(saved.count == 1)
    #expect(saved[0]["amount"] as? String == "2000.00")
    #expect(!((saved[0]["note"] as? String) ?? "").contains("weekly"), "\(saved)")
  }

  @Test func aCommandWordBeforeAnEntryShowsItsDraft() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try sandbox.shell()
    try shell.enter("upcoming concert tickets 2500 card" + Key.enter, then: ShellSession.save)
    #expect(!shell.screen.text.contains("give a number of days"), "\(shell.screen.text)")
    try shell.enter(Key.enter, then: ShellSession.main)
    #expect(try shell.quit() == 0)
    #expect(try sandbox.transactions().map { $0["amount"] as? String } == ["2500.00"])
  }
}
