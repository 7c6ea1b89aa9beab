import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// A file as seen from outside (type and mode, size, bytes): equal before and after means untouched.
struct FileState: Equatable, CustomStringConvertible {
  let mode: mode_t
  let size: Int
  let bytes: Data?

  init(_ path: String) throws {
    var info = stat()
    try #require(stat(path, &info) == 0, "cannot stat \(path)")
    mode = info.st_mode
    size = Int(info.st_size)
    bytes = info.st_mode & S_IFMT == S_IFREG ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
  }

  var description: String { "mode \(String(mode, radix: 8)), \(size) bytes" }
}

/// The files SQLite writes beside a database; none may appear beside a file spendly refuses.
func sideFiles(_ path: String) -> [String] {
  ["-wal", "-shm", "-journal"].map { path + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
}

@Suite("spendly and its database file: reads create nothing, other files are left alone")
struct DatabaseFileTests {
  static let reads: [[String]] = [
    ["list"], ["show", "1"], ["history", "1"], ["query", "spent", "this", "week"], ["dashboard"], ["categories"],
    ["methods", "list"], ["config"], ["config", "currency"],
  ]

  @Test(arguments: reads)
  func aReadOfAMissingDatabaseSaysSoAndCreatesNothing(_ command: [String]) throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory + "/nonexistent/dir/x.db"
    let result = try sandbox.run(["--db", path, "--now", "2026-11-29T13:05"] + command, globals: false)
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines == ["spendly: no database at '\(path)' (adding a transaction creates it)"])
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory + "/nonexistent"))
  }

  @Test func writesCreateTheDatabaseAndParseNeedsNone() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.ok("parse", "420", "upi", "food").contains("₹420.00"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory + "/data"))
    try sandbox.ok("add", "--yes", "420", "upi", "food")
    #expect(try permissions(sandbox.database) == 0o600)
    #expect(try permissions(sandbox.directory + "/data") == 0o700)
    #expect(try sandbox.ok("list").contains("#1"))
  }

  @Test(arguments: [["--db", "list"], ["--db", "query", "--json"], ["--db=help"], ["--json", "--db", "Dashboard"]])
  func aDatabaseNamedLikeACommandWithNoCommandIsAUsageError(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(arguments, globals: false)
    #expect(result.status == 64)
    #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("is a command name"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).isEmpty)
  }

  @Test func aDatabaseNamedLikeACommandBeforeACommandIsAPath() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--db", "list", "list"], globals: false)
    #expect(result.status == 66)
    #expect(result.stderr.contains("no database at 'list'"))
    try sandbox.run(["--db", "list", "add", "--yes", "5", "cash"], globals: false)
    #expect(FileManager.default.fileExists(atPath: sandbox.directory + "/list"))
  }

  /// Things a mistyped --db may point at.
  enum Intruder: String, CaseIterable, Sendable {
    case textFile, randomBytes, fifo, folder, anotherProgramsDatabase
  }

  static func make(_ intruder: Intruder, at path: String) throws {
    switch intruder {
    case .textFile:
      try Data("rent 20000\ngroceries 4000\n".utf8).write(to: URL(fileURLWithPath: path))
    case .randomBytes:
      var random = SplitMix64(seed: 0xF11E)
      try Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }).write(to: URL(fileURLWithPath: path))
    case .fifo:
      try #require(mkfifo(path, 0o644) == 0)
    case .folder:
      try #require(mkdir(path, 0o755) == 0)
    case .anotherProgramsDatabase:
      let database = try Database(path: path)
      try database.execute("CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('mine')")
    }
    try #require(chmod(path, intruder == .folder ? 0o755 : 0o644) == 0)
  }

  @Test(arguments: Intruder.allCases)
  func aFileThatIsNotASpendlyDatabaseIsLeftExactlyAsItWas(_ intruder: Intruder) throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory + "/file"
    try Self.make(intruder, at: path)
    try expectRefusedAndUntouched(path, sandbox)
  }

  /// As root, `--db /dev/null` once made the device 0600 for every user; a copy of it shows it no longer does.
  @Test(.enabled(if: geteuid() == 0, "making a device node needs root"))
  func aDeviceIsLeftExactlyAsItWas() throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory + "/null"
    try #require(mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
    try #require(chmod(path, 0o666) == 0)
    try expectRefusedAndUntouched(path, sandbox)
  }

  func expectRefusedAndUntouched(_ path: String, _ sandbox: Sandbox) throws {
    let before = try FileState(path)
    for command in [["list"], ["add", "--yes", "10", "upi", "food"], ["query", "spent", "this", "week"], []] {
      let result = try sandbox.run(["--db", path] + command, globals: false)
      #expect([65, 73].contains(result.status), "spendly \(command): \(result.status)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
      #expect(result.stderr.contains("is not a spendly database"), "stderr: \(result.stderr)")
      #expect(try FileState(path) == before, "spendly \(command) changed the file")
      #expect(sideFiles(path).isEmpty)
    }
  }
}
