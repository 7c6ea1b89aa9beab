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
  /// A figure of the chain that does not fit is an error naming it.
  public static func status(
    of rules: [BudgetRule], in month: YearMonth, spent: (YearMonth) -> Int64
  ) throws(FigureTooLarge) -> BudgetStatus? {
    guard let rule = rule(in: month, among: rules), let limit = rule.limit else { return nil }
    let start = chainStart(of: rules, in: month)
    var carried: Int64 = 0
    var current = start
    while current < month {
      guard let before = self.rule(in: current, among: rules), let beforeLimit = before.limit else { break }
      let money = { (minor: Int64) in Money(minorUnits: minor, currency: rule.target.currency) }
      let figure = tooLarge("carried", rule.target, current.adding(months: 1))
      carried = try money(beforeLimit).adding(money(carried), or: figure)
        .subtracting(money(spent(current)), or: figure).minorUnits
      current = current.adding(months: 1)
    }
    return try BudgetStatus(
      target: rule.target, month: month, limit: limit, carried: rule.rollover ? carried : 0,
      spent: spent(month), source: rule)
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

  /// "the amount left on the Food budget in INR for 2026-12 is too large to keep".
  static func tooLarge(_ what: String, _ target: BudgetTarget, _ month: YearMonth) -> FigureTooLarge {
    FigureTooLarge(figure: "amount \(what) on the \(target.name) budget in \(target.currency.code) for \(month)")
  }
}
