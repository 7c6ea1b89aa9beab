import SpendlyCore
import SpendlyParse
import Testing

@testable import SpendlyStore

/// History as the parser sees it, answered by a real store: indexed look-ups, one query per
/// merchant, and a cache that must be told about writes.
@Suite("History from the store")
struct HistoryTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!

  struct StoreHistory: MerchantHistory {
    let store: Store
    func knownMerchant(_ name: String) -> String? { store.merchants.knownMerchant(name) }
    func lastUse(of merchant: String) -> (category: String, method: String)? { store.merchants.lastUse(of: merchant) }
    func merchantUse(_ name: String) -> MerchantUse? {
      store.merchants.merchantUse(name).map {
        MerchantUse(merchant: $0.merchant, category: $0.category, method: $0.method)
      }
    }
  }

  static func save(_ phrase: String, _ parser: PhraseParser, _ store: Store) throws {
    let draft = try parser.parse(phrase, now: now)
    _ = try store.transactions.add(try #require(draft.fields, "incomplete draft for \(phrase)"))
  }

  @Test func aSecondPhraseInfersFromTheFirst() throws {
    let store = try Store(path: ":memory:", clock: { Self.now })
    let parser = PhraseParser(catalog: try store.catalog.current(), history: StoreHistory(store: store))
    try Self.save("420 upi food lunch at Social", parser, store)
    let draft = try parser.parse("200 social", now: Self.now)
    #expect(draft.merchant == "Social")
    #expect(draft.category == "Food")
    #expect(draft.method == "UPI")
    #expect(draft.inferred == [.category, .method])
  }

  @Test func theCombinedLookUpAgreesWithTheTwoLookUps() throws {
    let store = try Store(path: ":memory:", clock: { Self.now })
    let parser = PhraseParser(catalog: try store.catalog.current())
    try Self.save("100 cash travel at DB Ferry on 1 nov", parser, store)
    try Self.save("120 upi transport at db ferry on 3 nov", parser, store)  // newer: wins
    try Self.save("420 upi food at Social", parser, store)
    for name in ["DB FERRY", "db ferry", "Social", "social", "nobody", "", "Soc"] {
      let combined = store.merchants.merchantUse(name)
      let known = store.merchants.knownMerchant(name)
      let last = known.flatMap { store.merchants.lastUse(of: $0) }
      #expect(combined?.merchant == known, "\(name)")
      #expect(combined?.category == last?.category && combined?.method == last?.method, "\(name)")
    }
    #expect(store.merchants.merchantUse("DB FERRY")?.category == "Transport")
    #expect(store.merchants.merchantUse("DB FERRY")?.merchant == "db ferry")
  }

  @Test func merchantLookUpsUseTheIndex() throws {
    let store = try Store(path: ":memory:", clock: { Self.now })
    let plan = try store.database.rows("EXPLAIN QUERY PLAN " + MerchantRecords.merchantUseSQL, [.text("x")])
      .compactMap { $0.text(3) }
    #expect(plan.contains { $0.contains("USING INDEX transactions_by_merchant") }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
  }

  @Test func theCacheAsksOnceAndForgetsOnRequest() throws {
    let store = try Store(path: ":memory:", clock: { Self.now })
    let cache = CachingHistory(StoreHistory(store: store))
    let parser = PhraseParser(catalog: try store.catalog.current(), history: cache)
    try Self.save("420 upi food at Social", parser, store)
    #expect(try parser.parse("200 cafe nine", now: Self.now).merchant == nil)  // remembered: not known
    try Self.save("300 card food at Cafe Nine", parser, store)
    #expect(try parser.parse("200 cafe nine", now: Self.now).merchant == nil, "the cache does not see writes")
    cache.forget()
    let draft = try parser.parse("200 CAFE NINE", now: Self.now)
    #expect(draft.merchant == "Cafe Nine")
    #expect(draft.method == "Credit Card")
  }
}
