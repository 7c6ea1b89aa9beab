import Foundation
import SpendlyTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `spendly open --desktop`, as the desktop entry runs it in a terminal window that closes when
/// spendly exits: a refusal waits for Enter, a saved line for a key (or 2 seconds).
@Suite("the desktop entry's window")
struct DesktopWindowTerminalTests {
  func start(_ sandbox: Sandbox, _ link: String) throws -> ShellSession {
    let session = try PTYSession(
      executable: spendlyBinary, arguments: sandbox.globals + ["open", "--desktop", link],
      environment: sandbox.environment)
    return ShellSession(session, sandbox: sandbox)
  }

  /// The process state letter from /proc (S while it waits in read, Z once it has exited).
  func state(_ pid: pid_t) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    return text[text.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
  }

  @Test func aRefusalWaitsForEnter() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(sandbox, "spendly://quickadd?amount=420&to=Moon")
    try shell.terminal.waitForScreen(containing: "press Enter to close")
    #expect(shell.screen.text.contains("spendly: "), "\(shell.screen.text)")
    #expect(state(shell.terminal.pid) != "Z", "the window closed before Enter")
    shell.terminal.send(Key.enter)
    #expect(try shell.terminal.waitForExit() == 65)
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
  }

  @Test func aSavedLineStaysUntilAKey() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(sandbox, "spendly://quickadd?amount=420&method=UPI&category=Food")
    try shell.waitForPrompt(ShellSession.save, count: 1)
    shell.terminal.send(Key.enter)
    try shell.terminal.waitForScreen(containing: "saved #1 · -₹420.00 Food · UPI")
    // Waiting for a key: the terminal reads keys one at a time.
    try shell.terminal.waitUntilEditing()
    shell.terminal.send("q")
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(try sandbox.transactions().count == 1)
  }

  @Test func abandoningTheDraftIsNoRefusal() throws {
    let sandbox = try Sandbox.forShell()
    let shell = try start(sandbox, "spendly://quickadd?amount=420")
    try shell.waitForPrompt(ShellSession.save, count: 1)
    shell.terminal.send("n" + Key.enter)
    try shell.terminal.waitUntilEditing()
    shell.terminal.send("q")
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(try sandbox.transactions().isEmpty)
  }
}
