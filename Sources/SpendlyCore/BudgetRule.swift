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
