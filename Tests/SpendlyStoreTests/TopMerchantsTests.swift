import SpendlyCore
import Testing

@testable import SpendlyStore

/// Top merchants read from the rollups' ranks (`ReportQueries.topMerchants`) answer exactly as
/// every merchant added up by the scan: the same merchants, order, names, counts and totals.
@Suite("Reports: top merchants from the rollups' ranks match the scan")
struct TopMerchantsTests {
  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  /// `count` merchants with a skewed popularity (many more than a list's first read), every
  /// status, three currencies, and names that Swift takes as one ("Café" composed and not).
  static func store(seed: UInt64, merchants count: Int = 400) throws -> Store {
    var names: [String?] = (0..<count).map { "Shop \($0)" }
    names += ["Caf\u{E9}", "Cafe\u{301}", "Kmart", "\u{212A}mart", "—", nil]
    var data = ParityData.make(count: 6_000, seed: seed, merchants: names)
    var random = SplitMix64(seed: seed ^ 0x70)
    for index in data.indices {
      // Lower numbers come far more often, so the top is clear of the rest.
      let pick = random.below(names.count * 4)
      data[index].merchant = pick < names.count * 3 ? names[pick % 40] : names[pick % names.count]
      data[index].status = random.chance(75) ? .booked : random.pick(TransactionStatus.allCases)
    }
    return try ParityData.store(with: data)
  }

  /// The scan's answer cut as `topMerchants` cuts it: named merchants, `count` per currency.
  static func scanned(_ store: Store, _ count: Int, _ filter: TransactionFilter) throws -> ReportQueries.TopMerchants {
    var breakdown = try ReportQueries.$scansOnly.withValue(true) { try store.reports.breakdown(filter, by: .merchant) }
    let totals = breakdown.totalled()
    let named = breakdown.groups.filter { $0.key != "—" }
    let groups = Dictionary(grouping: named, by: \.currency.code).sorted { $0.key < $1.key }
      .flatMap { $0.value.prefix(count) }
    return ReportQueries.TopMerchants(groups: groups, totals: totals)
  }

  static let periods: [(LocalDate?, LocalDate?)] = [
    (day("2025-01-01"), day("2025-12-31")), (nil, nil), (day("2024-03-01"), nil),
    (day("2024-01-01"), day("2025-07-31")), (day("2025-10-15"), nil), (day("2024-03-17"), day("2026-02-11")),
    (day("2025-02-01"), day("2025-11-30")),
  ]

  @Test(arguments: [UInt64(1), 0xCAFE])
  func theRanksAnswerAsTheScan(_ seed: UInt64) throws {
    let store = try Self.store(seed: seed)
    var answered = 0
    for pendingExcluded in [false, true] {
      try store.settings.set(.pending, pendingExcluded ? "exclude" : "include")
      for (from, to) in Self.periods {
        for base in [
          TransactionFilter(kind: .expense), TransactionFilter(kind: .income),
          TransactionFilter(kind: .expense, currency: .usd),
        ] {
          var filter = base
          (filter.from, filter.to) = (from, to)
          for count in [1, 3, 10, 60] {
            let what = "\(String(describing: from))–\(String(describing: to)) \(base.kind!) top \(count)"
            guard let ranked = try store.reports.topMerchants(count, filter) else { continue }
            answered += 1
            #expect(ranked == (try Self.scanned(store, count, filter)), "\(what)")
          }
        }
      }
    }
    #expect(answered > 100, "the ranks answered only \(answered) questions")
  }

  /// A merchant whose rows are split between two spellings Swift takes as one (so neither is
  /// near the top alone) is ranked by the two together, as the scan ranks it, and named as the
  /// scan names it; so is the ASCII name a non-ASCII spelling composes to.
  @Test func namesSwiftTakesAsOneAreRankedTogether() throws {
    var data: [TransactionFields] = []
    let year = Self.day("2025-01-01")
    for index in 0..<200 {
      data.append(Self.expense(100_000 + Int64(index), "Shop \(index)", year.adding(days: index % 300)))
    }
    for (name, days) in [("Caf\u{E9}", 0..<12), ("Cafe\u{301}", 12..<24), ("Kmart", 0..<12), ("\u{212A}mart", 12..<24)]
    {
      for day in days { data.append(Self.expense(6_000, name, year.adding(days: day))) }
    }
    let store = try ParityData.store(with: data)
    let filter = TransactionFilter(kind: .expense, from: year, to: Self.day("2025-12-31"))
    let ranked = try #require(try store.reports.topMerchants(2, filter))
    #expect(ranked == (try Self.scanned(store, 2, filter)))
    #expect(ranked.groups.map(\.minorUnits) == [144_000, 144_000])
    #expect(ranked.groups.map(\.count) == [24, 24])
  }

  /// Merchants of the same total: the ranks read deeper until a list is read to its end, and then
  /// answer as the scan (the names break the tie); past the deepest read they leave it to the scan.
  @Test func tiesAreBrokenByNameOrLeftToTheScan() throws {
    let year = Self.day("2025-01-01")
    let filter = TransactionFilter(kind: .expense, from: year, to: Self.day("2025-12-31"))
    let some = try ParityData.store(
      with: (0..<700).map { Self.expense(5_000, "Same \($0)", year.adding(days: $0 % 365)) })
    let ranked = try #require(try some.reports.topMerchants(10, filter))
    #expect(ranked == (try Self.scanned(some, 10, filter)))
    #expect(ranked.groups.map(\.key).first == "Same 0")
    let many = try ParityData.store(
      with: (0..<4_200).map { Self.expense(5_000, "Same \($0)", year.adding(days: $0 % 365)) })
    #expect(try many.reports.topMerchants(10, filter) == nil)
  }

  /// What the ranks cannot answer goes to the scan: a merchant or text filter, a category, days
  /// taken away, a damaged total.
  @Test func whatTheRanksCannotAnswerIsLeftToTheScan() throws {
    let store = try Self.store(seed: 9, merchants: 60)
    #expect(try store.reports.topMerchants(5, TransactionFilter(kind: .expense, text: "lunch")) == nil)
    #expect(try store.reports.topMerchants(5, TransactionFilter(kind: .expense, category: "Food")) == nil)
    #expect(try store.reports.topMerchants(5, TransactionFilter(kind: .expense, from: Self.day("2025-03-02"))) == nil)
    #expect(try store.reports.topMerchants(5, TransactionFilter(kind: .expense)) != nil)
    try store.database.execute(
      "UPDATE rollups SET total = 'damaged' WHERE dim = 'merchant_year' AND month = '2025' AND key = 'Shop 1'")
    let year = TransactionFilter(kind: .expense, from: Self.day("2025-01-01"), to: Self.day("2025-12-31"))
    #expect(try store.reports.topMerchants(5, year) == nil)
  }

  /// The reads stay index reads (a plan that scanned the span's keys made top merchants slower
  /// than adding them all up): each list from `rollups_by_total` with no sort, the keys that are
  /// not ASCII from `rollups_wide_keys`.
  @Test func theReadsUseTheirIndexes() throws {
    let store = try Self.store(seed: 4, merchants: 60)
    func plan(_ sql: String, _ count: Int) throws -> String {
      try store.database.rows("EXPLAIN QUERY PLAN " + sql, Array(repeating: .text("x"), count: count))
        .compactMap { $0.text(3) }.joined(separator: "; ")
    }
    for dim in ["merchant", "merchant_year"] {
      let top = try plan(ReportQueries.listTop(dim), 5)
      #expect(top.contains("rollups_by_total") && !top.contains("TEMP B-TREE"), "\(top)")
      let wide = try plan(ReportQueries.wideKeys(dim, statuses: 3), 7)
      #expect(wide.contains("rollups_wide_keys"), "\(wide)")
    }
  }

  /// Data the ranks would read wrong is left to the scan: a currency stored otherwise than its
  /// reading, a key that is no valid UTF-8, a file without the rank indexes (an older schema
  /// opened read-only), a count past what a list read can hold.
  @Test func whatTheRanksWouldReadWrongIsLeftToTheScan() throws {
    let year = TransactionFilter(kind: .expense, from: Self.day("2025-01-01"), to: Self.day("2025-12-31"))
    #expect(try Self.store(seed: 5, merchants: 60).reports.topMerchants(Int.max, year) == nil)
    #expect(try Self.store(seed: 5, merchants: 60).reports.topMerchants(1_000, year) != nil)

    let lower = try Self.store(seed: 5, merchants: 60)
    try lower.database.execute("UPDATE transactions SET currency = 'usd' WHERE currency = 'USD'")
    #expect(try lower.reports.topMerchants(5, year) == nil)

    for bytes in ["CAST(X'436166E9' AS TEXT)", "X'436166E9'"] {
      let latin1 = try Self.store(seed: 5, merchants: 60)
      try latin1.database.execute("UPDATE transactions SET merchant = \(bytes) WHERE merchant = 'Shop 7'")
      #expect(try latin1.reports.topMerchants(5, year) == nil, "\(bytes)")
    }

    let older = try Self.store(seed: 5, merchants: 60)
    try older.database.execute("DROP INDEX rollups_wide_keys; DROP INDEX rollups_by_total")
    #expect(try older.reports.topMerchants(5, year) == nil)
  }

  static func expense(_ minorUnits: Int64, _ merchant: String, _ date: LocalDate) -> TransactionFields {
    TransactionFields(
      kind: .expense, amount: Money(minorUnits: minorUnits, currency: .inr), category: "Food", method: "UPI",
      merchant: merchant, date: date)
  }
}
