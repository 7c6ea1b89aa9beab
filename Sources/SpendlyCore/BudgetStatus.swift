/// A budget's state in one month: its limit, what was carried into it, what was spent.
public struct BudgetStatus: Equatable, Sendable {
  public let target: BudgetTarget
  public let month: YearMonth
  public let limit: Int64
  /// Carried from the month before (negative: an overspend), when both months roll over.
  public let carried: Int64
  public let spent: Int64
  /// The rule that set it: an override of this month, or a rule from `source.month` on.
  public let source: BudgetRule

  /// What may be spent this month: the limit and what was carried.
  public let available: Int64
  /// What is left (negative when over).
  public let left: Int64

  /// Its figures added up through `Money`: an available or left amount that does not fit is an
  /// error naming it, never a capped figure.
  public init(target: BudgetTarget, month: YearMonth, limit: Int64, carried: Int64, spent: Int64, source: BudgetRule)
    throws(FigureTooLarge)
  {
    self.target = target
    self.month = month
    self.limit = limit
    self.carried = carried
    self.spent = spent
    self.source = source
    let money = { (minor: Int64) in Money(minorUnits: minor, currency: target.currency) }
    let available = try money(limit).adding(money(carried), or: Budgeting.tooLarge("available", target, month))
    self.available = available.minorUnits
    left = try available.subtracting(money(spent), or: Budgeting.tooLarge("left", target, month)).minorUnits
  }

  public var rollover: Bool { source.rollover }
  public var isOver: Bool { spent > available }

  /// The share of what is available that is spent, in tenths of a percent rounded down, as
  /// text and JSON both show it (79.99% is 79.9%, never 80.0% before it is); nil when nothing
  /// is available (a limit of zero, or an overspend carried past it).
  public var percentTenths: Int64? {
    guard available > 0 else { return nil }
    return Int64(clamping: Int128(spent) * 1000 / Int128(available))
  }

  /// The whole percent used, rounded down from the same figure (99.9% is 99%).
  public var wholePercent: Int64? { percentTenths.map { $0 / 10 } }

  /// Whether exactly what is available is spent (100%, not over).
  public var isReached: Bool { available > 0 && spent == available }

  /// How far the spending is along, for crossing checks, decided on the figure shown: 1 from
  /// 80%, 2 at the limit, 3 once over.
  var level: Int {
    if isOver { return 3 }
    if isReached { return 2 }
    return (wholePercent ?? 0) >= 80 ? 1 : 0
  }
}
