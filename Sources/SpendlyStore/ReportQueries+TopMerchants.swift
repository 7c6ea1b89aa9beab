import SpendlyCore

/// Top merchants without adding up every merchant of the period: each rollup list (one month or
/// year, currency, kind and status) is read largest first through `rollups_by_total`, a few rows
/// at a time, until the merchants found hold the top places for certain (a threshold algorithm:
/// no merchant not yet seen can have more than the sum of each list's last total read). So the
/// cost follows the answer, not the number of merchants in the history.
extension ReportQueries {
  /// The top merchants of a period and what shares are of.
  public struct TopMerchants: Sendable, Equatable {
    /// At most `count` named merchants per currency, in `Analytics.sorted` order.
    public let groups: [GroupTotal]
    /// Per currency, everything in the period (named merchant or not).
    public let totals: [Currency: Int64]
  }

  /// The `count` largest named merchants (not "—") of `filter` per currency, exactly as
  /// `breakdown(filter, by: .merchant)` would rank them, or nil when the rollups cannot answer
  /// (a filter they do not keep, days taken away, a damaged or too large total, a currency
  /// marked in the summary, a period of too many lists, or too many ties): then ask `breakdown`.
  public func topMerchants(_ count: Int, _ filter: TransactionFilter) throws(StoreError) -> TopMerchants? {
    // A file opened read-only at an older schema has no rank indexes: a failure here is left to
    // the scan, which reports any real one.
    do {
      return try ranked(count, filter)
    } catch {
      return nil
    }
  }

  private func ranked(_ count: Int, _ filter: TransactionFilter) throws(StoreError) -> TopMerchants? {
    let counted = try counting(filter)
    guard (1...1_000).contains(count), let kind = counted.kind, kind != .transfer,
      let plan = try rollupPlan(counted, grouping: .merchant), plan.dimension == "merchant", plan.less.isEmpty,
      let range = try dateRange()
    else { return nil }
    // Lists are read by the stored currency code: one stored otherwise than its reading (`usd`,
    // a damaged code) is left to the scan, which groups the stored codes.
    for row in try rows("SELECT DISTINCT currency FROM rollups WHERE dim = \(Rollups.literal("kind"))", []) {
      guard let code = row.text(0), Currency.stored(code).code == code else { return nil }
    }
    var totals: [Currency: Int64] = [:]
    var groups: [GroupTotal] = []
    for summary in try summaries(counted) where summary.count > 0 {
      guard summary.problem == nil else { return nil }
      totals[summary.currency] = kind == .income ? summary.income : summary.expenses
      var one = plan
      one.filter.currency = summary.currency
      guard let top = try top(count, of: one, kind: kind, range: range) else { return nil }
      groups += top
    }
    return TopMerchants(groups: groups, totals: totals)
  }

  /// One list of merchant rollups: one month (or year), status; the plan's currency and kind.
  private struct RankList {
    let dim: String
    let month: String
    let status: TransactionStatus
  }

  /// The top `count` of one currency (`plan.filter.currency`), or nil (see `topMerchants`).
  private func top(_ count: Int, of plan: RollupPlan, kind: Kind, range: (LocalDate, LocalDate)) throws(StoreError)
    -> [GroupTotal]?
  {
    guard let currency = plan.filter.currency else { return nil }
    var lists: [RankList] = []
    for span in plan.spans {
      for month in Self.periods(span, range) {
        for status in plan.filter.statuses { lists.append(RankList(dim: span.dim, month: month, status: status)) }
      }
      guard lists.count <= 400 else { return nil }
    }
    // The partial months at the ends, added up by scanning (a month's rows at most).
    // Keys are bytes: Swift's String equality would make canonically equivalent keys one.
    var edge: [[UInt8]: (total: Int64, count: Int)] = [:]
    for (from, to) in plan.edges {
      var part = plan.filter
      (part.from, part.to) = (from, to)
      let (clause, values) = try whereClause(part)
      for row in try rows(
        "SELECT coalesce(t.merchant, '—'), spendly_sum(t.amount), count(*) FROM transactions t \(clause) GROUP BY 1",
        values)
      {
        guard let text = row.text(0), case .integer(let total) = row.values[1] else { return nil }
        let key = Array(text.utf8)
        let (sum, over) = (edge[key]?.total ?? 0).addingReportingOverflow(total)
        guard !over else { return nil }
        edge[key] = (sum, (edge[key]?.count ?? 0) + Int(row.int(2) ?? 0))
      }
    }
    let edgeOrder = edge.sorted { $0.value.total > $1.value.total }
    // Keys that are not printable ASCII may be canonically equivalent to another key, which Swift
    // merges: they are always candidates, with the ASCII key each may equal.
    var wide: Set<[UInt8]> = Set(edge.keys.filter(Self.isWide))
    let statuses = plan.filter.statuses.map { SQLValue.text($0.rawValue) }
    for span in plan.spans {
      for row in try rows(
        Self.wideKeys(span.dim, statuses: statuses.count),
        [.text(span.low), .text(span.high), .text(currency.code), .text(kind.rawValue)] + statuses)
      {
        // A key that is no valid UTF-8 (or not text) reads back repaired (U+FFFD) and would not be
        // found again.
        guard let key = row.text(0), row.text(1) == "text", !key.unicodeScalars.contains("\u{FFFD}") else {
          return nil
        }
        wide.insert(Array(key.utf8))
      }
    }
    for key in wide {
      let composed = Array(String(decoding: key, as: UTF8.self)._nfcCodeUnits)
      if !Self.isWide(composed) { wide.insert(composed) }
    }
    var depth = max(32, count * 4)
    while depth <= 4096 {
      var candidates = wide
      var threshold: Int64 = 0
      var reads: [ListRead] = []
      for list in lists {
        var read = ListRead(list: list)
        let found = try rows(
          Self.listTop(list.dim),
          [
            .text(list.month), .text(currency.code), .text(kind.rawValue), .text(list.status.rawValue),
            .integer(Int64(depth)),
          ])
        for row in found {
          // A key stored as a blob (only a damaged row has one) reads back as no key could be found.
          guard let key = row.text(0), case .integer(let total) = row.values[1], row.text(3) == "text" else {
            return nil
          }
          let bytes = Array(key.utf8)
          candidates.insert(bytes)
          read.found[bytes] = (total, Int(row.int(2) ?? 0))
        }
        // A list shorter than the depth is read to its end: a key not in it has nothing there.
        read.whole = found.count < depth
        if !read.whole, case .integer(let last) = found[depth - 1].values[1] {
          let (sum, over) = threshold.addingReportingOverflow(last)
          guard !over else { return nil }
          threshold = sum
        }
        reads.append(read)
      }
      for (key, _) in edgeOrder.prefix(depth) { candidates.insert(key) }
      if edgeOrder.count > depth {
        let (sum, over) = threshold.addingReportingOverflow(edgeOrder[depth - 1].value.total)
        guard !over else { return nil }
        threshold = sum
      }
      guard candidates.count <= 20_000,
        let exact = try totals(of: candidates, reads: reads, currency: currency, kind: kind, edge: edge)
      else { return nil }
      let (merged, overflowed) = merged(exact)
      guard overflowed.isEmpty else { return nil }
      let named = Analytics.sorted(merged, by: .merchant).filter { $0.key != "—" }
      // Every list read to its end, or the last place above what any merchant not seen can have.
      if threshold == 0 || (named.count >= count && named[count - 1].minorUnits > threshold) {
        return Array(named.prefix(count))
      }
      depth *= 4
    }
    return nil
  }

  /// A span's keys that are not printable ASCII, of one currency and kind and the statuses
  /// (`month BETWEEN ? AND ?`), read through their partial index (named: the planner would
  /// rather scan every key of the span for the other terms).
  static func wideKeys(_ dim: String, statuses: Int) -> String {
    """
    SELECT DISTINCT key, typeof(key) FROM rollups INDEXED BY rollups_wide_keys WHERE dim = \(Rollups.literal(dim)) AND month BETWEEN ? AND ?
      AND (dim = 'merchant' OR dim = 'merchant_year') AND key GLOB '*[^ -~]*' AND currency = ? AND kind = ?
      AND status IN (\(Array(repeating: "?", count: statuses).joined(separator: ", ")))
    """
  }

  /// The first rows of one list, largest total first, read backwards through `rollups_by_total`
  /// (the literal `dim` is what lets the planner use that partial index).
  static func listTop(_ dim: String) -> String {
    "SELECT key, total, count, typeof(key) FROM rollups WHERE dim = \(Rollups.literal(dim)) AND month = ? AND currency = ? AND kind = ? "
      + "AND status = ? ORDER BY total DESC LIMIT ?"
  }

  /// What one list's read found: its first keys' totals and counts, and whether that is all of it.
  private struct ListRead {
    let list: RankList
    var found: [[UInt8]: (total: Int64, count: Int)] = [:]
    var whole = false
  }

  /// Each candidate's total over the lists and the edges, in the byte order of its key (as
  /// SQLite's groups come, so `merged` keeps the same name); nil for a total that is damaged or
  /// too large. A key a list's read did not reach is looked up in it by the primary key.
  private func totals(
    of candidates: Set<[UInt8]>, reads: [ListRead], currency: Currency, kind: Kind,
    edge: [[UInt8]: (total: Int64, count: Int)]
  ) throws(StoreError) -> [GroupTotal]? {
    var sums: [[UInt8]: (total: Int64, count: Int)] = [:]
    for key in candidates {
      var sum = edge[key] ?? (0, 0)
      for read in reads {
        var value = read.found[key]
        if value == nil, !read.whole {
          let row = try rows(
            "SELECT total, count FROM rollups WHERE dim = \(Rollups.literal(read.list.dim)) AND month = ? AND currency = ? "
              + "AND status = ? AND kind = ? "
              + "AND key = ?",
            [
              .text(read.list.month), .text(currency.code), .text(read.list.status.rawValue),
              .text(kind.rawValue), .text(String(decoding: key, as: UTF8.self)),
            ]
          ).first
          if let row {
            guard case .integer(let total) = row.values[0] else { return nil }
            value = (total, Int(row.int(1) ?? 0))
          }
        }
        guard let value else { continue }
        let (total, over) = sum.total.addingReportingOverflow(value.total)
        guard !over else { return nil }
        sum = (total, sum.count + value.count)
      }
      if sum.count > 0 { sums[key] = sum }
    }
    return sums.sorted { $0.key.lexicographicallyPrecedes($1.key) }
      .map {
        GroupTotal(
          key: String(decoding: $0.key, as: UTF8.self), currency: currency, minorUnits: $0.value.total,
          count: $0.value.count)
      }
  }

  /// The `month` values of a span's rollups that hold data: its years or months within the
  /// first and last dates with a transaction.
  private static func periods(_ span: (dim: String, low: String, high: String), _ range: (LocalDate, LocalDate))
    -> [String]
  {
    let (first, last) = (YearMonth(range.0), YearMonth(range.1))
    if span.dim == "merchant_year" {
      let (low, high) = (max(first.year, Int(span.low) ?? 0), min(last.year, Int(span.high) ?? 9999))
      guard low <= high else { return [] }
      return (low...high).compactMap { YearMonth(year: $0, month: 1).map { String($0.description.prefix(4)) } }
    }
    var months: [String] = []
    var month = first
    while month <= last {
      let text = month.description
      if text >= span.low && text <= span.high { months.append(text) }
      month = month.adding(months: 1)
    }
    return months
  }

  /// Whether a key holds anything but printable ASCII (as `GLOB '*[^ -~]*'` finds it).
  private static func isWide(_ key: [UInt8]) -> Bool {
    key.contains { $0 < 0x20 || $0 > 0x7E }
  }
}
