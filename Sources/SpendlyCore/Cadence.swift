/// How often a schedule repeats. Occurrence n is always the anchor plus n steps, computed
/// directly (anchor + n months, clamped to the target month's length), never by stepping from
/// the previous occurrence: an anchor on 31 Jan is 28/29 Feb, then 31 Mar, then 30 Apr.
public enum Cadence: String, CaseIterable, Sendable {
  case daily, weekly, biweekly, monthly, quarterly, semiannual, annual

  /// The step: a count of days, or of months.
  enum Step {
    case days(Int)
    case months(Int)
  }

  var step: Step {
    switch self {
    case .daily: .days(1)
    case .weekly: .days(7)
    case .biweekly: .days(14)
    case .monthly: .months(1)
    case .quarterly: .months(3)
    case .semiannual: .months(6)
    case .annual: .months(12)
    }
  }

  /// Occurrences a year, only to normalise amounts (never to schedule a date).
  public var perYear: Int64 {
    switch self {
    case .daily: 365
    case .weekly: 52
    case .biweekly: 26
    case .monthly: 12
    case .quarterly: 4
    case .semiannual: 2
    case .annual: 1
    }
  }

  /// The word a person reads: "monthly", "every 2 weeks" is "biweekly".
  public var word: String { rawValue }

  /// Occurrence `n` (0 is the anchor itself).
  public func date(occurrence n: Int, anchor: LocalDate) -> LocalDate {
    switch step {
    case .days(let days): return anchor.adding(days: n * days)
    case .months(let months): return anchor.adding(months: n * months)
    }
  }

  /// The index of the latest occurrence on or before `date`; nil before the anchor.
  public func index(onOrBefore date: LocalDate, anchor: LocalDate) -> Int? {
    guard date >= anchor else { return nil }
    var n: Int
    switch step {
    case .days(let days): n = (date.daysSinceEpoch - anchor.daysSinceEpoch) / days
    case .months(let months):
      n = ((date.year - anchor.year) * 12 + date.month - anchor.month) / months
    }
    // The estimate is exact or one too many (a clamped or later day in the month): settle it.
    while n > 0, self.date(occurrence: n, anchor: anchor) > date { n -= 1 }
    // At the calendar's last month a later occurrence clamps to the same day: stop there.
    while self.date(occurrence: n + 1, anchor: anchor) <= date,
      self.date(occurrence: n + 1, anchor: anchor) > self.date(occurrence: n, anchor: anchor)
    {
      n += 1
    }
    return n
  }

  /// The most recent occurrence on or before `date`; nil before the anchor.
  public func latest(onOrBefore date: LocalDate, anchor: LocalDate) -> LocalDate? {
    index(onOrBefore: date, anchor: anchor).map { self.date(occurrence: $0, anchor: anchor) }
  }

  /// The first occurrence after `date` (the anchor when `date` is before it).
  public func next(after date: LocalDate, anchor: LocalDate) -> LocalDate {
    guard let n = index(onOrBefore: date, anchor: anchor) else { return anchor }
    return self.date(occurrence: n + 1, anchor: anchor)
  }

  /// Every occurrence from `from` to `to`, both included, oldest first.
  public func occurrences(from: LocalDate, to: LocalDate, anchor: LocalDate) -> [LocalDate] {
    guard from <= to else { return [] }
    var n = index(onOrBefore: from, anchor: anchor) ?? 0
    if date(occurrence: n, anchor: anchor) < from { n += 1 }
    var result: [LocalDate] = []
    while true {
      let day = date(occurrence: n, anchor: anchor)
      // Past `to`, or clamped at the calendar's end (no later day to reach): done.
      if day > to || result.last.map({ day <= $0 }) == true { return result }
      result.append(day)
      n += 1
    }
  }

  /// The billing period containing `date`: from the most recent occurrence up to, not
  /// including, the next one; nil before the anchor.
  public func billingPeriod(containing date: LocalDate, anchor: LocalDate) -> (start: LocalDate, end: LocalDate)? {
    guard let n = index(onOrBefore: date, anchor: anchor) else { return nil }
    return (self.date(occurrence: n, anchor: anchor), self.date(occurrence: n + 1, anchor: anchor))
  }

  /// The amount a month: amount × occurrences a year / 12, rounded to the minor unit half away
  /// from zero (weekly ₹100 is ₹433.33).
  public func monthlyEquivalent(_ amount: Money) -> Money {
    Money(
      minorUnits: Self.divideRounded(Int128(amount.minorUnits) * Int128(perYear), by: 12), currency: amount.currency)
  }

  /// The amount a year: one that does not fit is an error naming it, never a capped figure.
  public func yearly(_ amount: Money) throws(FigureTooLarge) -> Money {
    let (product, overflow) = amount.minorUnits.multipliedReportingOverflow(by: perYear)
    if overflow { throw FigureTooLarge(figure: "yearly amount of \(MoneyFormat.string(amount)) \(word)") }
    return Money(minorUnits: product, currency: amount.currency)
  }

  /// `value / divisor` rounded half away from zero.
  static func divideRounded(_ value: Int128, by divisor: Int128) -> Int64 {
    let half = divisor / 2
    let rounded = value >= 0 ? (value + half) / divisor : (value - half) / divisor
    return Int64(clamping: rounded)
  }
}
