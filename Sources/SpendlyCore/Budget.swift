/// What a budget is for: one expense category (nil: all expenses, the overall budget) in one
/// currency. Expenses in other currencies never count against it: nothing is converted.
public struct BudgetTarget: Hashable, Sendable {
  public var category: String?
  public var currency: Currency

  public init(category: String?, currency: Currency) {
    self.category = category
    self.currency = currency
  }

  /// "Food", or "overall".
  public var name: String { category ?? "overall" }
}

/// A budget as the person set it: from a month on until changed, or for one month only (an
/// override). A rule without a limit clears the budget (from then on, or for that month).
public struct BudgetRule: Hashable, Sendable {
  public enum Scope: String, Sendable {
    /// From `month` on, until a later rule.
    case from
    /// For `month` only, over any from-rule.
    case month
  }

  public var target: BudgetTarget
  public var scope: Scope
  public var month: YearMonth
  /// The monthly limit in minor units; nil when the rule clears the budget.
  public var limit: Int64?
  /// A month's unspent amount (or overspend) carries into the next month's limit.
  public var rollover: Bool

  public init(target: BudgetTarget, scope: Scope, month: YearMonth, limit: Int64?, rollover: Bool) {
    self.target = target
    self.scope = scope
    self.month = month
    self.limit = limit
    self.rollover = rollover
  }
}

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

  public init(target: BudgetTarget, month: YearMonth, limit: Int64, carried: Int64, spent: Int64, source: BudgetRule) {
    self.target = target
    self.month = month
    self.limit = limit
    self.carried = carried
    self.spent = spent
    self.source = source
  }

  public var rollover: Bool { source.rollover }

  /// What may be spent this month: the limit and what was carried.
  public var available: Int64 { Budgeting.saturating(limit, carried) }
  /// What is left (negative when over).
  public var left: Int64 { Budgeting.difference(available, spent) }
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

/// A save that moved a budget past a mark.
public enum BudgetCrossing: Equatable, Sendable {
  /// From under 80% to 80% or more (but not over).
  case warning
  /// From under the limit to exactly it.
  case reached
  /// From at most the limit to over it.
  case over
}

/// Budget rules: which rule is in effect, what rolls over, and when a save crosses a mark.
public enum Budgeting {
  /// The rule in effect for one target in `month`, among that target's rules: the month's
  /// override, else the latest from-rule at or before it. Nil, or a rule without a limit, means
  /// no budget that month.
  public static func rule(in month: YearMonth, among rules: [BudgetRule]) -> BudgetRule? {
    if let override = rules.first(where: { $0.scope == .month && $0.month == month }) { return override }
    return rules.filter { $0.scope == .from && $0.month <= month }.max { $0.month < $1.month }
  }

  /// The state of one target's budget in `month` (nil when none applies). A month's leftover
  /// (or overspend) is carried into the next when the budgets of both months roll over, so a
  /// chain runs back to the first month of an unbroken run of rolling-over budgets.
  /// `spent` answers one month's spending on the target.
  public static func status(
    of rules: [BudgetRule], in month: YearMonth, spent: (YearMonth) throws -> Int64
  ) rethrows -> BudgetStatus? {
    guard let rule = rule(in: month, among: rules), let limit = rule.limit else { return nil }
    let start = chainStart(of: rules, in: month)
    var carried: Int64 = 0
    var current = start
    while current < month {
      guard let before = self.rule(in: current, among: rules), let beforeLimit = before.limit else { break }
      carried = difference(saturating(beforeLimit, carried), try spent(current))
      current = current.adding(months: 1)
    }
    return BudgetStatus(
      target: rule.target, month: month, limit: limit, carried: rule.rollover ? carried : 0,
      spent: try spent(month), source: rule)
  }

  /// The first month whose spending `status` needs: the first of the unbroken run of
  /// rolling-over budgets that ends in `month` (`month` itself when it does not roll over).
  public static func chainStart(of rules: [BudgetRule], in month: YearMonth) -> YearMonth {
    guard let rule = rule(in: month, among: rules), rule.limit != nil, rule.rollover else { return month }
    let earliest = rules.map(\.month).min() ?? month
    var start = month
    while start > earliest, let before = self.rule(in: start.adding(months: -1), among: rules),
      before.limit != nil, before.rollover
    {
      start = start.adding(months: -1)
    }
    return start
  }

  /// The mark a save crossed, from the budget's state before it to after it.
  public static func crossing(from before: BudgetStatus?, to after: BudgetStatus) -> BudgetCrossing? {
    let was = before?.level ?? 0
    let now = after.level
    guard now > was else { return nil }
    return now == 3 ? .over : now == 2 ? .reached : .warning
  }

  /// Adds minor units, saturating instead of trapping (stored totals are untrusted).
  public static func saturating(_ a: Int64, _ b: Int64) -> Int64 {
    let (result, overflow) = a.addingReportingOverflow(b)
    if overflow { return b > 0 ? .max : .min }
    return result
  }

  /// Subtracts minor units, saturating instead of trapping.
  public static func difference(_ a: Int64, _ b: Int64) -> Int64 {
    let (result, overflow) = a.subtractingReportingOverflow(b)
    if overflow { return b < 0 ? .max : .min }
    return result
  }
}
