import SpendlyCore
import Testing

@testable import SpendlyStore

/// Random transactions for the parity test: several years, three currencies, both kinds,
/// merchants spelled in several cases (and missing), notes with words to search for.
enum ParityData {
  static let first = LocalDate(iso: "2024-01-01")!
  static let last = LocalDate(iso: "2026-12-31")!
  static let expenseCategories = Category.defaultExpense
  static let incomeCategories = Category.defaultIncome
  static let methods = PaymentMethod.defaultNames
  /// ASCII merchants, with case variants of the same name, and "—" (the name of the no-merchant group).
  static let merchants: [String?] = [
    "Social", "social", "SOCIAL", "Uber", "uber", "Uber Eats", "DMart", "dmart", "Chez Paul", "chez paul", "Amazon",
    "Zara", "Acme Corp", "Blue Tokai", "50% Off Store", "under_score", "—", nil, nil, nil,
  ]
  /// Days at the edges of weeks, months and years (and a leap day), picked more often than chance would.
  static let edgeDays = [
    "2024-02-29", "2024-03-01", "2024-12-31", "2025-01-01", "2025-12-28", "2025-12-29", "2026-01-04", "2026-11-22",
    "2026-11-23", "2026-11-29", "2026-11-30", "2026-12-31",
  ].map { LocalDate(iso: $0)! }
  static let notes: [String?] = [
    "lunch", "Lunch with team", "uber to airport", "UBER pool", "groceries", "50% discount", "a_b", "rent for nov",
    "coffee", nil, nil, nil, nil,
  ]

  static func make(count: Int, seed: UInt64, merchants: [String?] = merchants, notes: [String?] = notes)
    -> [TransactionFields]
  {
    var random = SplitMix64(seed: seed)
    let span = last.daysSinceEpoch - first.daysSinceEpoch + 1
    return (0..<count).map { _ in
      let kind: Kind = random.chance(80) ? .expense : .income
      let roll = random.below(100)
      let currency: Currency = roll < 70 ? .inr : roll < 85 ? .usd : .eur
      // Mostly small amounts, a few large ones.
      let amount = Int64(random.chance(95) ? 1 + random.below(500_000) : 1 + random.below(2_000_000_000))
      return TransactionFields(
        kind: kind, amount: Money(minorUnits: amount, currency: currency),
        category: random.pick(kind == .expense ? expenseCategories : incomeCategories),
        method: random.pick(methods), merchant: random.pick(merchants), note: random.pick(notes),
        date: random.chance(5) ? random.pick(edgeDays) : first.adding(days: random.below(span)),
        time: random.chance(70) ? LocalTime(hour: random.below(24), minute: random.below(60)) : nil)
    }
  }

  /// Filters of every kind, alone and combined.
  static var filters: [(String, TransactionFilter)] {
    func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }
    return [
      ("everything", TransactionFilter()),
      ("expenses", TransactionFilter(kind: .expense)),
      ("income", TransactionFilter(kind: .income)),
      ("category Food", TransactionFilter(category: "Food")),
      ("category food (lower case)", TransactionFilter(category: "food")),
      ("category Other income", TransactionFilter(category: "Other income")),
      ("category Salary on expenses (none)", TransactionFilter(kind: .expense, category: "Salary")),
      ("method UPI", TransactionFilter(method: "UPI")),
      ("method credit card (lower case)", TransactionFilter(method: "credit card")),
      ("merchant Social", TransactionFilter(merchant: "Social")),
      ("merchant social (any case)", TransactionFilter(merchant: "sOcIaL")),
      ("merchant chez paul", TransactionFilter(merchant: "chez paul")),
      ("merchant uber (Uber and Uber Eats, by prefix)", TransactionFilter(merchant: "uber")),
      ("merchant CHEZ-PAUL (punctuation ignored)", TransactionFilter(merchant: "CHEZ-PAUL")),
      ("merchant 50 (a prefix of 50% Off Store)", TransactionFilter(merchant: "50")),
      ("merchant underscore (under_score)", TransactionFilter(merchant: "underscore")),
      ("merchant —", TransactionFilter(merchant: "—")),
      ("merchant unknown", TransactionFilter(merchant: "Nowhere")),
      ("text uber", TransactionFilter(text: "uber")),
      ("text UBER", TransactionFilter(text: "UBER")),
      ("text lunch", TransactionFilter(text: "lunch")),
      ("text % (no wildcard)", TransactionFilter(text: "%")),
      ("text _ (no wildcard)", TransactionFilter(text: "_")),
      ("text 'a'", TransactionFilter(text: "a")),
      ("currency INR", TransactionFilter(currency: .inr)),
      ("currency USD", TransactionFilter(currency: .usd)),
      ("currency EUR", TransactionFilter(currency: .eur)),
      ("currency JPY (none)", TransactionFilter(currency: .jpy)),
      ("year 2025", TransactionFilter(from: day("2025-01-01"), to: day("2025-12-31"))),
      ("February 2024", TransactionFilter(from: day("2024-02-01"), to: day("2024-02-29"))),
      ("a week across the year end", TransactionFilter(from: day("2025-12-29"), to: day("2026-01-04"))),
      ("one day", TransactionFilter(from: day("2026-11-29"), to: day("2026-11-29"))),
      ("from only", TransactionFilter(from: day("2026-06-15"))),
      ("to only", TransactionFilter(to: day("2024-03-31"))),
      ("from after to (none)", TransactionFilter(from: day("2026-01-02"), to: day("2026-01-01"))),
      ("before the data (none)", TransactionFilter(to: day("2023-12-31"))),
      (
        "expenses in INR in 2025",
        TransactionFilter(kind: .expense, currency: .inr, from: day("2025-01-01"), to: day("2025-12-31"))
      ),
      (
        "food by UPI this year",
        TransactionFilter(category: "Food", method: "UPI", from: day("2026-01-01"), to: day("2026-12-31"))
      ),
      ("expenses at social matching lunch", TransactionFilter(kind: .expense, merchant: "social", text: "lunch")),
      ("income in USD by bank transfer", TransactionFilter(kind: .income, method: "Bank Transfer", currency: .usd)),
      (
        "travel in EUR text uber since 2025",
        TransactionFilter(kind: .expense, category: "Travel", text: "uber", currency: .eur, from: day("2025-01-01"))
      ),
    ]
  }

  static func store(with data: [TransactionFields]) throws -> Store {
    let store = try Store(path: ":memory:", clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    let result = try store.transactions.apply(action: .import, data.map { TransactionWrite.add($0) })
    #expect(result.transactionIDs.count == data.count)
    return store
  }
}

/// The store's SQL aggregation must give exactly the pure reference's answers, in the same order.
@Suite("Reports: SQL matches the reference analytics")
struct ReportsParityTests {
  static let count = 3_000
  static let seed: UInt64 = 0x5EED_2026_1129

  /// SplitMix64's published first outputs for seed 0, so the generator is the one named.
  @Test func generatorIsSplitMix64() {
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
    let a = ParityData.make(count: 50, seed: 7)
    #expect(a == ParityData.make(count: 50, seed: 7))
    #expect(a != ParityData.make(count: 50, seed: 8))
  }

  @Test func randomTransactionsGiveIdenticalReports() throws {
    let all = ParityData.make(count: Self.count, seed: Self.seed)
    let store = try ParityData.store(with: all)

    // The data is what the test means it to be: every currency, both kinds, case variants, no merchant.
    let stored = try store.transactions.list().map(\.fields)
    #expect(stored.count == all.count)
    #expect(
      Dictionary(stored.map { ($0, 1) }, uniquingKeysWith: +) == Dictionary(all.map { ($0, 1) }, uniquingKeysWith: +))
    #expect(Set(all.map(\.amount.currency.code)) == ["INR", "USD", "EUR"])
    #expect(Set(all.map(\.kind)) == [.expense, .income])
    for merchant in ["Social", "social", "SOCIAL", "Chez Paul", "chez paul"] {
      #expect(all.contains { $0.merchant == merchant }, "no \(merchant) in the data")
    }
    #expect(all.contains { $0.merchant == nil })
    #expect(Set(all.map(\.date.year)) == [2024, 2025, 2026])
    for edge in ParityData.edgeDays {
      #expect(all.contains { $0.date == edge }, "no transaction on \(edge)")
    }

    var compared = 0
    var nonEmpty = 0
    for (name, filter) in ParityData.filters {
      let reference = Analytics.summaries(all, filter: filter)
      #expect(try store.reports.summaries(filter) == reference, "summaries differ for \(name)")
      #expect(try store.transactions.count(filter) == all.filter(filter.matches).count, "count differs for \(name)")
      if !reference.isEmpty { nonEmpty += 1 }
      for grouping in Grouping.allCases {
        for weekStart in [0, 6] {
          let expected = Analytics.breakdown(all, filter: filter, by: grouping, weekStart: weekStart)
          let got = try store.reports.breakdown(filter, by: grouping, weekStart: weekStart)
          compared += 1
          if got != expected {
            Issue.record(
              "breakdown by \(grouping) (week start \(weekStart)) differs for \(name): \(Self.difference(got.groups, expected.groups))"
            )
          }
        }
      }
    }
    #expect(compared == ParityData.filters.count * Grouping.allCases.count * 2)
    // Most filters select something, so the comparisons are not of empty lists.
    #expect(nonEmpty >= ParityData.filters.count - 6)
  }

  /// Weeks for every possible first day, on every transaction.
  @Test(arguments: 0..<7)
  func weeksForEveryWeekStart(_ weekStart: Int) throws {
    let all = ParityData.make(count: 800, seed: Self.seed &+ UInt64(weekStart))
    let store = try ParityData.store(with: all)
    for kind in [nil, Kind.expense, .income] {
      let filter = TransactionFilter(kind: kind)
      let expected = Analytics.breakdown(all, filter: filter, by: .week, weekStart: weekStart)
      #expect(try store.reports.breakdown(filter, by: .week, weekStart: weekStart) == expected)
      #expect(expected.allSatisfy { LocalDate(iso: $0.key)?.weekday == weekStart })
    }
  }

  /// Totals only the fixed data set can check by eye: the store's SQL gives PRODUCT.md's numbers.
  @Test func fixedDataSetThroughSQL() throws {
    func fields(_ kind: Kind, _ rupees: Int64, _ category: String, _ date: String) -> TransactionFields {
      TransactionFields(
        kind: kind, amount: Money(minorUnits: rupees * 100, currency: .inr), category: category, method: "UPI",
        date: LocalDate(iso: date)!)
    }
    let all = [
      fields(.income, 150_000, "Salary", "2026-11-01"), fields(.expense, 10_000, "Food", "2026-11-03"),
      fields(.expense, 15_000, "Shopping", "2026-11-05"), fields(.expense, 20_000, "Travel", "2026-11-10"),
      fields(.expense, 8_000, "Bills", "2026-11-15"), fields(.expense, 7_000, "Other", "2026-11-20"),
    ]
    let store = try ParityData.store(with: all)
    let summary = try #require(try store.reports.summaries(TransactionFilter()).first)
    #expect(summary.income == 15_000_000 && summary.expenses == 6_000_000 && summary.savingsRateBasisPoints == 6_000)
    let rows = try store.reports.breakdown(TransactionFilter(kind: .expense), by: .category)
    #expect(rows.map(\.key) == ["Travel", "Shopping", "Food", "Bills", "Other"])
    #expect(rows == (Analytics.breakdown(all, filter: TransactionFilter(kind: .expense), by: .category)))
    #expect(try store.reports.dateRange().map { "\($0.0)..\($0.1)" } == "2026-11-01..2026-11-20")
    #expect(
      try Store(path: ":memory:", clock: { LocalDateTime(iso: "2026-11-29T13:05")! }).reports.dateRange() == nil)
  }

  /// Merchants and notes outside ASCII ("Café", "CAFÉ") must match in any case, as the reference's
  /// `lowercased()` does (SQLite's own NOCASE and lower() fold ASCII only).
  @Test func nonASCIIMerchantsMatchInAnyCase() throws {
    let all = ParityData.make(
      count: 400, seed: Self.seed ^ 0xCAFE, merchants: ["Café Mocha", "CAFÉ MOCHA", "café mocha", "Zoë", "ZOË", nil],
      notes: ["crème brûlée", "CRÈME", nil])
    let store = try ParityData.store(with: all)
    // Where no non-ASCII letter needs folding, both sides agree already.
    for filter in [TransactionFilter(), TransactionFilter(text: "MOCHA"), TransactionFilter(text: "brûlée")] {
      #expect(try store.reports.summaries(filter) == (Analytics.summaries(all, filter: filter)))
      #expect(
        try store.reports.breakdown(filter, by: .merchant) == (Analytics.breakdown(all, filter: filter, by: .merchant)))
    }
    // Non-ASCII text goes through the same Swift folding as the reference.
    for filter in [
      TransactionFilter(merchant: "Zoë"), TransactionFilter(merchant: "café mocha"), TransactionFilter(text: "café"),
      TransactionFilter(text: "crème"),
    ] {
      #expect(try store.reports.summaries(filter) == (Analytics.summaries(all, filter: filter)), "\(filter)")
    }
  }

  /// Merchants spelled with apostrophes, hyphens, dots, spaces and hidden characters (as older
  /// databases may hold them): the SQL (through `spendly_same_name`) and the reference agree,
  /// and a merchant is found by the start of its name ignoring case and punctuation.
  @Test func merchantsMatchIgnoringPunctuationByPrefix() throws {
    let merchants: [String?] = [
      "Joe's", "JOE'S PIZZA", "Joes", "Joey", "Jo\u{200B}e's", "McDonald's", "Mc Donalds", "7-Eleven", "A.B.C.",
      "Chez-Paul", "—", "(Joe)", "@Zara", "_zara_", "{Zara}", "Ünal", "ünal & Co", nil,
    ]
    let all = ParityData.make(count: 600, seed: Self.seed ^ 0x10E5, merchants: merchants)
    let store = try ParityData.store(with: all)
    // The store drops the hidden character on the way in; an older database may still hold
    // some (planted here). The reference sees the stored rows.
    try store.database.execute(
      "UPDATE transactions SET merchant = 'Jo' || char(8203) || 'e''s' || char(8238) WHERE id % 7 = 0 AND merchant = 'Joe''s'"
    )
    let stored = try store.transactions.list().map(\.fields)
    #expect(stored.contains { $0.merchant == "Jo\u{200B}e's\u{202E}" })
    let wanted: [(String, Set<String>)] = [
      ("joes", ["Joe's", "Jo\u{200B}e's\u{202E}", "JOE'S PIZZA", "Joes"]),
      ("JOE'S", ["Joe's", "Jo\u{200B}e's\u{202E}", "JOE'S PIZZA", "Joes"]),
      ("joe", ["Joe's", "Jo\u{200B}e's\u{202E}", "JOE'S PIZZA", "Joes", "Joey", "(Joe)"]),
      // Names that start with punctuation are found through the ranges around the letters.
      ("zara", ["@Zara", "_zara_", "{Zara}"]), ("ÜNAL", ["Ünal", "ünal & Co"]),
      ("mcdonalds", ["McDonald's", "Mc Donalds"]),
      ("7 eleven", ["7-Eleven"]), ("abc", ["A.B.C."]), ("chez paul", ["Chez-Paul"]), ("—", ["—"]),
      ("pizza", []),
    ]
    for (name, expected) in wanted {
      let filter = TransactionFilter(merchant: name)
      #expect(Set(stored.filter(filter.matches).compactMap(\.merchant)) == expected, "\(name)")
      #expect(try store.transactions.count(filter) == stored.filter(filter.matches).count, "\(name)")
      #expect(try store.reports.summaries(filter) == (try Analytics.summaries(stored, filter: filter)), "\(name)")
      #expect(
        try store.reports.breakdown(filter, by: .merchant)
          == (try Analytics.breakdown(stored, filter: filter, by: .merchant)),
        "\(name)")
    }
  }

  /// "Café" typed precomposed (é) and decomposed (e + combining acute) are the same String in Swift,
  /// so the reference makes one group of them; the store must too (SQLite alone compares bytes).
  @Test func canonicallyEquivalentMerchantsFormOneGroup() throws {
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"
    #expect(composed == decomposed)
    let all = [composed, decomposed, composed].enumerated().map { index, merchant in
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: Int64(100 * (index + 1)), currency: .inr), category: "Food",
        method: "Cash", merchant: merchant, date: LocalDate(iso: "2026-11-2\(index)")!)
    }
    let store = try ParityData.store(with: all)
    let expected = Analytics.breakdown(all, filter: TransactionFilter(), by: .merchant)
    #expect(expected.count == 1)
    #expect(try store.reports.breakdown(TransactionFilter(), by: .merchant) == expected)
    #expect(
      try store.reports.summaries(TransactionFilter(merchant: decomposed))
        == (Analytics.summaries(all, filter: TransactionFilter(merchant: decomposed))))
  }

  static func difference(_ got: [GroupTotal], _ expected: [GroupTotal]) -> String {
    let missing = expected.filter { !got.contains($0) }.prefix(3)
    let extra = got.filter { !expected.contains($0) }.prefix(3)
    return "\(got.count) rows vs \(expected.count); missing \(Array(missing)); extra \(Array(extra))"
  }
}
