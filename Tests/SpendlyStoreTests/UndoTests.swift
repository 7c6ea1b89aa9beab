import SpendlyCore
import Testing

@testable import SpendlyStore

@Suite("Store: undo")
struct UndoTests {
  @Test(arguments: Location.allCases)
  func undoRevertsDeleteEditAndAddInOrder(_ location: Location) throws {
    let clock = TestClock()
    try withStore(location, clock: clock) { store, _ in
      let added = try store.transactions.add(expense(420, note: "lunch"))
      clock.now = LocalDateTime(iso: "2026-11-29T14:00")!
      var changed = added.fields
      changed.amount = Money(minorUnits: 45_000, currency: .inr)
      let edited = try store.transactions.edit(id: added.id, changed)
      clock.now = LocalDateTime(iso: "2026-11-29T15:00")!
      try store.transactions.delete(id: added.id)
      #expect(try store.transactions.count() == 0)

      clock.now = LocalDateTime(iso: "2026-11-29T16:00")!
      let first = try store.undo()
      #expect(first.action == "delete")
      #expect(first.transactionIDs == [added.id])
      let restored = try #require(try store.transactions.transaction(id: added.id))
      #expect(restored.fields == edited.fields)
      #expect(restored.createdAt == fixedNow)

      let second = try store.undo()
      #expect(second.action == "edit")
      #expect(try store.transactions.transaction(id: added.id)?.fields == added.fields)

      let third = try store.undo()
      #expect(third.action == "add")
      #expect(try store.transactions.transaction(id: added.id) == nil)
      #expect(try store.transactions.count() == 0)
      #expect(Set([first.undoneChangeID, second.undoneChangeID, third.undoneChangeID]).count == 3)

      guard case .nothingToUndo? = storeError({ _ = try store.undo() }) else {
        Issue.record("a fourth undo should be nothingToUndo")
        return
      }
      let history = try store.transactions.history(id: added.id)
      #expect(history.map(\.action) == ["add", "edit", "delete", "undo", "undo", "undo"])
      #expect(history.map(\.live) == [true, true, false, true, true, false])
    }
  }

  @Test(arguments: Location.allCases)
  func undoTouchesOnlyTheLatestChange(_ location: Location) throws {
    try withStore(location) { store, _ in
      let a = try store.transactions.add(expense(100))
      let b = try store.transactions.add(expense(200))
      let result = try store.undo()
      #expect(result.transactionIDs == [b.id])
      #expect(try store.transactions.list() == [a])
      let c = try store.transactions.add(expense(300))
      #expect(c.id != b.id)
      #expect(try store.undo().transactionIDs == [c.id])
      #expect(try store.undo().transactionIDs == [a.id])
      #expect(try store.transactions.count() == 0)
      guard case .nothingToUndo? = storeError({ _ = try store.undo() }) else {
        Issue.record("expected nothingToUndo")
        return
      }
    }
  }

  @Test(arguments: Location.allCases)
  func nothingToUndoOnAFreshStore(_ location: Location) throws {
    try withStore(location) { store, _ in
      let before = try store.tableCounts()
      guard case .nothingToUndo? = storeError({ _ = try store.undo() }) else {
        Issue.record("expected nothingToUndo")
        return
      }
      #expect(try store.tableCounts() == before)
    }
  }
}
