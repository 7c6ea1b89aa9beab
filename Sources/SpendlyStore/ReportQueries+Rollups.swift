import SpendlyCore

/// The rows a total adds up, taken from the rollups (see `Rollups`) for the whole months of the
/// period (a merchant's whole years from its yearly rollups) and for the partial month at each
/// end from the transactions (the kind alone: from its daily rollups). Only for a filter the
/// rollups can answer: a period with kind, category, method, currency and status filters (one
/// dimension at a time); a merchant, text, amount or account filter, a day or week grouping,
/// transfers, or a damaged rollup (a total past Int64, a damaged amount or date) scans instead.
extension ReportQueries {
  /// Set by the parity tests to answer every question by scanning, as before the rollups.
  @TaskLocal static var scansOnly = false

  /// A derived table with the transactions' columns a total reads (`date, kind, currency,
  /// category_id, method_id, account_id, merchant, amount`) and `n`, the rows each line
  /// stands for; nil when the rollups cannot answer `filter` (already `counting`).
  ///
  /// An end month that the period covers mostly is taken whole from the rollups, less its few
  /// other days, which are scanned: those lines have `n` < 0 (-1 a row, or less a day's count),
  /// and a total adds up `amount` where `n` > 0 less `amount` where `n` < 0 (see `netSum`).
  /// With the kind alone (no category, method or merchant), those days, the partial months and
  /// a period inside one month are read from `kind_day` instead. A rollup total past Int64 or
  /// of a damaged amount shows in that sum, and the caller then scans (see `netSum`).
  func rollupSource(_ filter: TransactionFilter, grouping: Grouping?) throws(StoreError) -> (String, [SQLValue])? {
    guard let plan = try rollupPlan(filter, grouping: grouping) else { return nil }
    return try plan.source(self)
  }

  /// Where the rows of a total over `filter` (already `counting`) come from: rollup spans, the
  /// partial months scanned or read from days, and the days taken away; nil when the rollups
  /// cannot answer it (see `rollupSource`).
  func rollupPlan(_ filter: TransactionFilter, grouping: Grouping?) throws(StoreError) -> RollupPlan? {
    guard !Self.scansOnly, filter.merchant == nil, filter.text == nil, filter.minimumAmount == nil,
      filter.maximumAmount == nil, filter.account == nil, !filter.statuses.isEmpty, filter.kind != .transfer,
      filter.kind != nil || filter.excludesTransfers
    else { return nil }
    // The dimension: the grouping's own, or the filtered one, or kind alone.
    var dimension = "kind"
    switch grouping {
    case .category?: dimension = "category"
    case .method?: dimension = "method"
    case .account?: dimension = "account"
    case .merchant?: dimension = "merchant"
    case .day?, .week?: return nil
    case nil, .currency?, .month?, .quarter?, .year?: break
    }
    if !filter.categories.isEmpty {
      guard dimension == "kind" || dimension == "category", filter.method == nil else { return nil }
      dimension = "category"
    }
    if filter.method != nil {
      guard dimension == "kind" || dimension == "method" else { return nil }
      dimension = "method"
    }
    // The whole months of the period. A partial month whose other days hold no row at all (a
    // period ending today, with nothing dated later that month) is as good as whole.
    var first = filter.from.map { $0.day == 1 ? YearMonth($0) : YearMonth($0).adding(months: 1) }
    var last = filter.to.map { $0 == $0.endOfMonth ? YearMonth($0) : YearMonth($0).adding(months: -1) }
    if let from = filter.from, from.day != 1, try isEmpty(from.startOfMonth, through: from.adding(days: -1)) {
      first = YearMonth(from)
    }
    if let to = filter.to, to != to.endOfMonth, try isEmpty(to.adding(days: 1), through: to.endOfMonth) {
      last = YearMonth(to)
    }
    // Days to take away from a whole end month instead of scanning the period's part of it.
    var less: [(LocalDate, LocalDate)] = []
    if let from = filter.from, let month = first.map({ $0.adding(months: -1) }),
      month == YearMonth(from), from.day - 1 < month.lastDay.day - from.day + 1
    {
      less.append((month.firstDay, from.adding(days: -1)))
      first = month
    }
    if let to = filter.to, let month = last.map({ $0.adding(months: 1) }), month == YearMonth(to),
      month.lastDay.day - to.day < to.day, first.map({ $0 <= month }) ?? true
    {
      less.append((to.adding(days: 1), month.lastDay))
      last = month
    }
    // Inside one month no month is whole: the kind alone is read from its days, the rest scanned.
    let insideOneMonth = first.flatMap { first in last.map { first > $0 } } ?? false
    if insideOneMonth {
      guard dimension == "kind", filter.from != nil, filter.to != nil else { return nil }
      less = []
    }
    let low = first?.description ?? "0000-00"
    let high = last?.description ?? "9999-12"
    // A row whose date is no real day is in no month: the scan decides whether it counts.
    let damaged = try rows(
      "SELECT 1 FROM rollups WHERE dim = \(Rollups.literal(dimension)) AND month = 'damaged' LIMIT 1", [])
    guard damaged.isEmpty else { return nil }

    // Merchants of whole years come from their yearly rollups, the months around them from the
    // monthly ones.
    let spans =
      insideOneMonth ? [] : dimension == "merchant" ? Self.yearSpans(first, last) : [(dimension, low, high)]
    // The partial months at the ends, scanned (or read from the days).
    var edges: [(LocalDate, LocalDate)] = []
    if insideOneMonth, let from = filter.from, let to = filter.to {
      edges.append((from, to))
    } else if let from = filter.from, let first, from < first.firstDay {
      edges.append((from, first.firstDay.adding(days: -1)))
    }
    if !insideOneMonth, let to = filter.to, let last, to > last.lastDay {
      edges.append((last.lastDay.adding(days: 1), to))
    }
    return RollupPlan(filter: filter, dimension: dimension, spans: spans, edges: edges, less: less)
  }

  /// The two sums a total over `rollupSource` reads, and the count: what the lines with
  /// `n` > 0 add up, what those with `n` < 0 (days taken away) add up, and `sum(n)`.
  static let netColumns =
    "spendly_sum(CASE WHEN t.n > 0 THEN t.amount END), sum(t.n), spendly_sum(CASE WHEN t.n < 0 THEN t.amount END)"

  /// The total of a row with `netColumns` at `index`: the first sum less the third. A failure
  /// (a rollup total past Int64 or of a damaged amount) means the question is asked by scanning,
  /// which marks it exactly as before the rollups.
  static func netSum(_ row: Row, at index: Int) -> Result<Int64, TotalProblem> {
    switch (row.values[index].checkedSum, row.values[index + 2].checkedSum) {
    case (.success(let whole), .success(let less)): return .success(whole - less)
    case (.failure(let problem), _), (_, .failure(let problem)): return .failure(problem)
    }
  }

  /// The months `first` through `last` (nil: no bound) as `(dim, low, high)` spans of the
  /// merchant rollups: the whole years between from `merchant_year`, the months before and after
  /// them from `merchant`; months alone when no whole year lies between.
  static func yearSpans(_ first: YearMonth?, _ last: YearMonth?) -> [(String, String, String)] {
    let months = { (from: YearMonth?, to: YearMonth?) in
      ("merchant", from?.description ?? "0000-00", to?.description ?? "9999-12")
    }
    let firstYear = first.map { $0.month == 1 ? $0.year : $0.year + 1 }
    let lastYear = last.map { $0.month == 12 ? $0.year : $0.year - 1 }
    if let firstYear, let lastYear, firstYear > lastYear { return [months(first, last)] }
    let year = { (year: Int) in String(YearMonth(year: year, month: 1)?.description.prefix(4) ?? "") }
    var spans: [(String, String, String)] = []
    if let first, first.month != 1 { spans.append(months(first, YearMonth(year: first.year, month: 12))) }
    spans.append(("merchant_year", firstYear.map(year) ?? "0000", lastYear.map(year) ?? "9999"))
    if let last, last.month != 12 { spans.append(months(YearMonth(year: last.year, month: 1), last)) }
    return spans
  }

  /// Whether no transaction at all (of any kind or status) is dated from `start` through `end`,
  /// both in one month: one look-up in the date index.
  private func isEmpty(_ start: LocalDate, through end: LocalDate) throws(StoreError) -> Bool {
    try rows(
      "SELECT 1 FROM transactions WHERE date BETWEEN ? AND ? LIMIT 1",
      [.text(start.description), .text(end.description)]
    ).isEmpty
  }
}
