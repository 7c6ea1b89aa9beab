import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What one run of the binary produced.
struct RunResult {
  let status: Int32
  let stdout: String
  let stderr: String

  var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

/// The built `spendly`, next to the test bundle (e.g. `.build/debug/spendly`).
let spendlyBinary: String = {
  let bundle =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("spendly").path
}()

/// A temporary directory with a database path in it; everything runs against `--db` there
/// with the clock fixed by `--now`, and HOME/XDG_DATA_HOME pointing inside it too.
final class Sandbox {
  let directory: String
  let database: String

  init() throws {
    var template = Array("/tmp/spendly-cli-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    directory = try #require(made.map { String(cString: $0) })
    database = directory + "/data/spendly.db"
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Runs `spendly --db DB --now 2026-11-29T13:05 ARGS...` with stdin from `input` (small, so
  /// it fits a pipe's buffer) or /dev/null; with a `launcher` (like setpriv and its options)
  /// that runs `binary` instead.
  func run(
    _ arguments: [String], globals: Bool = true, input: Data? = nil, launcher: [String] = [],
    binary: String = spendlyBinary
  ) throws -> RunResult {
    let process = Process()
    let command = launcher + [binary] + (globals ? ["--db", database, "--now", "2026-11-29T13:05"] : []) + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_DATA_HOME": directory + "/xdg", "NO_COLOR": "1",
    ]
    // A relative --db lands in the sandbox, never in the package directory.
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let stdinPipe = Pipe()
    process.standardInput = input == nil ? FileHandle(forReadingAtPath: "/dev/null") : stdinPipe
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    if let input {
      try stdinPipe.fileHandleForWriting.write(contentsOf: input)
      try stdinPipe.fileHandleForWriting.close()
    }
    // stderr is read beside stdout, so a long message cannot fill its pipe and hang the test.
    let errBox = DataBox()
    let reading = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); errBox.done.signal() }
    reading.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errBox.done.wait()
    let errData = errBox.data
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "spendly \(arguments) crashed")
    return RunResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs a command that must succeed quietly on stderr.
  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let result = try run(arguments)
    #expect(result.status == 0, "spendly \(arguments): \(result.stderr)")
    #expect(result.stderr.isEmpty)
    return result.stdout
  }

  /// Creates the empty database with a command that writes (commands that only read never create one).
  func createDatabase() throws {
    #expect(try ok("config", "week", "monday") == "week set to monday\n")
  }

  func addLunch() throws {
    let out = try ok(
      "add", "--amount", "420", "--category", "Food", "--method", "UPI", "--merchant", "Social", "--note", "lunch",
      "--yes")
    #expect(out.hasPrefix("saved #1 · -₹420.00 Food"), "\(out)")
  }

  /// The bytes of the database and of any write-ahead log next to it.
  func databaseBytes() throws -> [Data?] {
    try ["", "-wal"].map { suffix in
      let path = database + suffix
      return FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
    }
  }
}

func permissions(_ path: String) throws -> mode_t {
  var info = stat()
  try #require(stat(path, &info) == 0, "cannot stat \(path)")
  return info.st_mode & 0o777
}

func json(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// What a reading thread hands back, and the signal that it is read.
final class DataBox: @unchecked Sendable {
  var data = Data()
  let done = DispatchSemaphore(value: 0)
}
