import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// A statement file of two accounts, through the binary: both recorded with the file, undo
/// takes them back, and a JSON export restores them.
@Suite("spendly import: a file's accounts kept, undone and exported")
struct ImportedFileAccountsCommandTests {
  static func store(_ path: String) throws -> Store {
    try Store(path: path, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
  }

  static func accounts(_ path: String) throws -> [[String]] {
    try store(path).imports.files().map(\.accounts)
  }

  @Test func aTwoAccountStatementKeepsBothUndoRemovesThemAndAnArchiveRestoresThem() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("import", ImportCommandTests.folder + "/accounts.qif", "--yes")
    #expect(try Self.accounts(sandbox.database) == [["ICICI Current", "Petty Cash"]])
    let text = try sandbox.ok("export", "json")
    #expect(text.contains("\"imported_file_accounts\""))
    let file = sandbox.directory + "/all.json"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let target = try Sandbox()
    try target.ok("import", file)
    #expect(try Self.accounts(target.database) == [["ICICI Current", "Petty Cash"]])
    #expect(try target.ok("export", "json") == text)

    try sandbox.ok("undo")
    #expect(try Self.accounts(sandbox.database).isEmpty)
    let left = try Self.store(sandbox.database).database
      .row("SELECT count(*) FROM imported_file_accounts")?.int(0)
    #expect(left == 0)
  }
}
