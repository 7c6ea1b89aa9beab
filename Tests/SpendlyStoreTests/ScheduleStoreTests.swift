import SpendlyCore
import Testing

@testable import SpendlyStore

/// Schedules in the store: every change one entry of the change log, undone and redone whole.
@Suite("Store: schedules")
struct ScheduleStoreTests {
  static func netflix() -> TransactionFields {
    var fields = expense(649, "Entertainment", method: "Credit Card", merchant: "Netflix", date: "2026-01-31")
    fields.time = nil
    return fields
  }

  @Test(arguments: Location.allCases)
  func everyChangeIsUndoable(_ location: Location) throws {
    try withStore(location) { store, _ in
      let added = try store.schedules.add(Self.netflix(), cadence: .monthly)
      #expect(added.name == "Netflix")
      try store.schedules.changePrice(id: added.id, to: 69_900, from: LocalDate(iso: "2026-03-01")!)
      try store.schedules.skip(id: added.id, occurrence: LocalDate(iso: "2026-02-28")!)
      try store.schedules.pause(id: added.id, on: LocalDate(iso: "2026-04-10")!)
      try store.schedules.resume(id: added.id, on: LocalDate(iso: "2026-06-10")!)
      try store.schedules.end(id: added.id, on: LocalDate(iso: "2026-12-31")!)
      let full = try #require(try store.schedules.schedule(id: added.id))
      #expect(full.prices == [Schedule.PriceChange(from: LocalDate(iso: "2026-03-01")!, minorUnits: 69_900)])
      #expect(full.skips.map(\.description).sorted() == ["2026-02-28", "2026-04-30", "2026-05-31"])
      #expect(full.end == LocalDate(iso: "2026-12-31"))
      try store.schedules.delete(id: added.id)
      #expect(try store.schedules.all().isEmpty)
      #expect(
        try store.changeLog(limit: 3).map(\.fact) == [
          .scheduleDeleted(id: added.id, kind: "expense", name: "Netflix"),
          .scheduleEnded(id: added.id, name: "Netflix", on: "2026-12-31"),
          .scheduleResumed(id: added.id, name: "Netflix", on: "2026-06-10"),
        ])
      // Undo brings it back with its price change and skips; each undo takes one change back.
      _ = try store.undo()
      #expect(try store.schedules.schedule(id: added.id) == full)
      for _ in 0..<5 { _ = try store.undo() }
      #expect(try store.schedules.schedule(id: added.id) == added)
      _ = try store.undo()
      #expect(try store.schedules.all().isEmpty)
      for _ in 0..<7 { _ = try store.redo() }
      #expect(try store.schedules.all().isEmpty)
      _ = try store.undo()
      #expect(try store.schedules.schedule(id: added.id) == full)
    }
  }

  /// Adding a schedule links the entries already stored that are its charges: unlinked, the
  /// same name and amount, one a period; in the schedule's own change (undo and redo take both).
  @Test(arguments: Location.allCases)
  func addingLinksTheChargesAlreadyStored(_ location: Location) throws {
    try withStore(location) { store, _ in
      func typed(_ minor: Int64, _ date: String) throws -> Int64 {
        var fields = Self.netflix()
        fields.amount = Money(minorUnits: minor, currency: fields.amount.currency)
        fields.date = LocalDate(iso: date)!
        return try store.transactions.add(fields).id
      }
      let february = try typed(64_900, "2026-03-05")  // inside the period from 28 Feb
      let second = try typed(64_900, "2026-03-20")  // the same period: not a second charge
      let other = try typed(19_900, "2026-04-10")  // another amount: not a charge
      let before = try typed(64_900, "2026-01-10")  // before the anchor
      let preview = try store.schedules.storedCharges(adding: Self.netflix(), cadence: .monthly)
      #expect(preview.map(\.id) == [february])
      let schedule = try store.schedules.add(Self.netflix(), cadence: .monthly)
      func linked() throws -> [Int64] {
        try store.transactions.list().filter { $0.fields.recurringID == schedule.id }.map(\.id)
      }
      #expect(try linked() == [february])
      #expect(try store.transactions.transaction(id: second)?.fields.recurringID == nil)
      #expect(try store.transactions.transaction(id: other)?.fields.recurringID == nil)
      #expect(try store.transactions.transaction(id: before)?.fields.recurringID == nil)
      let due = try store.schedules.due(today: LocalDate(iso: "2026-04-29")!)
      #expect(due.first?.1.map(\.description) == ["2026-01-31", "2026-03-31"])
      #expect(
        try store.changeLog(limit: 1).first?.fact
          == .scheduleAdded(
            id: schedule.id, kind: "expense", name: "Netflix", amount: MoneyFact(minor: 64_900, currency: "INR"),
            cadence: "monthly", from: "2026-01-31", linked: 1))
      _ = try store.undo()
      #expect(try store.schedules.all().isEmpty)
      #expect(try store.transactions.list().allSatisfy { $0.fields.recurringID == nil })
      _ = try store.redo()
      #expect(try linked() == [february])
    }
  }

  /// Logged charges link to the schedule; what is due follows them.
  @Test(arguments: Location.allCases)
  func dueFollowsTheLinkedCharges(_ location: Location) throws {
    try withStore(location) { store, _ in
      let schedule = try store.schedules.add(Self.netflix(), cadence: .monthly)
      let today = LocalDate(iso: "2026-04-29")!
      let due = try store.schedules.due(today: today)
      #expect(due.first?.1.map(\.description) == ["2026-01-31", "2026-02-28", "2026-03-31"])
      try store.transactions.apply(action: .logRecurring, due[0].1.map { .add(schedule.charge(on: $0)) })
      #expect(try store.schedules.due(today: today).isEmpty)
      #expect(try store.schedules.linkedDates()[schedule.id]?.count == 3)
      #expect(try store.transactions.list().allSatisfy { $0.fields.recurringID == schedule.id })
    }
  }

  @Test(arguments: Location.allCases)
  func badSchedulesAreRefused(_ location: Location) throws {
    try withStore(location) { store, _ in
      var income = Self.netflix()
      income.kind = .income
      #expect(storeError { try store.schedules.add(income, cadence: .monthly) } != nil)
      let schedule = try store.schedules.add(Self.netflix(), cadence: .monthly)
      #expect(
        storeError { try store.schedules.skip(id: schedule.id, occurrence: LocalDate(iso: "2026-02-27")!) } != nil)
      #expect(storeError { try store.schedules.resume(id: schedule.id, on: LocalDate(iso: "2026-02-27")!) } != nil)
      #expect(storeError { try store.schedules.end(id: schedule.id, on: LocalDate(iso: "2025-01-01")!) } != nil)
      #expect(storeError { try store.schedules.delete(id: 99) } != nil)
      #expect(try store.changeLog().count == 1)
    }
  }
}
