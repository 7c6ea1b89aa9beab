import Foundation
import SpendlyTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// No export, report or backup writes over the database, its companion files or (exports and
/// reports) any other SQLite database: exit 73, and every byte stays.
@Suite struct ProtectedFileTests {
  static let writers: [[String]] = [
    ["export", "csv"], ["export", "json"], ["export", "xlsx"], ["export", "ledger"], ["export", "hledger"],
    ["export", "beancount"], ["export", "csv", "--all-fields"],
  ]

  @Test func noExportWritesOverTheDatabaseHoweverItIsSpelled() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    _ = try sandbox.ok("backup", "older-backup.db")
    #expect(symlink(sandbox.database, sandbox.directory + "/link.db") == 0)
    #expect(link(sandbox.database, sandbox.directory + "/hard.db") == 0)
    let spellings = [
      "data/spendly.db", "./data/../data/spendly.db", sandbox.database, "link.db", "hard.db", "data/spendly.db-wal",
      "data/spendly.db-shm", "older-backup.db",
    ]
    let backupBefore = try Data(contentsOf: URL(fileURLWithPath: sandbox.directory + "/older-backup.db"))
    for writer in Self.writers {
      for spelling in spellings {
        let before = try sandbox.databaseBytes()
        // The file goes after the format: `export csv FILE --all-fields`.
        let arguments = [writer[0], writer[1], spelling] + writer.dropFirst(2)
        let result = try sandbox.run(arguments)
        #expect(result.status == 73, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("nothing was written"), "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1)
        #expect(try sandbox.databaseBytes() == before, "\(arguments) changed the database")
      }
    }
    let report = try sandbox.run(["report", "--html", "hard.db"])
    #expect(report.status == 73 && report.stderr.contains("is the database itself"), "\(report.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.directory + "/older-backup.db")) == backupBefore)
    // The database still reads, and a plain file is still written.
    #expect(try sandbox.ok("list").contains("Social"))
    #expect(try sandbox.ok("export", "csv", "out.csv").hasPrefix("exported 1"))
  }

  @Test func backupRefusesTheDatabaseAndItsCompanionsButReplacesAnOlderBackup() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    _ = try sandbox.ok("backup", "copy.db")
    #expect(link(sandbox.database, sandbox.directory + "/hard.db") == 0)
    for spelling in ["hard.db", "data/spendly.db-wal", "data/spendly.db-shm"] {
      let before = try sandbox.databaseBytes()
      let result = try sandbox.run(["backup", spelling, "--force"])
      #expect(result.status == 73, "\(spelling): \(result.stderr)")
      #expect(try sandbox.databaseBytes() == before)
    }
    #expect(try sandbox.ok("backup", "copy.db", "--force").hasPrefix("backed up 1 transaction"))
  }
}
