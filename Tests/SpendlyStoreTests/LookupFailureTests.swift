import SpendlyCore
import Testing

@testable import SpendlyStore

/// History look-ups never throw (the parser asks on every keystroke), but a database error is
/// remembered for the caller to report, not answered as a silent nil.
@Suite("TransactionStore: failed history look-ups are remembered")
struct LookupFailureTests {
  @Test(arguments: Location.allCases)
  func aLookupOnABrokenTableRecordsTheFailure(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.add(expense(420, merchant: "Social"))
      #expect(store.merchantUse("social")?.merchant == "Social")
      #expect(store.lookupFailure == nil)

      try store.database.execute("DROP TABLE transactions")
      #expect(store.merchantUse("social") == nil)
      let failure = try #require(store.lookupFailure)
      #expect(failure.description.contains("transactions"))

      // Later failures keep the first; taking it clears it, so it is reported once.
      #expect(store.knownMerchant("social") == nil)
      #expect(store.lastUse(of: "social") == nil)
      #expect(store.merchantNames().isEmpty)
      #expect(store.lastUsedDate(of: "social") == nil)
      #expect(store.takeLookupFailure()?.description == failure.description)
      #expect(store.takeLookupFailure() == nil)
      #expect(store.lastUsedDate(of: "social") == nil)
      #expect(store.lookupFailure != nil)
    }
  }

  @Test(arguments: Location.allCases)
  func anUnknownMerchantIsNoFailure(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.add(expense(420, merchant: "Social"))
      #expect(store.merchantUse("nowhere") == nil)
      #expect(store.merchantNames() == ["Social"])
      #expect(store.lookupFailure == nil)
    }
  }
}
