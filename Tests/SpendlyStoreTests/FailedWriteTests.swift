import SpendlyCore
import Testing

@testable import SpendlyStore

@Suite("Store: a failed write changes nothing")
struct FailedWriteTests {
  @Test(arguments: Location.allCases)
  func invalidCategorySideOnAdd(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.transactions.add(expense(420))
      let before = try store.tableCounts()
      var wrong = income(1_000)
      wrong.category = "Food"
      guard case .invalid(let error)? = storeError({ try store.transactions.add(wrong) }) else {
        Issue.record("an income in Food should be invalid")
        return
      }
      #expect(error.field == "category")
      #expect(try store.tableCounts() == before)
      #expect(try store.transactions.list() == [kept])
    }
  }

  @Test(arguments: Location.allCases)
  func invalidEditLeavesTheRowAsItWas(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.transactions.add(expense(420))
      let before = try store.tableCounts()
      var wrong = kept.fields
      wrong.method = "Paypal"
      guard case .invalid(let error)? = storeError({ try store.transactions.edit(id: kept.id, wrong) }) else {
        Issue.record("an unknown method should be invalid")
        return
      }
      #expect(error.field == "method")
      wrong = kept.fields
      wrong.amount = Money(minorUnits: 0, currency: .inr)
      guard case .invalid? = storeError({ try store.transactions.edit(id: kept.id, wrong) }) else {
        Issue.record("a zero amount should be invalid")
        return
      }
      #expect(try store.tableCounts() == before)
      #expect(try store.transactions.transaction(id: kept.id) == kept)
      #expect(try store.transactions.history(id: kept.id).count == 1)
    }
  }

  @Test(arguments: Location.allCases)
  func unknownIDOnEditAndDelete(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.transactions.add(expense(420))
      let before = try store.tableCounts()
      guard case .notFound(999)? = storeError({ try store.transactions.edit(id: 999, kept.fields) }) else {
        Issue.record("editing #999 should be notFound")
        return
      }
      guard case .notFound(999)? = storeError({ try store.transactions.delete(id: 999) }) else {
        Issue.record("deleting #999 should be notFound")
        return
      }
      #expect(try store.tableCounts() == before)
      #expect(try store.transactions.list() == [kept])
      // The failed writes recorded no change: undo reverts the add.
      #expect(try store.undo().action == "add")
    }
  }

  @Test(arguments: Location.allCases)
  func oneBadWriteInABatchWritesNothing(_ location: Location) throws {
    try withStore(location) { store, _ in
      let kept = try store.transactions.add(expense(420))
      let before = try store.tableCounts()
      let writes: [TransactionWrite] = [.add(expense(1)), .update(id: 999, expense(2)), .add(expense(3))]
      guard case .notFound(999)? = storeError({ try store.transactions.apply(action: .import, writes) }) else {
        Issue.record("a batch with an unknown id should fail")
        return
      }
      #expect(try store.tableCounts() == before)
      #expect(try store.transactions.list() == [kept])
    }
  }
}
