import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

/// An `--all-fields` export edited and imported back: rows matched by Id within this database's
/// lineage are unchanged, updated or conflicts; `syncDeletes` deletes what the file lost.
@Suite("SpendlyFileImporting: an edited --all-fields CSV back into its database")
struct CSVReimportTests {
  /// Four expenses, exported with every column; the file's lines (header first) and its path.
  static func exported(_ world: WorkflowWorld) throws -> (lines: [String], path: String) {
    try world.expense(420, "Food", day: 2, merchant: "Swiggy")
    try world.expense(120, "Transport", day: 3)
    try world.expense(99, "Food", day: 4, merchant: "Cafe")
    try world.expense(60, "Food", day: 5)
    return try export(world)
  }

  static func export(_ world: WorkflowWorld, name: String = "all.csv") throws -> (lines: [String], path: String) {
    let path = world.path(name)
    var request = Exporting.Request(format: .csv, file: path)
    request.allFields = true
    _ = try Exporting(session: world.session, request: request).run()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return (text.split(separator: "\n").map(String.init), path)
  }

  /// The file's `lines` written to `name` and imported.
  static func imported(_ world: WorkflowWorld, _ lines: [String], syncDeletes: Bool = false, name: String = "edited.csv")
    throws -> ImportStreamResult
  {
    let path = try world.file(name, lines.joined(separator: "\n") + "\n")
    var request = SpendlyFileImporting.Request(path: path)
    request.syncDeletes = syncDeletes
    let outcome = try SpendlyFileImporting(session: world.session, request: request).run(.csv)
    guard case .added(let result) = outcome.effect else { throw Unexpected(effect: "\(outcome.effect)") }
    return result
  }

  struct Unexpected: Error { let effect: String }

  /// The line of transaction `id`, with `old` replaced by `new` in it.
  static func edit(_ lines: inout [String], id: Int64, _ old: String, _ new: String) {
    let index = lines.firstIndex { $0.hasPrefix("\(id),") }!
    lines[index] = lines[index].replacingOccurrences(of: old, with: new)
  }

  @Test func theFileAsExportedChangesNothing() throws {
    let world = try WorkflowWorld()
    let (lines, _) = try Self.exported(world)
    #expect(lines[0].hasPrefix("Id,Date,") && lines[0].hasSuffix(",Revision,Database"))
    let changesBefore = try world.session.store().changeLog(limit: 100).count
    let result = try Self.imported(world, lines)
    #expect(result.unchanged == 4 && result.added == 0 && result.updated == 0 && result.duplicates == 0)
    #expect(result.conflicts.isEmpty && result.missing == 0)
    #expect(try world.session.store().changeLog(limit: 100).count == changesBefore)
  }

  @Test func editedRowsAreNewRevisionsOfTheirTransactionsInOneChange() throws {
    let world = try WorkflowWorld()
    var (lines, _) = try Self.exported(world)
    Self.edit(&lines, id: 1, ",420.00,", ",450.00,")
    Self.edit(&lines, id: 2, ",Transport,", ",Travel,")
    Self.edit(&lines, id: 3, ",Cafe,", ",Cafe,decaf")
    // A row a person added: no Id, so new.
    lines.append(",2026-11-06,,expense,10.00,INR,Food,Cash,,new,,booked,,,,,,,,,,")
    let result = try Self.imported(world, lines)
    #expect(result.updated == 3 && result.added == 1 && result.unchanged == 1 && result.conflicts.isEmpty)
    let store = try world.session.store()
    #expect(try store.transactions.transaction(id: 1)?.fields.amount.minorUnits == 45_000)
    #expect(try store.transactions.transaction(id: 2)?.fields.category == "Travel")
    #expect(try store.transactions.transaction(id: 3)?.fields.note == "decaf")
    #expect(try store.transactions.transaction(id: 3)?.fields.merchant == "Cafe")
    let history = try store.transactions.history(id: 1)
    #expect(history.count == 2 && history[1].fields.amount.minorUnits == 45_000)
    #expect(try world.count() == 5)
    // One undo takes the updates and the addition back.
    _ = try store.undo()
    #expect(try world.count() == 4)
    #expect(try store.transactions.transaction(id: 1)?.fields.amount.minorUnits == 42_000)
    #expect(try store.transactions.transaction(id: 2)?.fields.category == "Transport")
    #expect(try store.transactions.transaction(id: 3)?.fields.note == nil)
  }

  @Test func aRowWhoseTransactionChangedSinceIsAConflictAndChangesNothing() throws {
    let world = try WorkflowWorld()
    var (lines, _) = try Self.exported(world)
    let store = try world.session.store()
    var moved = try #require(try store.transactions.transaction(id: 1)).fields
    moved.note = "edited in Spendly"
    try store.transactions.edit(id: 1, moved)
    _ = try store.transactions.delete(id: 2)
    // Transaction 4 changed too, but its row is as exported: unchanged, not a conflict.
    var fourth = try #require(try store.transactions.transaction(id: 4)).fields
    fourth.merchant = "Bakery"
    try store.transactions.edit(id: 4, fourth)
    Self.edit(&lines, id: 1, ",420.00,", ",450.00,")
    Self.edit(&lines, id: 2, ",120.00,", ",125.00,")
    Self.edit(&lines, id: 3, ",99.00,", ",98.00,")
    let result = try Self.imported(world, lines)
    #expect(result.updated == 1 && result.unchanged == 1 && result.added == 0)
    #expect(result.conflicts.map(\.id) == [1, 2])
    #expect(result.conflicts.first?.changed == ["amount"])
    #expect(result.conflicts.first?.reason.hasPrefix("changed since the export") == true)
    #expect(result.conflicts.last?.reason == "deleted since the export")
    #expect(try store.transactions.transaction(id: 1)?.fields.amount.minorUnits == 42_000)
    #expect(try store.transactions.transaction(id: 1)?.fields.note == "edited in Spendly")
    #expect(try store.transactions.transaction(id: 2) == nil)
    #expect(try store.transactions.transaction(id: 3)?.fields.amount.minorUnits == 9_800)
    #expect(try store.transactions.transaction(id: 4)?.fields.merchant == "Bakery")
  }

  @Test func aDeletedRowDeletesOnlyWithSyncDeletes() throws {
    let world = try WorkflowWorld()
    var (lines, _) = try Self.exported(world)
    lines.removeAll { $0.hasPrefix("2,") }
    // Added after the export: not the export's, so never deleted.
    try world.expense(5, "Food", day: 3)
    let kept = try Self.imported(world, lines)
    #expect(kept.missing == 1 && kept.deleted == 0 && kept.unchanged == 3)
    #expect(try world.count() == 5)
    let synced = try Self.imported(world, lines, syncDeletes: true)
    #expect(synced.deleted == 1 && synced.missing == 0)
    let store = try world.session.store()
    #expect(try store.transactions.transaction(id: 2) == nil)
    #expect(try store.transactions.transaction(id: 5) != nil)
    _ = try store.undo()
    #expect(try store.transactions.transaction(id: 2) != nil)
  }

  /// An export of everything names how far it went, so the newest row and the rows at the
  /// edges of its dates, deleted in the sheet, are known to be the export's; one changed since
  /// the export is a conflict and stays.
  @Test func anExportOfEverythingKnowsItsNewestAndEdgeRows() throws {
    let world = try WorkflowWorld()
    var (lines, _) = try Self.exported(world)
    #expect(lines[1].hasSuffix("@4"))
    // #1 is the first date's only row, #4 the newest and the last date's only row.
    lines.removeAll { $0.hasPrefix("1,") || $0.hasPrefix("4,") || $0.hasPrefix("3,") }
    let store = try world.session.store()
    var changed = try #require(try store.transactions.transaction(id: 3)).fields
    changed.note = "changed after the export"
    _ = try store.transactions.edit(id: 3, changed)
    let synced = try Self.imported(world, lines, syncDeletes: true)
    #expect(synced.deleted == 2 && synced.unchanged == 1)
    #expect(synced.conflicts.map(\.id) == [3] && synced.conflicts.first?.line == 0)
    #expect(try store.transactions.transaction(id: 1) == nil && store.transactions.transaction(id: 4) == nil)
    #expect(try store.transactions.transaction(id: 3)?.fields.note == "changed after the export")
  }

  @Test func aFilteredExportSaysNoExtent() throws {
    let world = try WorkflowWorld()
    _ = try Self.exported(world)
    var request = Exporting.Request(format: .csv, file: world.path("food.csv"))
    request.allFields = true
    request.filter.category = "Food"
    _ = try Exporting(session: world.session, request: request).run()
    let text = try String(contentsOfFile: world.path("food.csv"), encoding: .utf8)
    #expect(!text.contains("@"))
  }

  @Test func rowsOfAnotherDatabaseAreNewEvenWithTheSameIds() throws {
    let world = try WorkflowWorld()
    var (lines, _) = try Self.exported(world)
    Self.edit(&lines, id: 1, ",420.00,", ",450.00,")
    let other = try WorkflowWorld()
    try other.expense(700, "Rent", day: 1)
    try other.expense(800, "Rent", day: 2)
    let result = try Self.imported(other, lines)
    #expect(result.updated == 0 && result.unchanged == 0 && result.added == 4)
    #expect(try other.session.store().transactions.transaction(id: 1)?.fields.category == "Rent")
    // Here, a row whose Database is not this one's is new too: a duplicate of its twin.
    let lineage = try world.session.store().settings.lineage()
    let foreign = lines.map { $0.replacingOccurrences(of: lineage, with: String(repeating: "0", count: 32)) }
    let again = try Self.imported(world, foreign)
    #expect(again.updated == 0 && again.duplicates == 3 && again.added == 1)
  }

  @Test func aTransferStoredFromItsReceivingSideComesBackUnchangedAndUpdates() throws {
    let world = try WorkflowWorld()
    let store = try world.session.store()
    try store.accounts.add(Account(name: "HDFC Savings", type: .savings, currency: .inr))
    try store.accounts.add(Account(name: "Wallet", type: .wallet, currency: .inr))
    var fields = TransactionFields(
      kind: .transfer, amount: Money(minorUnits: 50_000, currency: .inr), category: Transfer.category, method: "Cash",
      date: LocalDate(year: 2026, month: 11, day: 7)!)
    fields.account = "Wallet"
    fields.counterAccount = "HDFC Savings"
    fields.counterMethod = "Bank Transfer"
    fields.entry = .credit
    try store.transactions.add(fields)
    var (lines, _) = try Self.export(world)
    #expect(lines[1].contains(",HDFC Savings → Wallet,"), "\(lines)")
    #expect(try Self.imported(world, lines).unchanged == 1)
    Self.edit(&lines, id: 1, ",500.00,", ",550.00,")
    #expect(try Self.imported(world, lines).updated == 1)
    let now = try #require(try store.transactions.transaction(id: 1)).fields
    #expect(now.amount.minorUnits == 55_000 && now.entry == .credit)
    #expect(now.account == "Wallet" && now.counterAccount == "HDFC Savings" && now.method == "Cash")
  }
}
