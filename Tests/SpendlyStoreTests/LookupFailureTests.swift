import SpendlyCore
import Testing

@testable import SpendlyStore

/// History look-ups never throw (the parser asks on every keystroke), but a database error is
/// remembered for the caller to report, not answered as a silent nil.
@Suite("Store: failed history look-ups are remembered")
struct LookupFailureTests {
  @Test(arguments: Location.allCases)
  func aLookupOnABrokenTableRecordsTheFailure(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.transactions.add(expense(420, merchant: "Social"))
      #expect(store.merchants.merchantUse("social")?.merchant == "Social")
      #expect(store.lookupFailure == nil)

      try store.database.execute("DROP TABLE transactions")
      #expect(store.merchants.merchantUse("social") == nil)
      let failure = try #require(store.lookupFailure)
      #expect(failure.description.contains("transactions"))

      // Later failures keep the first; taking it clears it, so it is reported once.
      #expect(store.merchants.knownMerchant("social") == nil)
      #expect(store.merchants.lastUse(of: "social") == nil)
      #expect(store.merchants.merchantNames().isEmpty)
      #expect(store.merchants.lastUsedDate(of: "social") == nil)
      #expect(store.merchants.takeLookupFailure()?.description == failure.description)
      #expect(store.merchants.takeLookupFailure() == nil)
      #expect(store.merchants.lastUsedDate(of: "social") == nil)
      #expect(store.lookupFailure != nil)
    }
  }

  @Test(arguments: Location.allCases)
  func anUnknownMerchantIsNoFailure(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.transactions.add(expense(420, merchant: "Social"))
      #expect(store.merchants.merchantUse("nowhere") == nil)
      #expect(store.merchants.merchantNames() == ["Social"])
      #expect(store.lookupFailure == nil)
    }
  }
}
