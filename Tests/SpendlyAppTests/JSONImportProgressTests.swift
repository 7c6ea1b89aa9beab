import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

/// A big JSON export tells how far its import is, a megabyte at a time, restored or merged.
@Suite("SpendlyFileImporting: progress of a big JSON export")
struct JSONImportProgressTests {
  /// An export of 4,000 transactions (some 2.5 MB), written in one change.
  static func bigExport(_ world: WorkflowWorld) throws -> String {
    let writes = (0..<4000).map { n in
      TransactionWrite.add(
        TransactionFields(
          kind: .expense, amount: Money(minorUnits: Int64(100 + n), currency: .inr), category: "Food", method: "UPI",
          merchant: "Shop \(n % 50)", note: "row \(n)", date: LocalDate(year: 2026, month: 1 + n % 11, day: 1 + n % 28)!))
    }
    try world.session.store().transactions.apply(action: .import, writes)
    let file = world.path("big.json")
    _ = try Exporting(session: world.session, request: Exporting.Request(format: .json, file: file)).run()
    return file
  }

  static func importing(_ world: WorkflowWorld, _ path: String) throws -> (SpendlyFileImporting.Outcome, [(Int, Int)]) {
    var told: [(Int, Int)] = []
    var importing = SpendlyFileImporting(session: world.session, request: SpendlyFileImporting.Request(path: path))
    importing.progress = { bytes, rows in told.append((bytes, rows)) }
    let outcome = try importing.run(.json)
    return (outcome, told)
  }

  static func check(_ told: [(Int, Int)], size: Int) {
    #expect(told.count >= 2, "\(told)")
    #expect(told.map(\.0) == told.map(\.0).sorted() && told.map(\.1) == told.map(\.1).sorted(), "\(told)")
    #expect(told.last?.0 == size, "\(told)")
    #expect((told.last?.1 ?? 0) > 1000, "\(told)")
  }

  @Test func aRestoreIntoAnEmptyDatabaseTellsHowFarItIs() throws {
    let world = try WorkflowWorld()
    let file = try Self.bigExport(world)
    let size = SpendlyFileImporting.size(file)
    #expect(size > 2 << 20)
    let fresh = try WorkflowWorld()
    let (outcome, told) = try Self.importing(fresh, file)
    guard case .restored(let rows, true, nil) = outcome.effect else { Issue.record("not restored: \(outcome.effect)"); return }
    #expect(rows > 8000)
    #expect(try fresh.count() == 4000)
    Self.check(told, size: size)
  }

  @Test func aMergeIntoADatabaseWithDataTellsHowFarItIs() throws {
    let world = try WorkflowWorld()
    let file = try Self.bigExport(world)
    let other = try WorkflowWorld()
    try other.expense(60, "Food", day: 5)
    let (outcome, told) = try Self.importing(other, file)
    guard case .merged(let result, let unreadable) = outcome.effect else { Issue.record("not merged"); return }
    #expect(result.added == 4000 && unreadable.isEmpty)
    Self.check(told, size: SpendlyFileImporting.size(file))
  }
}
