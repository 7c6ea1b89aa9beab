import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `spendly`, next to the test bundle (e.g. `.build/debug/spendly`).
let spendlyBinary: String = {
  var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let length = readlink("/proc/self/exe", &path, path.count - 1)
  let bundle =
    length > 0
    ? String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
  return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("spendly").path
}()

/// The fixed clock every run uses.
let now = "2026-11-29T13:05"

/// What one non-terminal run produced.
struct RunResult {
  let status: Int32
  let stdout: Data
  let stderr: Data
  var out: String { String(decoding: stdout, as: UTF8.self) }
  var err: String { String(decoding: stderr, as: UTF8.self) }
}

/// A fresh directory under /tmp holding the database, the history (XDG_STATE_HOME) and HOME,
/// removed when the sandbox goes away. Nothing outside it is read or written.
final class Sandbox {
  let directory: String
  /// The default database of this sandbox's XDG_DATA_HOME (so its history file is `history`).
  var database: String { directory + "/data/spendly/spendly.db" }
  var stateHome: String { directory + "/state" }
  var historyFile: String { stateHome + "/spendly/history" }

  init() throws {
    var template = Array("/tmp/spendly-shell-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    directory = try #require(made.map { String(cString: $0) }, "mkdtemp failed")
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  var environment: [String: String] {
    [
      "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_STATE_HOME": stateHome, "XDG_DATA_HOME": directory + "/data",
      "XDG_CONFIG_HOME": directory + "/config", "TERM": "xterm", "LANG": "C.UTF-8",
    ]
  }

  var globals: [String] { ["--db", database, "--now", now] }

  /// `spendly --db DB --now NOW` with no command on a fresh terminal; waits for the first prompt.
  func shell(columns: Int = 100, rows: Int = 40) throws -> ShellSession {
    let session = try PTYSession(
      executable: spendlyBinary, arguments: globals, environment: environment, columns: columns, rows: rows)
    let shell = ShellSession(session, sandbox: self)
    try shell.waitForPrompt(ShellSession.main, count: 1)
    return shell
  }

  /// Runs `spendly --db DB --now NOW ARGS...` with stdin from `input` (or /dev/null) and pipes.
  func run(_ arguments: [String], input: Data? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: spendlyBinary)
    process.arguments = globals + arguments
    process.environment = environment  // TERM=xterm too: off a terminal there must be no escapes anyway
    let stdinPipe = Pipe()
    if input != nil {
      process.standardInput = stdinPipe
    } else {
      process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    }
    let out = Pipe()
    process.standardOutput = out
    // stderr to a file, so only one pipe needs draining while the child runs.
    let errorPath = directory + "/stderr-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
    if let input {
      // Small inputs fit in the pipe's buffer; closing it is the end of input.
      try stdinPipe.fileHandleForWriting.write(contentsOf: input)
      try stdinPipe.fileHandleForWriting.close()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "spendly \(arguments) died of a signal")
    let errData = FileManager.default.contents(atPath: errorPath) ?? Data()
    return RunResult(status: process.terminationStatus, stdout: outData, stderr: errData)
  }

  /// The saved transactions, newest first, as `list --json` gives them.
  func transactions() throws -> [[String: Any]] {
    let result = try run(["list", "--json"])
    #expect(result.status == 0, "list --json: \(result.err)")
    let parsed = try JSONSerialization.jsonObject(with: result.stdout)
    return try #require(parsed as? [[String: Any]], "list --json gave \(result.out)")
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
