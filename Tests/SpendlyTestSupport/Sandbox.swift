// The test-support module builds only where Swift Testing is (a `--build-tests` build): a
// plain or release build of the package compiles it empty.
#if canImport(Testing)
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `spendly`, next to the test bundle (e.g. `.build/debug/spendly`).
public let spendlyBinary: String = {
  let bundle =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("spendly").path
}()

/// The fixed clock every run of a sandbox uses.
public let now = "2026-11-29T13:05"

/// A fresh directory under /tmp holding the database, HOME and the XDG folders, removed when
/// the sandbox goes away: every test of a command or of the shell runs against one, so
/// nothing outside it is read or written.
public final class Sandbox {
  /// Where the database lives. `.commands`: `data/spendly.db`, passed by `--db`, with the
  /// default database elsewhere (`xdg/`). `.shell`: the default database of the sandbox's
  /// XDG_DATA_HOME (so its history file is `history`), with a state and a config folder.
  public enum Layout: Sendable { case commands, shell }

  public let directory: String
  public let database: String
  public let layout: Layout

  public init(layout: Layout = .commands) throws {
    var template = Array("/tmp/spendly-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    directory = try #require(made.map { String(cString: $0) }, "mkdtemp failed")
    self.layout = layout
    database = directory + (layout == .commands ? "/data/spendly.db" : "/data/spendly/spendly.db")
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  public var stateHome: String { directory + "/state" }
  public var historyFile: String { stateHome + "/spendly/history" }

  /// The environment every run gets: the sandbox's HOME and XDG folders, a plain PATH.
  public var environment: [String: String] {
    switch layout {
    case .commands:
      return ["PATH": "/usr/bin:/bin", "HOME": directory, "XDG_DATA_HOME": directory + "/xdg", "NO_COLOR": "1"]
    case .shell:
      // TERM=xterm too: off a terminal there must be no escapes anyway.
      return [
        "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_STATE_HOME": stateHome, "XDG_DATA_HOME": directory + "/data",
        "XDG_CONFIG_HOME": directory + "/config", "TERM": "xterm", "LANG": "C.UTF-8",
      ]
    }
  }

  /// `--db DB --now NOW`, before the arguments of every run.
  public var globals: [String] { ["--db", database, "--now", now] }

  /// Runs `spendly --db DB --now NOW ARGS...` (without the globals when `globals` is false),
  /// in the sandbox, with stdin from `input` (or /dev/null); with a `launcher` (like setpriv and
  /// its options) that runs `binary`. stdout and stderr are read side by side, so neither
  /// pipe can fill and hang the run.
  public func run(
    _ arguments: [String], globals: Bool = true, input: Data? = nil, launcher: [String] = [],
    binary: String = spendlyBinary
  ) throws -> RunResult {
    let process = Process()
    let command = launcher + [binary] + (globals ? self.globals : []) + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    // A relative --db lands in the sandbox, never in the package directory.
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let stdinPipe = Pipe()
    process.standardInput = input == nil ? FileHandle(forReadingAtPath: "/dev/null") : stdinPipe
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errBox = DataBox()
    let reading = Thread {
      errBox.data = err.fileHandleForReading.readDataToEndOfFile()
      errBox.done.signal()
    }
    reading.start()
    if let input {
      try stdinPipe.fileHandleForWriting.write(contentsOf: input)
      try stdinPipe.fileHandleForWriting.close()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errBox.done.wait()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "spendly \(arguments) crashed")
    return RunResult(status: process.terminationStatus, stdoutData: outData, stderrData: errBox.data)
  }

  /// Runs a command that must succeed quietly on stderr; its stdout.
  @discardableResult
  public func ok(_ arguments: String...) throws -> String {
    let result = try run(arguments)
    #expect(result.status == 0, "spendly \(arguments): \(result.stderr)")
    #expect(result.stderr.isEmpty)
    return result.stdout
  }

  /// Creates the empty database with a command that writes (commands that only read never create one).
  public func createDatabase() throws {
    #expect(try ok("config", "week", "monday") == "week set to monday\n")
  }

  public func addLunch() throws {
    let out = try ok(
      "add", "--amount", "420", "--category", "Food", "--method", "UPI", "--merchant", "Social", "--note", "lunch",
      "--yes")
    #expect(out.hasPrefix("saved #1 · -₹420.00 Food"), "\(out)")
  }

  /// The bytes of the database and of any write-ahead log next to it.
  public func databaseBytes() throws -> [Data?] {
    try ["", "-wal"].map { suffix in
      let path = database + suffix
      return FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
    }
  }

  /// The saved transactions, newest first, as `list --json` gives them.
  public func transactions() throws -> [[String: Any]] {
    let result = try run(["list", "--json"])
    #expect(result.status == 0, "list --json: \(result.stderr)")
    let parsed = try JSONSerialization.jsonObject(with: result.stdoutData)
    return try #require(parsed as? [[String: Any]], "list --json gave \(result.stdout)")
  }
}

/// What one run of the binary produced: its status, and its output as bytes and as text.
public struct RunResult: Sendable {
  public let status: Int32
  public let stdoutData: Data
  public let stderrData: Data

  public init(status: Int32, stdoutData: Data, stderrData: Data) {
    self.status = status
    self.stdoutData = stdoutData
    self.stderrData = stderrData
  }

  public init(status: Int32, stdout: String, stderr: String) {
    self.init(status: status, stdoutData: Data(stdout.utf8), stderrData: Data(stderr.utf8))
  }

  public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
  public var stderr: String { String(decoding: stderrData, as: UTF8.self) }
  public var out: String { stdout }
  public var err: String { stderr }
  public var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

public func permissions(_ path: String) throws -> mode_t {
  var info = stat()
  try #require(stat(path, &info) == 0, "cannot stat \(path)")
  return info.st_mode & 0o777
}

public func json(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// What a reading thread hands back, and the signal that it is read.
public final class DataBox: @unchecked Sendable {
  public var data = Data()
  public let done = DispatchSemaphore(value: 0)
  public init() {}
}
#endif
