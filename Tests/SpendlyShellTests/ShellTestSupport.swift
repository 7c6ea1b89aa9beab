import Foundation
import SpendlyTestSupport
import Testing

extension Sandbox {
  /// A sandbox for the shell: its database is the default one of its XDG_DATA_HOME.
  static func forShell() throws -> Sandbox { try Sandbox(layout: .shell) }

  /// `spendly --db DB --now NOW` with no command on a fresh terminal; waits for the first prompt.
  func shell(columns: Int = 100, rows: Int = 40) throws -> ShellSession {
    let session = try PTYSession(
      executable: spendlyBinary, arguments: globals, environment: environment, columns: columns, rows: rows)
    let shell = ShellSession(session, sandbox: self)
    try shell.waitForPrompt(ShellSession.main, count: 1)
    return shell
  }
}

/// The spendly shell on a terminal, driven the way a person types.
final class ShellSession {
  let terminal: PTYSession
  /// Kept so the sandbox outlives the program using it.
  let sandbox: Sandbox
  var screen: Screen { terminal.screen }

  static let main = "spendly>"
  static let save = "  save? [Y/e/n]"

  /// The review prompt for a field, as the shell labels it ("  category : ").
  static func field(_ name: String) -> String {
    "  " + name + String(repeating: " ", count: max(1, 9 - name.count)) + ":"
  }

  init(_ terminal: PTYSession, sandbox: Sandbox) {
    self.terminal = terminal
    self.sandbox = sandbox
  }

  deinit { terminal.terminate() }

  /// How many rows on the screen start with a prompt (trailing blanks aside).
  func prompts(_ prompt: String) -> Int {
    screen.lines.filter { $0.hasPrefix(prompt) }.count
  }

  /// Waits until `count` rows show `prompt` and the line editor reads keys.
  func waitForPrompt(_ prompt: String, count: Int) throws {
    try terminal.wait(for: "prompt #\(count) '\(prompt)'") { prompts(prompt) >= count }
    try terminal.waitUntilEditing()
  }

  /// Types keys that end a line and waits for the next prompt to appear anew, ready for keys;
  /// with `reads`, also until the cursor row reads so (a pre-filled value is drawn after the
  /// prompt, so it needs its own wait; keys typed meanwhile are read after it).
  func enter(_ keys: String, then prompt: String, reads row: String? = nil) throws {
    let before = prompts(prompt)
    terminal.send(keys)
    try waitForPrompt(prompt, count: before + 1)
    if let row { try waitForCursorLine(row) }
  }

  func waitForCursorLine(_ row: String) throws {
    try terminal.wait(for: "the cursor row to read '\(row)'") { screen.cursorLine == row }
  }

  /// Types keys that stay on the current line and waits for the cursor row to read `row`.
  func type(_ keys: String, until row: String) throws {
    terminal.send(keys)
    try waitForCursorLine(row)
  }

  /// ^D at the main prompt; the exit code.
  func quit() throws -> Int32 {
    terminal.send("\u{04}")
    return try terminal.waitForExit()
  }
}

/// Keys as a terminal sends them.
enum Key {
  static let enter = "\r"
  static let tab = "\t"
  static let ctrlA = "\u{01}"
  static let ctrlC = "\u{03}"
  static let ctrlD = "\u{04}"
  static let ctrlF = "\u{06}"
  static let ctrlU = "\u{15}"
  static let up = "\u{1B}[A"
  static let backspace = "\u{7F}"
}
