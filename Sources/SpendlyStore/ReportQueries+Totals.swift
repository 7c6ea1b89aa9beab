import SpendlyCore

/// The analytics questions answered by SQL aggregation, for speed on large data.
/// Results match `Analytics` (the pure reference) exactly, in the same order. Sums go through
/// `spendly_sum`, which fails its statement when a total passes Int64; the totals are then asked
/// a currency at a time, so a currency whose total cannot be added up is marked alone (see
/// `TotalProblem`) and the others are answered.
extension ReportQueries {
  /// Income, expenses and counts per currency.
  public func summaries(_ filter: TransactionFilter) throws(StoreError) -> [Summary] {
    let counted = try counting(filter)
    return try perCurrency(counted) { (one) throws(StoreError) -> [Summary] in
      try summaryRows(one)
    } tooLarge: { (currency, one) throws(StoreError) -> [Summary] in
      var summary = Summary(currency: currency)
      summary.count = Int(try count(one))
      summary.mark(.tooLarge)
      return [summary]
    }.sorted { $0.currency.code < $1.currency.code }
  }

  private func summaryRows(_ filter: TransactionFilter, rollups: Bool = true) throws(StoreError) -> [Summary] {
    let (sql, values): (String, [SQLValue])
    let netted: Bool
    if rollups, let (source, rollupValues) = try rollupSource(filter, grouping: nil) {
      // Whole months from the rollups, the ends scanned (the same rows, added up the same way).
      sql =
        "SELECT t.currency, t.kind, \(Self.netColumns) FROM (\(source)) t GROUP BY t.currency, t.kind "
        + "HAVING sum(t.n) > 0"
      values = rollupValues
      netted = true
    } else {
      let (clause, scanValues) = try whereClause(filter)
      sql =
        "SELECT t.currency, t.kind, spendly_sum(t.amount), count(*) FROM transactions t \(clause) "
        + "GROUP BY t.currency, t.kind"
      values = scanValues
      netted = false
    }
    let found: [Row]
    do {
      found = try rows(sql, values)
    } catch .tooLarge where netted {
      return try summaryRows(filter, rollups: false)  // marked as the scan marks it
    }
    if netted,
      found.contains(where: { row in
        row.text(1).flatMap(Kind.init(rawValue:)) == nil || (try? Self.netSum(row, at: 2).get()) == nil
      })
    {
      return try summaryRows(filter, rollups: false)
    }
    var table: [String: Summary] = [:]
    for row in found {
      let currency = Currency.stored(row.text(0))
      var summary = table[currency.code] ?? Summary(currency: currency)
      summary.count += Int(row.int(3) ?? 0)
      let kind = row.text(1).flatMap(Kind.init(rawValue:))
      switch (kind, netted ? Self.netSum(row, at: 2) : row.values[2].checkedSum) {
      case (nil, _): summary.mark(.damaged)
      case (_, .failure(let problem)): summary.mark(problem)
      case (_, .success(let total)) where total > Summary.largestTotal: summary.mark(.tooLarge)
      case (_, .success(_)) where summary.problem != nil: break
      case (.income?, .success(let total)): summary.income = total
      case (.expense?, .success(let total)): summary.expenses = total
      case (.transfer?, _): break  // asked for transfers: they are neither income nor spending
      }
      table[currency.code] = summary
    }
    return Array(table.values)
  }

  /// Totals by group and currency (see `Analytics.breakdown`).
  public func breakdown(_ filter: TransactionFilter, by grouping: Grouping, weekStart: Int = 0) throws(StoreError)
    -> Breakdown
  {
    let counted = try counting(filter)
    var names: [Int64: String] = [:]
    if grouping == .category || grouping == .method || grouping == .account {
      let table = grouping == .category ? "categories" : grouping == .method ? "methods" : "accounts"
      for row in try rows("SELECT id, name FROM \(table)", []) {
        if let id = row.int(0), let name = row.text(1) { names[id] = name }
      }
    }
    let parts = try perCurrency(counted) { (one) throws(StoreError) -> [Breakdown] in
      [try groupRows(one, by: grouping, weekStart: weekStart, names: names)]
    } tooLarge: { (currency, _) throws(StoreError) -> [Breakdown] in
      [Breakdown(problems: [currency: .tooLarge])]
    }
    var totals: [GroupTotal] = []
    var problems: [Currency: TotalProblem] = [:]
    for part in parts {
      totals += part.groups
      problems.merge(part.problems) { first, _ in first }
    }
    let (merged, overflowed) = merged(totals)
    for currency in overflowed where problems[currency] == nil { problems[currency] = .tooLarge }
    return Breakdown(
      Analytics.sorted(merged.filter { problems[$0.currency] == nil }, by: grouping), problems: problems)
  }

  private func groupRows(
    _ filter: TransactionFilter, by grouping: Grouping, weekStart: Int, names: [Int64: String],
    rollups: Bool = true
  ) throws(StoreError) -> Breakdown {
    // Fixed expressions chosen by the enum; the week start is a bound parameter.
    let key: String
    switch grouping {
    case .category: key = "t.category_id"
    case .method: key = "t.method_id"
    case .merchant: key = "coalesce(t.merchant, '—')"
    case .account: key = "t.account_id"
    case .currency: key = "t.currency"
    case .day: key = "t.date"
    case .week: key = "date(t.date, '-' || ((CAST(strftime('%w', t.date) AS INTEGER) + 13 - ?) % 7) || ' days')"
    case .month: key = "substr(t.date, 1, 7)"
    case .quarter: key = "substr(t.date, 1, 4) || '-Q' || ((CAST(substr(t.date, 6, 2) AS INTEGER) + 2) / 3)"
    case .year: key = "substr(t.date, 1, 4)"
    }
    let sql: String
    let values: [SQLValue]
    let netted: Bool
    if rollups, let (source, rollupValues) = try rollupSource(filter, grouping: grouping) {
      // Whole months from the rollups, the ends scanned (the same rows, added up the same way).
      sql = "SELECT \(key), t.currency, \(Self.netColumns) FROM (\(source)) t GROUP BY 1, 2 HAVING sum(t.n) > 0"
      values = rollupValues
      netted = true
    } else {
      let (clause, scanValues) = try whereClause(filter)
      sql = "SELECT \(key), t.currency, spendly_sum(t.amount), count(*) FROM transactions t \(clause) GROUP BY 1, 2"
      values = scanValues
      netted = false
    }
    let parameters: [SQLValue] = (grouping == .week ? [.integer(Int64(weekStart))] : []) + values
    let found: [Row]
    do {
      found = try rows(sql, parameters)
    } catch .tooLarge where netted {
      return try groupRows(filter, by: grouping, weekStart: weekStart, names: names, rollups: false)
    }
    if netted, found.contains(where: { (try? Self.netSum($0, at: 2).get()) == nil }) {
      // A rollup total past Int64 or of a damaged amount: marked as the scan marks it.
      return try groupRows(filter, by: grouping, weekStart: weekStart, names: names, rollups: false)
    }
    var totals: [GroupTotal] = []
    var problems: [Currency: TotalProblem] = [:]
    for row in found {
      let currency = Currency.stored(row.text(1))
      let name = names.isEmpty ? row.text(0) ?? "—" : row.int(0).flatMap { names[$0] } ?? "—"
      switch netted ? Self.netSum(row, at: 2) : row.values[2].checkedSum {
      case .success(let total):
        totals.append(GroupTotal(key: name, currency: currency, minorUnits: total, count: Int(row.int(3) ?? 0)))
      case .failure(let problem):
        if problems[currency] != .damaged { problems[currency] = problem }
      }
    }
    return Breakdown(totals, problems: problems)
  }

  /// `answer` of the whole filter; when a sum in it passes Int64 (`spendly_sum` fails the
  /// statement), `answer` of each currency alone, and `tooLarge` of the one whose sum passes.
  private func perCurrency<T>(
    _ filter: TransactionFilter, _ answer: (TransactionFilter) throws(StoreError) -> [T],
    tooLarge: (Currency, TransactionFilter) throws(StoreError) -> [T]
  ) throws(StoreError) -> [T] {
    do {
      return try answer(filter)
    } catch .tooLarge {
      var all: [T] = []
      for currency in try currencies(filter) {
        var one = filter
        one.currency = currency
        do {
          all += try answer(one)
        } catch .tooLarge {
          all += try tooLarge(currency, one)
        }
      }
      return all
    }
  }

  /// The currencies of the rows `filter` matches.
  private func currencies(_ filter: TransactionFilter) throws(StoreError) -> [Currency] {
    if let currency = filter.currency { return [currency] }
    let (clause, values) = try whereClause(filter)
    return try rows("SELECT DISTINCT t.currency FROM transactions t \(clause)", values).map {
      Currency.stored($0.text(0))
    }
  }

  /// How many rows `filter` matches.
  private func count(_ filter: TransactionFilter) throws(StoreError) -> Int64 {
    let (clause, values) = try whereClause(filter)
    return try rows("SELECT count(*) FROM transactions t \(clause)", values).first?.int(0) ?? 0
  }

  /// The rows of `sql`, a database failure as the store's error (a sum past Int64 as `.tooLarge`).
  func rows(_ sql: String, _ values: [SQLValue]) throws(StoreError) -> [Row] {
    do {
      return try database.rows(sql, values)
    } catch {
      throw failure(error)
    }
  }

  /// The filter as every total applies it: transfers out unless asked for, and only the
  /// statuses that count (`config pending exclude` leaves out pending and authorized rows).
  func counting(_ filter: TransactionFilter) throws(StoreError) -> TransactionFilter {
    filter.counting(pendingExcluded: try store.settings.pendingExcluded())
  }

  /// The first and last dates with a transaction, or nil for an empty store.
  public func dateRange() throws(StoreError) -> (LocalDate, LocalDate)? {
    do {
      // Only dates that read back: a damaged one ('garbage' sorts after every date) is no end of
      // the range. Each end walks the date index from its side, so it costs a look-up, not a scan.
      func end(_ order: String) throws(DatabaseError) -> LocalDate? {
        try database.row(
          "SELECT date FROM transactions WHERE date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' "
            + "ORDER BY date \(order) LIMIT 1"
        )?.text(0).flatMap { LocalDate(iso: $0) }
      }
      guard let first = try end("ASC"), let last = try end("DESC") else { return nil }
      return (first, last)
    } catch {
      throw failure(error)
    }
  }

  /// SQLite groups text by bytes; Swift treats canonically equivalent names ("Café" composed or
  /// decomposed) as one. Merge such groups so the answer matches the reference.
  /// Also returns the currencies whose merged groups passed Int64.
  func merged(_ totals: [GroupTotal]) -> ([GroupTotal], Set<Currency>) {
    // Two different runs of ASCII bytes are never canonically equivalent: with no other key,
    // SQLite's groups are already the answer's.
    guard totals.contains(where: { !$0.key.utf8.allSatisfy { $0 < 0x80 } }) else { return (totals, []) }
    struct Key: Hashable {
      let key: String
      let currency: String
    }
    var order: [Key] = []
    var table: [Key: GroupTotal] = [:]
    var overflowed: Set<Currency> = []
    for total in totals {
      let key = Key(key: total.key, currency: total.currency.code)
      if let existing = table[key] {
        // A merged group that does not fit marks its currency too large (see `TotalProblem`).
        let sum = try? Money(minorUnits: existing.minorUnits, currency: existing.currency).adding(
          Money(minorUnits: total.minorUnits, currency: existing.currency))
        if sum == nil { overflowed.insert(total.currency) }
        table[key] = GroupTotal(
          key: existing.key, currency: existing.currency, minorUnits: sum?.minorUnits ?? 0,
          count: existing.count + total.count)
      } else {
        order.append(key)
        table[key] = total
      }
    }
    return (order.compactMap { table[$0] }, overflowed)
  }
}
