import SpendlyCore

/// A period's name in words, as answers, JSON `label`s and the HTML report say it: the
/// rendering of the facts in `PeriodName`.
extension Period {
  /// "last month", "Aug 2025", "since"; empty when the period is said by its dates.
  var label: String { name.words(of: self) }
}

extension PeriodName {
  /// The words for this name of `period` (whose days a calendar name is read from).
  func words(of period: Period) -> String {
    let from = period.from
    switch self {
    case .dates: return ""
    case .calendar(.month): return "\(LocalDate.monthAbbreviations[from.month - 1]) \(from.year)"
    case .calendar(.quarter): return "Q\(Period.quarterNumber(from)) \(from.year)"
    case .calendar(.year): return String(from.year)
    case .relative(let offset, let unit):
      return "\(offset == 0 ? "this" : offset > 0 ? "next" : "last") \(unit.rawValue)"
    case .trailing(let count, let word): return "last \(count) \(word)"
    case .ago(let count, let word): return "\(count) \(word) ago"
    case .lastWeekday(let word): return "last \(word)"
    case .today: return "today"
    case .yesterday: return "yesterday"
    case .monthToDate: return "month to date"
    case .since: return "since"
    case .wholeHistory: return "since \(from.readable)"
    case .allYears: return "all years"
    case .twelveMonths: return "12 months to \(YearMonth(period.to).readable)"
    case .span(let start, let end): return "\(start.readable) – \(end.readable)"
    case .toDate(let name): return name.words(of: period) + " to date"
    case .sameDays(let name): return "same days of " + name.words(of: period)
    case .sameDaysLastMonth: return "same days last month"
    }
  }
}
