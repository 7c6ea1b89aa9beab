import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore
import SpendlyTestSupport
import Testing

/// Archives from earlier releases restore: each release's JSON export (in
/// Tests/SpendlyStoreTests/Fixtures, one pair a release) is restored at its own schema and
/// migrated forward, and gives the same lifetime totals per currency, the same transaction
/// count and a working undo as the release's database file opened and migrated.
@Suite("Import: JSON exports made by earlier releases")
struct ReleaseArchiveTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SpendlyStoreTests/Fixtures").path

  /// Each release's export and the database it was made from.
  static let releases = [("release-0.1.0.json", "release-0.1.0.sqlite"), ("release-0.2.0.json", "release-0.2.0.sqlite")]

  /// Lifetime totals by currency and kind (minor units) and the transaction count, through the store.
  static func totals(_ path: String) throws -> (totals: [String: Int64], count: Int) {
    let store = try Store(path: path, access: .read, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    var totals: [String: Int64] = [:]
    let listed = try store.transactions.list()
    for transaction in listed {
      totals["\(transaction.fields.amount.currency.code) \(transaction.fields.kind)", default: 0] +=
        transaction.fields.amount.minorUnits
    }
    return (totals, listed.count)
  }

  @Test(arguments: releases)
  func anExportRestoresWithTheDatabasesTotalsCountAndUndo(_ archive: String, _ database: String) throws {
    let restored = try Sandbox()
    let out = try restored.ok("import", Self.fixtures + "/" + archive)
    #expect(out.contains("restored"), "\(out)")
    let opened = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: (opened.database as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.fixtures + "/" + database, toPath: opened.database)
    let expected = try Self.totals(opened.database)
    let got = try Self.totals(restored.database)
    #expect(got.count == expected.count && got.count > 0)
    #expect(got.totals == expected.totals)
    // Undo walks the release's own history, the same in both.
    try restored.ok("undo")
    try opened.ok("undo")
    #expect(try Self.totals(restored.database).totals == (try Self.totals(opened.database).totals))
    #expect(try restored.ok("log") == (try opened.ok("log")))
  }

  /// The JSON export of the database at `path` at its own schema: opened read-only, so it is not
  /// migrated, and written by the archive writer as `export json` writes it.
  static func exportAtOwnSchema(_ path: String) throws -> [UInt8] {
    final class Buffer { var bytes: [UInt8] = [] }
    let buffer = Buffer()
    let store = try Store(path: path, access: .readOnly, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    var writer = SpendlyJSONWriter { buffer.bytes += $0 }
    let archive = store.archive
    try writer.begin(
      formatVersion: ArchiveRecords.formatVersion, schema: archive.schemaVersion, sequences: try archive.sequences())
    for table in try archive.tables() {
      try writer.table(table)
      try archive.rows(table) { try writer.row($0) }
    }
    try writer.finish()
    return buffer.bytes
  }

  /// `release-0.1.0.json` is the 0.1.0 database exported at its schema (4), before the change
  /// log had rows of its own and before `entry` was NOT NULL. It is what the writer makes of it
  /// (SPENDLY_WRITE_FIXTURES=1 writes it again).
  @Test func theOlderSchemaExportIsTheWritersOwn() throws {
    // A copy, so the fixture itself is never opened.
    let sandbox = try Sandbox()
    let copy = sandbox.directory + "/release-0.1.0.sqlite"
    try FileManager.default.copyItem(atPath: Self.fixtures + "/release-0.1.0.sqlite", toPath: copy)
    let made = try Self.exportAtOwnSchema(copy)
    let path = Self.fixtures + "/release-0.1.0.json"
    if ProcessInfo.processInfo.environment["SPENDLY_WRITE_FIXTURES"] == "1" {
      try Data(made).write(to: URL(fileURLWithPath: path))
    }
    #expect(String(decoding: made, as: UTF8.self).contains("\"schema\": 4,"))
    #expect(made == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }
}
