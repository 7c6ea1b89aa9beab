/// A recurring charge or income: one record, an anchor and a cadence. Every occurrence, past or
/// future, is computed from it on demand; none is stored as a row. Subscriptions are expense
/// schedules, income sources income ones.
public struct Schedule: Sendable, Equatable {
  /// A new amount from a date on: earlier periods keep the earlier amount.
  public struct PriceChange: Sendable, Equatable {
    public var from: LocalDate
    public var minorUnits: Int64

    public init(from: LocalDate, minorUnits: Int64) {
      self.from = from
      self.minorUnits = minorUnits
    }
  }

  public var id: Int64
  /// What each occurrence records: kind, amount (before price changes), category, method, the
  /// name (as the merchant) and note; its date is the anchor.
  public var fields: TransactionFields
  public var cadence: Cadence
  public var end: LocalDate?
  /// Paused on this day: no occurrence after it is due until resumed (one on the day itself had
  /// come due already, and stays due).
  public var pausedSince: LocalDate?
  public var prices: [PriceChange]
  public var skips: Set<LocalDate>

  public init(
    id: Int64, fields: TransactionFields, cadence: Cadence, end: LocalDate? = nil, pausedSince: LocalDate? = nil,
    prices: [PriceChange] = [], skips: Set<LocalDate> = []
  ) {
    self.id = id
    self.fields = fields
    self.cadence = cadence
    self.end = end
    self.pausedSince = pausedSince
    self.prices = prices.sorted { $0.from < $1.from }
    self.skips = skips
  }

  public var anchor: LocalDate { fields.date }
  public var name: String { fields.merchant ?? fields.category }
  public var kind: Kind { fields.kind }
  public var isPaused: Bool { pausedSince != nil }

  /// The amount of the occurrence on `date`: the latest price change on or before it.
  public func amount(on date: LocalDate) -> Money {
    let minor = prices.last { $0.from <= date }?.minorUnits ?? fields.amount.minorUnits
    return Money(minorUnits: minor, currency: fields.amount.currency)
  }

  /// The occurrences from `from` to `to` (both included), without skipped ones or any after the end.
  public func occurrences(from: LocalDate, to: LocalDate) -> [LocalDate] {
    let last = end.map { min($0, to) } ?? to
    return cadence.occurrences(from: max(from, anchor), to: last, anchor: anchor).filter { !skips.contains($0) }
  }

  /// The first occurrence after `date` that is not skipped, nil once the schedule has ended.
  public func next(after date: LocalDate) -> LocalDate? {
    var n = (cadence.index(onOrBefore: date, anchor: anchor) ?? -1) + 1
    for _ in 0..<10_000 {
      let day = cadence.date(occurrence: n, anchor: anchor)
      if let end, day > end { return nil }
      if !skips.contains(day) { return day }
      n += 1
    }
    return nil
  }

  /// The next date to show from `today`: the first occurrence on or after it that is not
  /// skipped, past today's own when today's period is already logged (`linked`).
  public func upcoming(today: LocalDate, linked: [LocalDate]) -> LocalDate? {
    guard let first = next(after: today.adding(days: -1)), first == today else {
      return next(after: today.adding(days: -1))
    }
    let (start, end) = period(of: today)
    return Self.contains(linked.sorted(), from: start, before: end) ? next(after: today) : today
  }

  /// The billing period of the occurrence on `date`: up to, not including, the next one.
  public func period(of occurrence: LocalDate) -> (start: LocalDate, end: LocalDate) {
    cadence.billingPeriod(containing: occurrence, anchor: anchor) ?? (
      anchor, cadence.date(occurrence: 1, anchor: anchor)
    )
  }

  /// The most occurrences `due` looks at: a daily schedule anchored decades ago stays bounded.
  public static let dueLimit = 5_000

  /// The occurrences up to `today` whose billing period holds none of `linked` (the dates of
  /// transactions linked to this schedule), oldest first: skipped ones, and those while
  /// paused, are not due.
  public func due(today: LocalDate, linked: [LocalDate]) -> [LocalDate] {
    let sortedLinks = linked.sorted()
    var result: [LocalDate] = []
    for day in occurrences(from: anchor, to: today) {
      if let pausedSince, day > pausedSince { break }
      let (start, end) = period(of: day)
      if !Self.contains(sortedLinks, from: start, before: end) { result.append(day) }
      if result.count >= Self.dueLimit { break }
    }
    return result
  }

  /// Whether a date of the sorted `dates` falls in [start, end).
  static func contains(_ dates: [LocalDate], from start: LocalDate, before end: LocalDate) -> Bool {
    var low = 0
    var high = dates.count
    while low < high {
      let middle = (low + high) / 2
      if dates[middle] < start { low = middle + 1 } else { high = middle }
    }
    return low < dates.count && dates[low] < end
  }

  /// The transaction an occurrence records: the schedule's fields on that day, at that day's
  /// price, linked to the schedule.
  public func charge(on occurrence: LocalDate) -> TransactionFields {
    var result = fields
    result.date = occurrence
    result.time = nil
    result.amount = amount(on: occurrence)
    result.recurringID = id
    return result
  }

  /// The amount a month, at the price in effect on `date`.
  public func monthlyEquivalent(on date: LocalDate) -> Money { cadence.monthlyEquivalent(amount(on: date)) }
}
