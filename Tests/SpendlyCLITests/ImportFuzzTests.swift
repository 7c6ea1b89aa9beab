import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

/// Mutation fuzzing of every importer, through the binary: each mutated file (flipped, cut,
/// repeated or inserted bytes, deep nesting, huge numbers and times) is imported into a copy of
/// one seeded database. No run may end by a signal, and a run that fails must leave every
/// stored row as it was. SPENDLY_FUZZ_COUNT sets the mutations per format
/// (`make fuzz`); the counts are printed.
@Suite("importers under mutation fuzzing")
struct ImportFuzzTests {
  static let folder = ImportCommandTests.folder
  static let count = ProcessInfo.processInfo.environment["SPENDLY_FUZZ_COUNT"].flatMap(Int.init) ?? 120

  /// What the fuzzer inserts: deep nesting, numbers past every integer, huge hours and minutes.
  static let inserts: [String] = [
    String(repeating: "<A>", count: 30_000), String(repeating: "<Ntry>", count: 2_000), "9223372036854775808",
    "99999999999999999999999.99", "-9223372036854775809", "0:9223372036854775808", "99999999:99", "\r", "\u{1B}[2J",
    "\"", ",", "&amp;&#99999999;", "]]>", String(repeating: "[", count: 5_000), "2026-13-45T25:61",
    "99991231235959", String(repeating: "x", count: 100_000),
  ]

  static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var out = bytes
    for _ in 0...random.below(3) {
      let at = out.isEmpty ? 0 : random.below(out.count)
      switch random.below(6) {
      case 0: if !out.isEmpty { out[at] = UInt8(truncatingIfNeeded: random.next()) }
      case 1: out.removeSubrange(at..<min(out.count, at + random.below(64)))
      case 2:
        let piece = Array(out[at..<min(out.count, at + 1 + random.below(40))])
        for _ in 0..<(1 + random.below(200)) { out.insert(contentsOf: piece, at: at) }
      case 3: out = Array(out.prefix(at))
      default: out.insert(contentsOf: Array(random.pick(inserts).utf8), at: at)
      }
    }
    return out
  }

  struct Tally {
    var runs = 0
    var crashes = 0
    var storeChanges = 0
  }

  /// Every stored row of the database at `path` (sqlite3's .dump): what the store holds, whatever
  /// its pages look like.
  static func content(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-readonly", path, ".dump"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  static func bytes(_ path: String) -> [UInt8] {
    (FileManager.default.contents(atPath: path)).map([UInt8].init) ?? []
  }

  /// Runs `arguments` (FILE standing for the mutated file) on a copy of `seed` for each mutation.
  static func fuzz(
    _ sandbox: Sandbox, seed: String, source: [UInt8], name: String, runs: Int, seedValue: UInt64,
    _ arguments: @escaping (String) -> [String]
  ) throws -> Tally {
    var random = SplitMix64(seed: seedValue)
    var tally = Tally()
    let file = sandbox.directory + "/" + name
    let before = try content(seed)
    #expect(before.contains("INSERT INTO"), "the seed has rows to compare")
    for _ in 0..<runs {
      FileManager.default.createFile(atPath: file, contents: Data(mutate(source, &random)))
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sandbox.database + suffix) }
      try FileManager.default.copyItem(atPath: seed, toPath: sandbox.database)
      let result = try sandbox.runQuietly(arguments(file))
      tally.runs += 1
      if result.signalled { tally.crashes += 1 }
      if result.status != 0, try content(sandbox.database) != before { tally.storeChanges += 1 }
    }
    return tally
  }

  @Test func noMutationCrashesAnImporterOrChangesTheStoreWhenItFails() throws {
    let sandbox = try Sandbox()
    try ImportCommandTests.world(sandbox)
    try sandbox.ok("accounts", "add", "Kotak", "--type", "savings")
    try sandbox.ok("add", "--yes", "420", "food", "upi", "on", "28", "nov")
    let exports = sandbox.directory + "/exports"
    try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
    try sandbox.ok("export", "csv", exports + "/spendly.csv")
    try sandbox.ok("export", "json", exports + "/spendly.json")
    let seed = sandbox.directory + "/seed.db"
    // The seed is the database with its WAL folded in: a plain copy of one file is all of it.
    try sandbox.ok("backup", seed)
    let formats: [(String, String, (String) -> [String])] = [
      ("hdfc-savings-nov.ofx", Self.folder + "/hdfc-savings-nov.ofx", { ["import", $0, "--yes"] }),
      ("hdfc-card-nov.qfx", Self.folder + "/hdfc-card-nov.qfx", { ["import", $0, "--yes"] }),
      ("accounts.qif", Self.folder + "/accounts.qif", { ["import", $0, "--yes"] }),
      ("sbi-nov.camt.xml", Self.folder + "/sbi-nov.camt.xml", { ["import", $0, "--yes"] }),
      (
        "kotak-nov.csv", Self.folder + "/kotak-nov.csv",
        { ["import", $0, "--account", "kotak", "--mapping", Self.folder + "/kotak.rules"] }
      ),
      ("spendly.csv", exports + "/spendly.csv", { ["import", $0, "--yes"] }),
      ("spendly.json", exports + "/spendly.json", { ["import", $0, "--yes"] }),
      (
        "link.txt", "",
        { path in
          // An argument holds no NUL and at most 128 KB.
          let text = String(decoding: Self.bytes(path).prefix(60_000).filter { $0 != 0 }, as: UTF8.self)
          return ["open", "spendly://quickadd?" + text, "--yes"]
        }
      ),
    ]
    let link = Array("amount=420&category=Food&method=UPI&merchant=Social&note=lunch&date=2026-11-28&time=13:05".utf8)
    var total = Tally()
    for (index, (name, path, arguments)) in formats.enumerated() {
      let source = path.isEmpty ? link : Self.bytes(path)
      #expect(!source.isEmpty, "\(name) is there to mutate")
      let tally = try Self.fuzz(
        sandbox, seed: seed, source: source, name: name, runs: Self.count, seedValue: 22 + UInt64(index), arguments)
      print("fuzz \(name): \(tally.runs) runs, \(tally.crashes) crashes, \(tally.storeChanges) store changes")
      #expect(tally.crashes == 0, "\(name): \(tally.crashes) runs ended by a signal")
      #expect(tally.storeChanges == 0, "\(name): \(tally.storeChanges) failed runs changed the database")
      total.runs += tally.runs
      total.crashes += tally.crashes
      total.storeChanges += tally.storeChanges
    }
    print("fuzz total: \(total.runs) runs, \(total.crashes) crashes, \(total.storeChanges) store changes")
  }
}

/// `sync` over a folder with a file that once crashed the reader between two good ones.
@Suite("sync goes on past a file that fails")
struct SyncPastFailureTests {
  @Test func aFailingFileIsReportedCountedAndTheNextOneIsRead() throws {
    let sandbox = try Sandbox()
    try ImportCommandTests.world(sandbox)
    let folder = sandbox.directory + "/statements"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let ofx = try #require(FileManager.default.contents(atPath: ImportCommandTests.folder + "/hdfc-savings-nov.ofx"))
    let text = String(decoding: ofx, as: UTF8.self)
    let head = String(text[..<text.range(of: "<OFX>")!.upperBound])
    try (head + String(repeating: "<A>", count: 30_000)).write(toFile: folder + "/b-deep.ofx", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(atPath: ImportCommandTests.folder + "/accounts.qif", toPath: folder + "/a.qif")
    try FileManager.default.copyItem(
      atPath: ImportCommandTests.folder + "/hdfc-card-nov.qfx", toPath: folder + "/c-card.qfx")
    for _ in 0..<2 {
      let result = try sandbox.run(["sync", folder, "--yes"])
      #expect(result.status == 65, "\(result.stderr)")
      #expect((result.stdout + result.stderr).contains("b-deep.ofx:11: nested too deeply"), "\(result.stdout)")
      #expect(result.stdout.contains("1 failed"), "\(result.stdout)")
    }
    let seen = try sandbox.run(["sync", folder, "--yes"])
    #expect(seen.stdout.contains("seen before"), "the files after the failing one were read: \(seen.stdout)")
    #expect(!(try sandbox.ok("list")).contains("no transactions"))
  }
}

extension Sandbox {
  /// Runs spendly like `run`, but a crash is counted by the caller rather than recorded here.
  func runQuietly(_ arguments: [String]) throws -> (status: Int32, signalled: Bool) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: spendlyBinary)
    process.arguments = ["--db", database, "--now", "2026-11-29T13:05"] + arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory, "XDG_DATA_HOME": directory + "/xdg", "NO_COLOR": "1"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
  }
}
