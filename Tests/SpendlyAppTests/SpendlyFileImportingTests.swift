import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

@Suite("SpendlyFileImporting: Spendly's own CSV and JSON, called directly")
struct SpendlyFileImportingTests {
  static let csv = """
    Date,Type,Amount,Currency,Category,Payment Method,Merchant,Note
    2026-11-02,expense,420.00,INR,Food,UPI,Swiggy,
    2026-11-03,expense,99.50,INR,Aquarium,UPI,Fish World,
    2026-11-04,income,5000.00,INR,Salary,Bank Transfer,,

    """

  static func importing(_ world: WorkflowWorld, _ path: String, dryRun: Bool = false, replace: Bool = false)
    throws(SpendlyFileImporting.Refusal) -> SpendlyFileImporting.Outcome
  {
    var request = SpendlyFileImporting.Request(path: path)
    request.dryRun = dryRun
    request.replace = replace
    let importing = SpendlyFileImporting(session: world.session, request: request)
    guard let kind = try SpendlyFileImporting.kind(of: path) else { throw .cannotRead(path: "not Spendly's") }
    return try importing.run(kind)
  }

  @Test func aCSVsRowsAreAddedOnceAndANameItDoesNotKnowIsCreated() throws {
    let world = try WorkflowWorld()
    let path = try world.file("books.csv", Self.csv)
    #expect(try SpendlyFileImporting.kind(of: path) == .csv)
    let first = try Self.importing(world, path)
    guard case .added(let result) = first.effect else { Issue.record("not added: \(first.effect)"); return }
    #expect(first.kind == .csv && !first.dryRun && first.file == path)
    #expect(result.added == 3 && result.duplicates == 0)
    #expect(result.createdCategories == ["Aquarium"])
    #expect(try world.count() == 3)
    let again = try Self.importing(world, path)
    guard case .added(let second) = again.effect else { Issue.record("not added: \(again.effect)"); return }
    #expect(second.added == 0 && second.duplicates == 3)
    #expect(try world.count() == 3)
  }

  @Test func aDryRunCountsTheRowsAndWritesNothing() throws {
    let world = try WorkflowWorld()
    let outcome = try Self.importing(world, try world.file("books.csv", Self.csv), dryRun: true)
    guard case .added(let result) = outcome.effect else { Issue.record("not added"); return }
    #expect(outcome.dryRun && result.added == 3)
    #expect(try world.count() == 0)
  }

  /// Rows are read a few batches ahead of the rows stored (`ReadAhead`): a bad row far into the
  /// file is still the error, and a row the store refuses still comes before a bad row after it.
  @Test(arguments: [(2_500, 2_900, 2_501), (nil, 2_900, 2_901), (2_999, nil, 3_000)] as [(Int?, Int?, Int)])
  func anErrorFarIntoAFileNamesItsLine(_ refused: Int?, _ unreadable: Int?, _ line: Int) throws {
    let world = try WorkflowWorld()
    var text = "Date,Type,Amount,Currency,Category,Payment Method,Merchant,Note\n"
    for row in 1...3_000 {
      let amount = row == unreadable ? "lots" : "\(row).00"
      let merchant = row == refused ? String(repeating: "x", count: 300) : "Shop \(row % 40)"
      text += "2026-11-\(String(format: "%02d", row % 28 + 1)),expense,\(amount),INR,Food,UPI,\(merchant),\n"
    }
    let path = try world.file("far.csv", text)
    do {
      _ = try Self.importing(world, path)
      Issue.record("a bad row was imported")
    } catch {
      guard case .store(.invalid(let invalid)) = error else { Issue.record("refused as \(error)"); return }
      #expect(invalid.field.hasPrefix("\(path):\(line):"))
    }
    #expect(try world.count() == 0)
    // The same file without them adds every row.
    let good = try world.file(
      "good.csv",
      text.replacingOccurrences(of: "lots", with: "1.00")
        .replacingOccurrences(of: String(repeating: "x", count: 300), with: "Shop"))
    guard case .added(let result) = try Self.importing(world, good).effect else { Issue.record("not added"); return }
    #expect(result.added == 3_000)
  }

  /// A warning the reader gives for a row far into the file (read on its own thread) is in the
  /// outcome: a column without a name whose cells start at line 2,801.
  @Test func aWarningFromARowFarIntoTheFileIsKept() throws {
    let world = try WorkflowWorld()
    var text = "Date,Type,Amount,Currency,Category,Payment Method,Merchant,\n"
    for row in 1...3_000 {
      text +=
        "2026-11-\(String(format: "%02d", row % 28 + 1)),expense,\(row).00,INR,Food,UPI,Shop,\(row >= 2_800 ? "x" : "")\n"
    }
    let outcome = try Self.importing(world, try world.file("unnamed.csv", text))
    #expect(outcome.warnings.contains { $0.contains("column 8 has no name") && $0.contains("line 2801 on") })
    guard case .added(let result) = outcome.effect else { Issue.record("not added"); return }
    #expect(result.added == 3_000)
  }

  @Test func aBadRowIsRefusedNamingItsLineAndNothingIsWritten() throws {
    let world = try WorkflowWorld()
    let path = try world.file("bad.csv", Self.csv.replacingOccurrences(of: "99.50", with: "lots"))
    do {
      _ = try Self.importing(world, path)
      Issue.record("a bad row was imported")
    } catch {
      guard case .store(.invalid(let invalid)) = error else { Issue.record("refused as \(error)"); return }
      #expect(invalid.field.hasPrefix(path + ":3:"))
    }
    #expect(try world.count() == 0)
  }

  @Test func aFileThatIsNotThereOrNotSpendlysIsToldSo() throws {
    let world = try WorkflowWorld()
    #expect(throws: SpendlyFileImporting.Refusal.self) { try SpendlyFileImporting.kind(of: world.path("missing.csv")) }
    #expect(try SpendlyFileImporting.kind(of: try world.file("notes.txt", "just some words\n")) == nil)
  }

  @Test func aJSONExportIsRestoredIntoAnEmptyDatabaseAndMergedIntoOneWithData() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2, merchant: "Swiggy")
    try world.expense(120, "Transport", day: 3)
    let file = world.path("all.json")
    _ = try Exporting(session: world.session, request: Exporting.Request(format: .json, file: file)).run()
    #expect(try SpendlyFileImporting.kind(of: file) == .json)

    let fresh = try WorkflowWorld()
    let restored = try Self.importing(fresh, file)
    guard case .restored(let rows, let intoEmpty, let kept) = restored.effect else {
      Issue.record("not restored: \(restored.effect)")
      return
    }
    #expect(rows > 2 && intoEmpty && kept == nil)
    #expect(try fresh.count() == 2)

    try fresh.expense(60, "Food", day: 5)
    let merged = try Self.importing(fresh, file)
    guard case .merged(let result, let unreadable) = merged.effect else { Issue.record("not merged"); return }
    #expect(result.added == 0 && result.duplicates == 2 && unreadable.isEmpty)
    #expect(try fresh.count() == 3)
  }

  @Test func replacingADatabaseWithDataKeepsItBesideIt() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    let file = world.path("all.json")
    _ = try Exporting(session: world.session, request: Exporting.Request(format: .json, file: file)).run()
    try world.expense(999, "Shopping", day: 9)
    let outcome = try Self.importing(world, file, replace: true)
    guard case .restored(_, let intoEmpty, let kept) = outcome.effect else { Issue.record("not restored"); return }
    #expect(!intoEmpty)
    let keep = try #require(kept)
    #expect(keep.hasPrefix(world.session.databasePath + ".before-restore-20261129-1305"))
    #expect(FileManager.default.fileExists(atPath: keep))
    let reopened = WorkflowWorld.session(at: world.session.databasePath)
    #expect(try reopened.store().transactions.count() == 1)
  }
}
