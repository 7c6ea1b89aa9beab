import CSQLite
import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// A file SQLite's full `integrity_check` finds damaged takes no write (missing index rows
/// included, which `quick_check` passes), and a command that refuses it, or only reads it,
/// leaves every byte as it was.
@Suite("damaged files: refused writes and reads change no byte")
struct DamagedFileBytesTests {
  /// What the full check says of a file: nil when intact.
  static func damage(_ path: String) -> String? { DamagedFileTests.malformation(path) }

  static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test func damagedCopiesTakeNoWriteAndKeepTheirBytes() throws {
    let sandbox = try Sandbox()
    let original = sandbox.directory + "/original.db"
    try DamagedFileTests.database(at: original, count: 120)
    // A copy in rollback-journal mode too: opening it must not switch it before the check.
    let original2 = sandbox.directory + "/original-delete.db"
    try FileManager.default.copyItem(atPath: original, toPath: original2)
    try Database(path: original2).execute("PRAGMA journal_mode = DELETE")
    var random = SplitMix64(seed: 0xB17E_5EED)
    var damaged = 0
    for (n, source) in [original, original2].enumerated() {
      let clean = [UInt8](try Self.bytes(source))
      for copy in 0..<60 {
        var flipped = clean
        // Header fields (page count, freelist, change counter) in a third of the copies.
        let inHeader = copy % 3 == 0
        for _ in 0..<(1 + random.below(3)) {
          let at = inHeader ? 24 + random.below(76) : 100 + random.below(flipped.count - 100)
          flipped[at] ^= UInt8(1 + random.below(255))
        }
        let path = sandbox.directory + "/copy-\(n)-\(copy).db"
        try Data(flipped).write(to: URL(fileURLWithPath: path))
        guard let verdict = Self.damage(path) else { continue }
        damaged += 1
        let before = try Self.bytes(path)
        for command in [["list"], ["add", "--yes", "10", "upi"], ["undo"], ["query", "spent", "this", "month"]] {
          let result = try sandbox.run(["--db", path, "--now", "2026-11-29T13:05"] + command, globals: false)
          #expect(result.status < 128, "\(path) \(command) died")
          if command[0] == "add" || command[0] == "undo" {
            #expect(result.status != 0, "\(path) is damaged (\(verdict)) but \(command) went through: \(result.stdout)")
            #expect(!result.stdout.contains("saved") && !result.stdout.contains("undid"))
          }
          #expect(try Self.bytes(path) == before, "\(path): spendly \(command) changed its bytes (\(verdict))")
        }
      }
    }
    #expect(damaged >= 15, "only \(damaged) copies are damaged")
  }

  /// An index out of step with its table: quick_check passes it, integrity_check does not, and no
  /// write goes in (the trial's "missing index rows").
  @Test func anIndexOutOfStepTakesNoWrite() throws {
    let sandbox = try Sandbox()
    try Self.indexOutOfStep(sandbox)
    let quick = try Database(path: sandbox.database, flags: SQLITE_OPEN_READONLY).row("PRAGMA quick_check")?.text(0)
    #expect(quick == "ok", "quick_check: \(quick ?? "nil")")
    #expect(Self.damage(sandbox.database) != nil)
    let before = try Self.bytes(sandbox.database)
    let add = try sandbox.run(["add", "--yes", "10", "upi"])
    #expect(add.status == 65 && add.stderr.contains("damaged"), "\(add.stdout) \(add.stderr)")
    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 65 && undo.stderr.contains("damaged"), "\(undo.stdout) \(undo.stderr)")
    #expect(try Self.bytes(sandbox.database) == before)
  }

  /// Four rows added, then the second deleted while one index of theirs is hidden from the schema:
  /// the index keeps the row, so the file fails `integrity_check` but not `quick_check`.
  static func indexOutOfStep(_ sandbox: Sandbox) throws {
    for amount in ["10", "20", "30", "40"] { try sandbox.ok("add", "--yes", amount, "upi", "food") }
    do {
      let database = try Database(path: sandbox.database)
      let index = try #require(
        try database.row(
          "SELECT name, sql, rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL"
        ))
      let (name, sql, root) = (index.text(0)!, index.text(1)!, index.int(2)!)
      // The index hidden from the schema while a row goes, then put back: it still has the row.
      try database.execute("PRAGMA writable_schema = ON; DELETE FROM sqlite_master WHERE name = '\(name)'")
      try database.execute("PRAGMA writable_schema = RESET")
      try database.execute("DELETE FROM transactions WHERE id = 2; PRAGMA writable_schema = ON")
      try database.run(
        "INSERT INTO sqlite_master(type, name, tbl_name, rootpage, sql) VALUES ('index', ?, 'transactions', ?, ?)",
        [.text(name), .integer(root), .text(sql)])
      try database.execute("PRAGMA writable_schema = RESET")
      try database.execute("PRAGMA journal_mode = DELETE")
    }
  }

  /// A file whose ledger names a migration no Spendly knows is refused; when the file is also
  /// damaged, the refusal says so (a byte flipped in a name is damage, not another version).
  @Test func anUnknownMigrationInADamagedFileIsReportedAsDamage() throws {
    let sandbox = try Sandbox()
    try Self.indexOutOfStep(sandbox)
    try Database(path: sandbox.database).execute(
      "UPDATE applied_migrations SET name = 'sch\u{7F}dules' WHERE name = 'schedules'")
    let add = try sandbox.run(["add", "--yes", "10", "upi"])
    #expect(add.status != 0 && add.stderr.contains("damaged"), "\(add.stderr)")
    #expect(add.stderr.contains("PRAGMA integrity_check") && !add.stderr.contains("another spendly"))
    let intact = try Sandbox()
    try intact.ok("add", "--yes", "10", "upi")
    try Database(path: intact.database).execute(
      "UPDATE applied_migrations SET name = 'from-another-branch' WHERE name = 'schedules'")
    let refused = try intact.run(["add", "--yes", "20", "upi"])
    #expect(refused.status != 0 && refused.stderr.contains("another spendly"), "\(refused.stderr)")
  }
}
