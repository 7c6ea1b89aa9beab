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
