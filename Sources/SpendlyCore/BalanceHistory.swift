/// An account's balance over time: at the end of each day, or of each month, from the
/// opening balance and the day-by-day movements (pure, so it is checked against a reference).
public enum BalanceHistory {
  public enum Step: String, Sendable {
    case day, month
  }

  public struct Point: Sendable, Equatable {
    public let date: LocalDate
    public let balance: Int64
  }

  /// The balance at the end of `date`.
  public static func balance(_ account: Account, movements: [(date: LocalDate, net: Int64)], on date: LocalDate)
    throws(FigureTooLarge) -> Int64
  {
    try points(account, movements: movements, from: date, to: date, step: .day).first?.balance ?? 0
  }

  /// Days for a range of two months or less, months beyond.
  public static func step(from: LocalDate, to: LocalDate) -> Step {
    to.daysSinceEpoch - from.daysSinceEpoch <= 62 ? .day : .month
  }

  /// The balance at the end of each step from `from` to `to` (a month's point is its last day,
  /// or `to`), given each day's net movement (credits less debits) in any order. A balance that
  /// no longer fits is an error naming the account and the day.
  public static func points(
    _ account: Account, movements: [(date: LocalDate, net: Int64)], from: LocalDate, to: LocalDate, step: Step
  ) throws(FigureTooLarge) -> [Point] {
    guard from <= to else { return [] }
    var dates: [LocalDate] = []
    switch step {
    case .day:
      for offset in 0...(to.daysSinceEpoch - from.daysSinceEpoch) { dates.append(from.adding(days: offset)) }
    case .month:
      var month = YearMonth(from)
      while month.firstDay <= to {
        dates.append(min(month.lastDay, to))
        month = month.adding(months: 1)
      }
    }
    // Movements before the opening date are already in the opening balance.
    let sorted = movements.filter { movement in account.openingDate.map { movement.date >= $0 } ?? true }
      .sorted { $0.date < $1.date }
    var index = 0
    var flows = Money.zero(account.currency)
    var points: [Point] = []
    for date in dates {
      while index < sorted.count, sorted[index].date <= date {
        flows = try flows.adding(
          Money(minorUnits: sorted[index].net, currency: account.currency),
          or: FigureTooLarge(name: account.name, figure: "movements to \(sorted[index].date)"))
        index += 1
      }
      points.append(Point(date: date, balance: try account.balance(flows: flows.minorUnits, on: date)))
    }
    return points
  }
}
