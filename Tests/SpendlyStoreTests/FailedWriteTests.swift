import SpendlyCore
import Testing

@testable import SpendlyStore

@Suite("TransactionStore: a failed write changes nothing")
struct FailedWriteTests {
  @Test(arguments: Location.allCases)
  func invalidCategorySideOnAdd(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.add(expense(420))
      let before = try store.tableCounts()
      var wrong = income(1_000)
      wrong.category = "Food"
      guard case .invalid(let error)? = storeError({ try store.add(wrong) }) else {
        Issue.record("an income in Food should be invalid")
        return
      }
      #expect(error.field == "category")
      #expect(try store.tableCounts() == before)
      #expect(try store.list() == [kept])
    }
  }

  @Test(arguments: Location.allCases)
  func invalidEditLeavesTheRowAsItWas(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.add(expense(420))
      let before = try store.tableCounts()
      var wrong = kept.fields
      wrong.method = "Paypal"
      guard case .invalid(let error)? = storeError({ try store.edit(id: kept.id, wrong) }) else {
        Issue.record("an unknown method should be invalid")
        return
      }
      #expect(error.field == "method")
      wrong = kept.fields
      wrong.amount = Money(minorUnits: 0, currency: .inr)
      guard case .invalid? = storeError({ try store.edit(id: kept.id, wrong) }) else {
        Issue.record("a zero amount should be invalid")
        return
      }
      #expect(try store.tableCounts() == before)
      #expect(try store.transaction(id: kept.id) == kept)
      #expect(try store.history(id: kept.id).count == 1)
    }
  }

  @Test(arguments: Location.allCases)
  func unknownIDOnEditAndDelete(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.add(expense(420))
      let before = try store.tableCounts()
      guard case .notFound(999)? = storeError({ try store.edit(id: 999, kept.fields) }) else {
        Issue.record("editing #999 should be notFound")
        return
      }
      guard case .notFound(999)? = storeError({ try store.delete(id: 999) }) else {
        Issue.record("deleting #999 should be notFound")
        return
      }
      #expect(try store.tableCounts() == before)
      #expect(try store.list() == [kept])
      // The failed writes recorded no change: undo reverts the add.
      #expect(try store.undo().action == "add")
    }
  }

  @Test(arguments: Location.allCases)
  func oneBadWriteInABatchWritesNothing(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.add(expense(420))
      let before = try store.tableCounts()
      let writes: [TransactionWrite] = [.add(expense(1)), .update(id: 999, expense(2)), .add(expense(3))]
      guard case .notFound(999)? = storeError({ try store.apply(action: .import, writes) }) else {
        Issue.record("a batch with an unknown id should fail")
        return
      }
      #expect(try store.tableCounts() == before)
      #expect(try store.list() == [kept])
    }
  }
}
