/// An inclusive range of days that a question covers, with what it was called (`PeriodName`;
/// the CLI words it).
public struct Period: Hashable, Sendable {
  public let from: LocalDate
  public let to: LocalDate
  public let name: PeriodName

  public init(from: LocalDate, to: LocalDate, name: PeriodName = .dates) {
    self.from = from
    self.to = to
    self.name = name
  }

  public var days: Int { to.daysSinceEpoch - from.daysSinceEpoch + 1 }

  /// Days of the period up to and including `today` (all of it when it is over).
  public func elapsedDays(today: LocalDate) -> Int {
    if today < from { return 0 }
    return min(today, to).daysSinceEpoch - from.daysSinceEpoch + 1
  }

  /// Calendar months the period touches up to and including `today` (all of it when it is
  /// over): 1 for a month so far, 12 for a past year.
  public func elapsedMonths(today: LocalDate) -> Int {
    if today < from { return 0 }
    let end = min(today, to)
    return (end.year - from.year) * 12 + end.month - from.month + 1
  }

  /// The first day of the week containing `date` (weekStart 0 = Monday ... 6 = Sunday).
  public static func startOfWeek(_ date: LocalDate, weekStart: Int) -> LocalDate {
    date.adding(days: -((date.weekday - weekStart + 7) % 7))
  }

  public static func day(_ date: LocalDate, name: PeriodName = .dates) -> Period {
    Period(from: date, to: date, name: name)
  }

  public static func week(containing date: LocalDate, weekStart: Int, name: PeriodName) -> Period {
    let start = startOfWeek(date, weekStart: weekStart)
    return Period(from: start, to: start.adding(days: 6), name: name)
  }

  public static func month(containing date: LocalDate, name: PeriodName = .calendar(.month)) -> Period {
    Period(from: date.startOfMonth, to: date.endOfMonth, name: name)
  }

  /// The quarter `date` is in, numbered from January: 1 to 4.
  public static func quarterNumber(_ date: LocalDate) -> Int { (date.month - 1) / 3 + 1 }

  /// The quarter's group key, sorting as time does: "2025-Q1".
  public static func quarterKey(_ date: LocalDate) -> String {
    "\(date.description.prefix(4))-Q\(quarterNumber(date))"
  }

  /// The quarter key said for people: "2025-Q1" is "Q1 2025" (any other text as it is).
  public static func quarterLabel(_ key: String) -> String {
    let parts = key.split(separator: "-")
    guard parts.count == 2, parts[1].count == 2, parts[1].hasPrefix("Q") else { return key }
    return "\(parts[1]) \(parts[0])"
  }

  /// The calendar quarter containing `date` (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec), "Q4 2026".
  public static func quarter(containing date: LocalDate, name: PeriodName = .calendar(.quarter)) -> Period {
    let first = LocalDate(year: date.year, month: (quarterNumber(date) - 1) * 3 + 1, day: 1)!
    return Period(from: first, to: first.adding(months: 2).endOfMonth, name: name)
  }

  public static func year(_ year: Int, name: PeriodName = .calendar(.year)) -> Period {
    Period(
      from: LocalDate(year: year, month: 1, day: 1)!, to: LocalDate(year: year, month: 12, day: 31)!, name: name)
  }

  /// The period of the same length just before this one; for a whole month or year, the previous one.
  public var previous: Period {
    if from.day == 1 && to == to.endOfMonth && from.year == to.year && from.month == to.month {
      return .month(containing: from.adding(months: -1))
    }
    if from.month == 1 && from.day == 1 && to.month == 12 && to.day == 31 && from.year == to.year {
      return .year(from.year - 1)
    }
    let length = days
    let end = from.adding(days: -1)
    let start = end.adding(days: -(length - 1))
    return Period(from: start, to: end, name: .span(start, end))
  }
}
