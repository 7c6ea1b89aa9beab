/// A calendar month ("2026-12"): what budgets are set for and counted over.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int

  public init?(year: Int, month: Int) {
    guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
    self.year = year
    self.month = month
  }

  /// The month containing `date`.
  public init(_ date: LocalDate) {
    year = date.year
    month = date.month
  }

  /// Reads `YYYY-MM`.
  public init?(text: some StringProtocol) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
      let month = Int(parts[1])
    else { return nil }
    self.init(year: year, month: month)
  }

  /// The month `count` months later (earlier when negative).
  public func adding(months count: Int) -> YearMonth {
    let index = year * 12 + (month - 1) + count
    return YearMonth(uncheckedYear: index / 12, month: index % 12 + 1)
  }

  private init(uncheckedYear year: Int, month: Int) {
    self.year = year
    self.month = month
  }

  /// Months from `self` to `other` (positive when `other` is later).
  public func months(to other: YearMonth) -> Int { (other.year - year) * 12 + other.month - month }

  public var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
  public var lastDay: LocalDate { firstDay.endOfMonth }
  public var period: Period { .month(containing: firstDay) }

  /// "2026-12".
  public var description: String {
    String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) + (month < 10 ? "-0" : "-")
      + String(month)
  }

  /// "Dec 2026".
  public var readable: String { "\(LocalDate.monthAbbreviations[month - 1]) \(year)" }

  public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
    (lhs.year, lhs.month) < (rhs.year, rhs.month)
  }
}
