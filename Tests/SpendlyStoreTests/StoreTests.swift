import SpendlyCore
import Testing

@testable import SpendlyStore

@Suite("Store: add, edit, delete, history")
struct TransactionStoreTests {
  @Test(arguments: Location.allCases)
  func addThenRead(_ location: Location) throws {
    try withStore(location) { store, _ in
      let saved = try store.transactions.add(expense(420, "food", method: "upi", note: "lunch"))
      #expect(saved.id > 0)
      #expect(saved.fields.category == "Food")
      #expect(saved.fields.method == "UPI")
      #expect(saved.fields.amount == Money(minorUnits: 42_000, currency: .inr))
      #expect(saved.fields.note == "lunch")
      #expect(saved.createdAt == fixedNow)
      #expect(saved.updatedAt == fixedNow)
      #expect(try store.transactions.transaction(id: saved.id) == saved)
      #expect(try store.transactions.list() == [saved])
      #expect(try store.transactions.count() == 1)
      #expect(try store.transactions.transaction(id: saved.id + 1) == nil)
    }
  }

  @Test(arguments: Location.allCases)
  func listIsNewestFirstWithFiltersAndPages(_ location: Location) throws {
    try withStore(location) { store, _ in
      let old = try store.transactions.add(expense(100, "Travel", merchant: "Uber", date: "2026-10-01"))
      let mid = try store.transactions.add(expense(200, "Food", method: "Cash", merchant: "Social", date: "2026-11-01"))
      let new = try store.transactions.add(expense(300, "Food", merchant: "uber", date: "2026-11-20"))
      let salary = try store.transactions.add(income(150_000, date: "2026-11-01"))
      #expect(try store.transactions.list().map(\.id) == [new.id, mid.id, salary.id, old.id])
      #expect(try store.transactions.list(TransactionFilter(category: "food")).map(\.id) == [new.id, mid.id])
      #expect(try store.transactions.list(TransactionFilter(method: "Cash")).map(\.id) == [mid.id])
      #expect(try store.transactions.list(TransactionFilter(merchant: "UBER")).map(\.id) == [new.id, old.id])
      #expect(try store.transactions.list(TransactionFilter(kind: .income)).map(\.id) == [salary.id])
      let november = TransactionFilter(from: LocalDate(iso: "2026-11-01"), to: LocalDate(iso: "2026-11-19"))
      #expect(try store.transactions.list(november).map(\.id) == [mid.id, salary.id])
      #expect(try store.transactions.count(TransactionFilter(kind: .expense)) == 3)
      #expect(try store.transactions.list(limit: 2, offset: 1).map(\.id) == [mid.id, salary.id])
      #expect(try store.transactions.list(TransactionFilter(currency: .usd)).isEmpty)
    }
  }

  @Test(arguments: Location.allCases)
  func editAppendsARevision(_ location: Location) throws {
    let clock = TestClock()
    try withStore(location, clock: clock) { store, _ in
      let saved = try store.transactions.add(expense(420, note: "lunch"))
      clock.now = LocalDateTime(iso: "2026-11-30T09:00")!
      var changed = saved.fields
      changed.amount = Money(minorUnits: 45_000, currency: .inr)
      changed.note = "lunch with Asha"
      let edited = try store.transactions.edit(id: saved.id, changed)
      #expect(edited.id == saved.id)
      #expect(edited.fields.amount.minorUnits == 45_000)
      #expect(edited.createdAt == fixedNow)
      #expect(edited.updatedAt == clock.now)
      #expect(try store.transactions.transaction(id: saved.id) == edited)
      #expect(try store.transactions.count() == 1)
      let history = try store.transactions.history(id: saved.id)
      #expect(history.map(\.action) == ["add", "edit"])
      #expect(history.map(\.live) == [true, true])
      #expect(history.map(\.fields.amount.minorUnits) == [42_000, 45_000])
      #expect(history.map(\.fields.note) == ["lunch", "lunch with Asha"])
      #expect(history.map(\.recordedAt) == [fixedNow, clock.now])
      #expect(history[0].changeID < history[1].changeID)
    }
  }

  @Test(arguments: Location.allCases)
  func deleteHidesAndKeepsHistory(_ location: Location) throws {
    try withStore(location) { store, _ in
      let keep = try store.transactions.add(expense(100))
      let gone = try store.transactions.add(expense(420))
      let old = try store.transactions.delete(id: gone.id)
      #expect(old == gone)
      #expect(try store.transactions.transaction(id: gone.id) == nil)
      #expect(try store.transactions.list().map(\.id) == [keep.id])
      #expect(try store.transactions.count() == 1)
      let history = try store.transactions.history(id: gone.id)
      #expect(history.map(\.action) == ["add", "delete"])
      #expect(history.map(\.live) == [true, false])
      #expect(history.last?.fields == gone.fields)
      guard case .notFound(gone.id)? = storeError({ try store.transactions.delete(id: gone.id) }) else {
        Issue.record("deleting twice should be notFound")
        return
      }
      guard case .notFound(gone.id)? = storeError({ try store.transactions.edit(id: gone.id, gone.fields) }) else {
        Issue.record("editing a deleted transaction should be notFound")
        return
      }
      #expect(try store.transactions.history(id: 999).isEmpty)
    }
  }

  /// Only meaningful on disk: an in-memory database is gone when closed.
  @Test func diskStoreSurvivesReopening() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      let saved = try Store(path: path, clock: { fixedNow }).transactions.add(expense(420, note: "lunch"))
      let reopened = try Store(path: path, clock: { fixedNow })
      #expect(try reopened.transactions.transaction(id: saved.id) == saved)
      #expect(try reopened.transactions.history(id: saved.id).count == 1)
    }
  }
}
