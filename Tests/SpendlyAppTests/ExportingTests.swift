import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

@Suite("Exporting: which rows, which file, never the database")
struct ExportingTests {
  @Test func aCSVExportWritesTheFilteredRowsToAFileOnlyThePersonReads() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    try world.expense(120, "Transport", day: 3)
    try world.expense(60, "Food", day: 20)
    var request = Exporting.Request(format: .csv, file: world.path("food.csv"))
    request.filter = TransactionFilter(category: "Food")
    let outcome = try Exporting(session: world.session, request: request).run()
    #expect(outcome.rows == 2 && outcome.format == .csv && outcome.file == world.path("food.csv"))
    let text = try String(contentsOfFile: world.path("food.csv"), encoding: .utf8)
    #expect(text.split(separator: "\n").count == 3)
    let mode = try FileManager.default.attributesOfItem(atPath: world.path("food.csv"))[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aPeriodKeepsTheRowsWithinItBesideTheFiltersDates() throws {
    let world = try WorkflowWorld()
    var request = Exporting.Request(format: .xlsx, file: world.path("x.xlsx"))
    request.filter = TransactionFilter(from: LocalDate(year: 2026, month: 11, day: 10))
    request.period = Period(
      from: LocalDate(year: 2026, month: 11, day: 1)!, to: LocalDate(year: 2026, month: 11, day: 30)!)
    let filter = Exporting(session: world.session, request: request).filter
    #expect(filter.from == LocalDate(year: 2026, month: 11, day: 10))
    #expect(filter.to == LocalDate(year: 2026, month: 11, day: 30))
  }

  @Test func theDatabaseItselfIsRefusedAndNothingIsWritten() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    let before = try Data(contentsOf: URL(fileURLWithPath: world.session.databasePath))
    for format in Exporting.Format.allCases {
      do {
        let request = Exporting.Request(format: format, file: world.session.databasePath)
        _ = try Exporting(session: world.session, request: request).run()
        Issue.record("export \(format) wrote over the database")
      } catch {
        guard case .protected(_, .database) = error else { Issue.record("refused as \(error)"); continue }
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: world.session.databasePath)) == before)
    #expect(try world.count() == 1)
  }

  @Test func aWorkbookNeedsAFileAndAJournalCountsWhatNeverCounts() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    #expect(throws: Exporting.Refusal.self) {
      try Exporting(session: world.session, request: Exporting.Request(format: .xlsx, file: "-")).run()
    }
    let journal = Exporting.Request(format: .beancount, file: world.path("b.beancount"))
    let outcome = try Exporting(session: world.session, request: journal).run()
    #expect(outcome.rows == 1 && outcome.leftOut == 0)
    #expect(try String(contentsOfFile: world.path("b.beancount"), encoding: .utf8).contains("Expenses:Food"))
  }

  @Test func aFolderIsNoFileToWrite() throws {
    let world = try WorkflowWorld()
    try FileManager.default.createDirectory(atPath: world.path("folder"), withIntermediateDirectories: true)
    do {
      let request = Exporting.Request(format: .csv, file: world.path("folder"))
      _ = try Exporting(session: world.session, request: request).run()
      Issue.record("a folder was written")
    } catch {
      guard case .file(.isADirectory) = error else { Issue.record("refused as \(error)"); return }
    }
  }
}
