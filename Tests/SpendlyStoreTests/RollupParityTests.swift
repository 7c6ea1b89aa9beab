import SpendlyCore
import Testing

@testable import SpendlyStore

/// A report over whole months reads the rollups and scans only the partial months at the ends:
/// its answers are identical to the scan's (the same order, the same `TotalProblem` marks).
@Suite("Reports: whole months from the rollups answer exactly as the scan")
struct RollupParityTests {
  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  /// Periods of whole months, with partial ends, within one month, and open at either end.
  static let periods: [(String, LocalDate?, LocalDate?)] = [
    ("lifetime", nil, nil),
    ("year 2025", day("2025-01-01"), day("2025-12-31")),
    ("since 1 oct", day("2025-10-01"), nil),
    ("since 15 oct", day("2025-10-15"), nil),
    ("until 10 mar 2025", nil, day("2025-03-10")),
    ("until end of feb 2024", nil, day("2024-02-29")),
    ("both ends partial", day("2024-03-17"), day("2026-02-11")),
    ("February 2024", day("2024-02-01"), day("2024-02-29")),
    ("inside one month", day("2025-05-03"), day("2025-05-20")),
    ("across one month end", day("2025-05-20"), day("2025-06-10")),
    ("from after to", day("2026-02-01"), day("2025-01-31")),
    // Ends that cover most of their month: the whole month less the few other days.
    ("both ends mostly whole", day("2024-03-03"), day("2026-02-26")),
    ("most of one month", day("2025-05-02"), day("2025-05-29")),
    ("a month's last days and most of the next", day("2025-05-30"), day("2025-06-28")),
    ("the last day of a month less", day("2025-03-01"), day("2025-04-29")),
    // Merchants: whole years from their yearly rollups, the months around them from the monthly.
    ("whole years and the months before them", day("2024-03-01"), nil),
    ("the months after a whole year", day("2024-01-01"), day("2025-07-31")),
  ]

  /// Filters the rollups answer, and some they do not (which scan).
  static let filters: [(String, TransactionFilter)] = [
    ("everything", TransactionFilter()),
    ("expenses", TransactionFilter(kind: .expense)),
    ("income", TransactionFilter(kind: .income)),
    ("category Food", TransactionFilter(category: "Food")),
    (
      "two categories",
      {
        var filter = TransactionFilter()
        filter.categories = ["Food", "Travel"]
        return filter
      }()
    ),
    ("method UPI", TransactionFilter(method: "upi")),
    ("currency USD", TransactionFilter(currency: .usd)),
    ("expenses in INR", TransactionFilter(kind: .expense, currency: .inr)),
    (
      "pending only",
      {
        var filter = TransactionFilter()
        filter.statuses = [.pending]
        return filter
      }()
    ),
    ("transfers", TransactionFilter(kind: .transfer)),
    ("merchant uber (scans)", TransactionFilter(merchant: "uber")),
    ("text lunch (scans)", TransactionFilter(text: "lunch")),
    ("category and method (scans)", TransactionFilter(category: "Food", method: "UPI")),
  ]

  static let groupings: [Grouping?] = [
    nil, .category, .method, .account, .merchant, .month, .quarter, .year, .currency, .week,
  ]

  /// The parity data with every status and a few transfers between two accounts.
  static func store(seed: UInt64) throws -> Store {
    var data = ParityData.make(count: 2_000, seed: seed)
    var random = SplitMix64(seed: seed ^ 0xA5A5)
    for index in data.indices {
      data[index].status = random.chance(70) ? .booked : random.pick(TransactionStatus.allCases)
    }
    let store = try ParityData.store(with: [])
    try AccountStoreTests.world(store)
    _ = try store.transactions.apply(action: .import, data.map { TransactionWrite.add($0) })
    for index in 0..<40 {
      var transfer = AccountStoreTests.transfer(Int64(100 + index), from: "HDFC Savings", to: "Wallet")
      transfer.date = ParityData.first.adding(days: index * 23)
      try store.transactions.add(transfer)
    }
    return store
  }

  /// Both paths' answers to every question, and how many of them the rollups took.
  static func compare(_ store: Store, _ label: String) throws -> Int {
    var answered = 0
    for (name, base) in filters {
      for (period, from, to) in periods {
        var filter = base
        filter.from = from
        filter.to = to
        for grouping in groupings {
          let counted = try store.reports.counting(filter)
          if try store.reports.rollupSource(counted, grouping: grouping) != nil { answered += 1 }
          let what = "\(label): \(name), \(period), by \(grouping.map(\.rawValue) ?? "summary")"
          if let grouping {
            let fast = try store.reports.breakdown(filter, by: grouping)
            let scan = try ReportQueries.$scansOnly.withValue(true) {
              try store.reports.breakdown(filter, by: grouping)
            }
            #expect(fast == scan, "\(what)")
          } else {
            let fast = try store.reports.summaries(filter)
            let scan = try ReportQueries.$scansOnly.withValue(true) { try store.reports.summaries(filter) }
            #expect(fast == scan, "\(what)")
          }
        }
      }
    }
    return answered
  }

  @Test(arguments: [UInt64(28), 0x5EED])
  func randomDataGivesIdenticalReports(_ seed: UInt64) throws {
    let store = try Self.store(seed: seed)
    let answered = try Self.compare(store, "seed \(seed)")
    #expect(answered > 150, "the rollups answered only \(answered) questions")
    // `config pending exclude` is chosen at query time, with no rebuild.
    try store.settings.set(.pending, "exclude")
    // (Pending rows alone then count in no total, which the scan answers: one question fewer per period.)
    #expect(try Self.compare(store, "seed \(seed), pending excluded") > 150)
  }

  /// A period ending (or starting) inside a month whose other days hold no row at all takes that
  /// month whole from the rollups, and answers as the scan does; with rows there it scans them.
  @Test func anEndWithNothingBeyondItIsAWholeMonth() throws {
    // No row from 1 to 11 Jan 2024, on 1 Nov 2026, or after 18 Nov 2026.
    let data = ParityData.make(count: 1_500, seed: 77).filter {
      $0.date >= Self.day("2024-01-12") && $0.date <= Self.day("2026-11-18") && $0.date != Self.day("2026-11-01")
    }
    let store = try ParityData.store(with: data)
    let periods: [(LocalDate?, LocalDate?)] = [
      (nil, Self.day("2026-11-18")), (nil, Self.day("2026-11-25")), (Self.day("2024-01-05"), nil),
      (Self.day("2024-01-05"), Self.day("2026-11-20")), (Self.day("2026-11-02"), Self.day("2026-11-25")),
    ]
    for (from, to) in periods {
      var filter = TransactionFilter(kind: .expense)
      filter.from = from
      filter.to = to
      let counted = try store.reports.counting(filter)
      let (source, _) = try #require(try store.reports.rollupSource(counted, grouping: .category))
      #expect(!source.contains("FROM transactions"), "\(String(describing: from))–\(String(describing: to))")
      for grouping in [Grouping.category, .merchant, .month] {
        let fast = try store.reports.breakdown(filter, by: grouping)
        let scan = try ReportQueries.$scansOnly.withValue(true) { try store.reports.breakdown(filter, by: grouping) }
        #expect(fast == scan)
      }
      #expect(
        try store.reports.summaries(filter)
          == ReportQueries.$scansOnly.withValue(true) { try store.reports.summaries(filter) })
    }
    // Rows on the other days: those days are scanned (or taken away), not ignored.
    var filter = TransactionFilter(kind: .expense)
    filter.to = Self.day("2026-11-10")
    let counted = try store.reports.counting(filter)
    let (source, _) = try #require(try store.reports.rollupSource(counted, grouping: .category))
    #expect(source.contains("FROM transactions"))
    #expect(
      try store.reports.breakdown(filter, by: .category)
        == ReportQueries.$scansOnly.withValue(true) { try store.reports.breakdown(filter, by: .category) })
  }

  /// A year by category reads the rollups' rows, not the transactions.
  @Test func aYearReadsTheRollups() throws {
    let store = try Self.store(seed: 3)
    let filter = try store.reports.counting(TransactionFilter(from: Self.day("2025-01-01"), to: Self.day("2025-12-31")))
    let (source, _) = try #require(try store.reports.rollupSource(filter, grouping: .category))
    #expect(source.contains("FROM rollups r") && !source.contains("FROM transactions"))
    let partial = try store.reports.counting(
      TransactionFilter(from: Self.day("2025-01-15"), to: Self.day("2025-12-31")))
    let (edged, _) = try #require(try store.reports.rollupSource(partial, grouping: .category))
    #expect(edged.contains("FROM transactions"))
    #expect(try store.reports.rollupSource(partial, grouping: .day) == nil)
  }

  /// Top merchants for a year read that year's merchant rollups, not twelve months of them; the
  /// months around whole years come from the monthly ones.
  @Test func aYearOfMerchantsReadsTheYearlyRollups() throws {
    let store = try Self.store(seed: 3)
    let year = try store.reports.counting(TransactionFilter(from: Self.day("2025-01-01"), to: Self.day("2025-12-31")))
    let (source, values) = try #require(try store.reports.rollupSource(year, grouping: .merchant))
    #expect(source.contains("r.dim = 'merchant_year'"))
    #expect(Array(values.prefix(2)) == [.text("2025"), .text("2025")])
    #expect(!source.contains("FROM transactions"))
    let month = { (text: String) in YearMonth(text: text) }
    let spans = { (first: String?, last: String?) in
      ReportQueries.yearSpans(first.flatMap(month), last.flatMap(month)).map { "\($0.0) \($0.1)..\($0.2)" }
    }
    #expect(spans("2025-01", "2025-12") == ["merchant_year 2025..2025"])
    #expect(
      spans("2024-03", "2026-01") == [
        "merchant 2024-03..2024-12", "merchant_year 2025..2025", "merchant 2026-01..2026-01",
      ])
    #expect(spans("2024-03", "2025-02") == ["merchant 2024-03..2025-02"])
    #expect(spans("2025-02", "2025-11") == ["merchant 2025-02..2025-11"])
    #expect(spans(nil, nil) == ["merchant_year 0000..9999"])
    #expect(spans("2024-10", nil) == ["merchant 2024-10..2024-12", "merchant_year 2025..9999"])
    #expect(spans(nil, "2025-06") == ["merchant_year 0000..2024", "merchant 2025-01..2025-06"])
    #expect(spans("2023-01", "2024-12") == ["merchant_year 2023..2024"])
  }

  static let kwd = Currency.named("KWD")!

  /// Amounts so large that a month, or only the months together, pass Int64: marked as the scan marks them.
  @Test(arguments: [false, true])
  func overflowIsMarkedTheSame(_ acrossMonths: Bool) throws {
    let largest = AmountParser.maximumMajorUnits * Self.kwd.minorPerMajor
    var all = (0..<9_224).map { index in
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: largest, currency: Self.kwd), category: "Rent",
        method: "Bank Transfer",
        date: Self.day(acrossMonths && index % 2 == 1 ? "2026-10-01" : "2026-11-01").adding(days: index % 28))
    }
    all.append(expense(420))
    all.append(income(150_000))
    let store = try ParityData.store(with: all)
    let monthPastInt64 =
      try store.database.row(
        "SELECT 1 FROM rollups WHERE currency = 'KWD' AND typeof(total) != 'integer' AND dim != 'merchant_year'") != nil
    #expect(monthPastInt64 == !acrossMonths)
    // The year's merchant rollup passes Int64 either way.
    #expect(
      try store.database.row(
        "SELECT 1 FROM rollups WHERE currency = 'KWD' AND typeof(total) = 'real' AND dim = 'merchant_year'") != nil)
    var checked = 0
    for (from, to) in [
      (Self.day("2026-01-01"), Self.day("2026-12-31")), (Self.day("2026-10-05"), Self.day("2026-11-30")),
    ] {
      for base in [TransactionFilter(), TransactionFilter(kind: .expense), TransactionFilter(category: "Rent")] {
        var filter = base
        filter.from = from
        filter.to = to
        let scanned = try ReportQueries.$scansOnly.withValue(true) { try store.reports.summaries(filter) }
        #expect(try store.reports.summaries(filter) == scanned)
        for grouping in [Grouping.category, .method, .month, .currency, .year] {
          let fast = try store.reports.breakdown(filter, by: grouping)
          let scan = try ReportQueries.$scansOnly.withValue(true) { try store.reports.breakdown(filter, by: grouping) }
          #expect(fast == scan)
          // The whole year passes Int64 in KWD (by a month, it does only where one month does).
          if from.month == 1 && grouping != .month || !acrossMonths { #expect(fast.problems[Self.kwd] == .tooLarge) }
          checked += 1
        }
      }
    }
    #expect(checked == 30)
  }
}
