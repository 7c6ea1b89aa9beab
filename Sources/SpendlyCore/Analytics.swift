/// How a breakdown groups transactions.
public enum Grouping: String, Sendable, CaseIterable {
  case category, method, merchant, account, currency, day, week, month, quarter, year

  public var isTime: Bool { [.day, .week, .month, .quarter, .year].contains(self) }
}

/// One group's total in one currency.
public struct GroupTotal: Hashable, Sendable {
  /// The group: a category or method name, a merchant ("—" for none), a currency code,
  /// or a time key (2026-11-29, the week's first day, 2026-11, 2026-Q4, 2026).
  public let key: String
  public let currency: Currency
  public let minorUnits: Int64
  public let count: Int

  public init(key: String, currency: Currency, minorUnits: Int64, count: Int) {
    self.key = key
    self.currency = currency
    self.minorUnits = minorUnits
    self.count = count
  }

  public var money: Money { Money(minorUnits: minorUnits, currency: currency) }
}

/// A breakdown: the groups, and the currencies left out because a group's total could not be
/// added up (every group of such a currency is left out; other currencies are unaffected).
public struct Breakdown: RandomAccessCollection, Hashable, Sendable {
  public var groups: [GroupTotal]
  public var problems: [Currency: TotalProblem]

  public init(_ groups: [GroupTotal] = [], problems: [Currency: TotalProblem] = [:]) {
    self.groups = groups
    self.problems = problems
  }

  public var startIndex: Int { groups.startIndex }
  public var endIndex: Int { groups.endIndex }
  public subscript(position: Int) -> GroupTotal { groups[position] }

  /// Each currency's total of its groups (what shares are of), through `Money`. A currency
  /// whose groups add up past what a total holds is left out and marked `tooLarge`, as one
  /// whose group does not fit: its total is never capped.
  public mutating func totalled() -> [Currency: Int64] {
    // A few currencies, many groups: a short list of running sums, found by code.
    var sums: [(currency: Currency, total: Int64, over: Bool)] = []
    for group in groups {
      let code = group.currency.code
      guard let index = sums.firstIndex(where: { $0.currency.code == code }) else {
        sums.append((group.currency, group.minorUnits, false))
        continue
      }
      guard !sums[index].over else { continue }
      let (sum, overflow) = sums[index].total.addingReportingOverflow(group.minorUnits)
      sums[index].total = sum
      sums[index].over = overflow
    }
    var totals: [Currency: Int64] = [:]
    for sum in sums {
      if sum.over { problems[sum.currency] = .tooLarge } else { totals[sum.currency] = sum.total }
    }
    if sums.contains(where: \.over) {
      let over = Set(sums.filter(\.over).map(\.currency.code))
      groups.removeAll { over.contains($0.currency.code) }
    }
    return totals
  }
}

/// The reference analytics: pure functions over transactions. The store answers the same
/// questions with SQL aggregation, and a test requires both to agree.
public enum Analytics {
  /// Income, expenses and counts per currency of the transactions matching `filter`.
  /// A currency whose totals pass `Summary.largestTotal` is marked `tooLarge`, alone.
  public static func summaries(_ transactions: [TransactionFields], filter: TransactionFilter) -> [Summary] {
    Summary.perCurrency(transactions.lazy.filter(filter.matches)).sorted { $0.currency.code < $1.currency.code }
  }

  /// Totals by group and currency; `filter` should fix the kind, or income and expenses add up.
  /// A group whose total passes Int64 leaves its currency out, marked `tooLarge`.
  public static func breakdown(
    _ transactions: [TransactionFields], filter: TransactionFilter, by grouping: Grouping, weekStart: Int = 0
  ) -> Breakdown {
    struct Key: Hashable {
      let key: String
      let currency: Currency
    }
    var totals: [Key: (Int64, Int)] = [:]
    var problems: [Currency: TotalProblem] = [:]
    for fields in transactions where filter.matches(fields) {
      let key = Key(key: groupKey(fields, grouping, weekStart: weekStart), currency: fields.amount.currency)
      let (sum, count) = totals[key] ?? (0, 0)
      let (next, overflow) = sum.addingReportingOverflow(fields.amount.minorUnits)
      if overflow { problems[key.currency] = .tooLarge }
      totals[key] = (next, count + 1)
    }
    let groups = totals.filter { problems[$0.key.currency] == nil }.map {
      GroupTotal(key: $0.key.key, currency: $0.key.currency, minorUnits: $0.value.0, count: $0.value.1)
    }
    return Breakdown(sorted(groups, by: grouping), problems: problems)
  }

  /// The group a transaction falls in.
  public static func groupKey(_ fields: TransactionFields, _ grouping: Grouping, weekStart: Int) -> String {
    switch grouping {
    case .category: return fields.category
    case .method: return fields.method
    case .merchant: return fields.merchant ?? "—"
    case .account: return fields.account ?? "—"
    case .currency: return fields.amount.currency.code
    case .day: return fields.date.description
    case .week: return Period.startOfWeek(fields.date, weekStart: weekStart).description
    case .month: return String(fields.date.description.prefix(7))
    case .quarter: return Period.quarterKey(fields.date)
    case .year: return String(fields.date.year)
    }
  }

  /// The canonical order: per currency (by code); time groups oldest first, others largest first.
  public static func sorted(_ rows: [GroupTotal], by grouping: Grouping) -> [GroupTotal] {
    // Positions are sorted, not the groups: moving a group retains its strings, and a year of
    // merchants is thousands of groups.
    let time = grouping.isTime
    return rows.withUnsafeBufferPointer { rows in
      let order = rows.indices.sorted { i, j in
        if rows[i].currency.code != rows[j].currency.code { return rows[i].currency.code < rows[j].currency.code }
        if time { return rows[i].key < rows[j].key }
        if rows[i].minorUnits != rows[j].minorUnits { return rows[i].minorUnits > rows[j].minorUnits }
        return rows[i].key < rows[j].key
      }
      return order.map { rows[$0] }
    }
  }

  /// `total / days`, rounded half away from zero, in minor units.
  public static func average(_ total: Int64, over days: Int) -> Int64 {
    guard days > 0 else { return 0 }
    let d = Int64(days)
    let quotient = total / d
    let remainder = total % d
    return remainder.magnitude * 2 >= d.magnitude ? (total < 0 ? quotient - 1 : quotient + 1) : quotient
  }

  /// Change from `before` to `after` in basis points of `before` (nil when before is zero or
  /// the change is too large to express).
  public static func changeBasisPoints(from before: Int64, to after: Int64) -> Int64? {
    guard before != 0 else { return nil }
    let (difference, overflow) = after.subtractingReportingOverflow(before)
    guard !overflow, difference.magnitude / before.magnitude < 100_000_000_000_000 else { return nil }
    return share(difference, of: before.magnitude)
  }

  /// `part / whole` in basis points, computed in 128 bits so it cannot overflow (whole > 0).
  public static func share(_ part: Int64, of whole: UInt64) -> Int64? {
    guard whole > 0, part.magnitude / whole < 100_000_000_000_000 else { return nil }
    let product = part.magnitude.multipliedFullWidth(by: 10_000)
    let quotient = Int64(whole.dividingFullWidth(product).quotient)
    return part < 0 ? -quotient : quotient
  }
}
