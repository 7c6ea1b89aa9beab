import SpendlyCore

/// Budgets: each set or clear is one change in the log, undoable. What was spent comes from
/// `month_totals`, which triggers keep beside the transactions, so no answer scans them.
public struct BudgetRecords: RecordFamily {
  let store: Store
}

/// What a budget set or clear did.
public struct BudgetChange: Sendable, Equatable {
  /// The budget as set (`before` the limit it replaced, when that differed and it changed).
  public let fact: BudgetFact
  /// False when the budget was already so: nothing was written.
  public let changed: Bool
}

extension BudgetRecords {
  /// Every budget rule, with categories by their current names.
  public func rules() throws(StoreError) -> [BudgetRule] {
    try reading {
      try database.rows(
        """
        SELECT b.id, c.name, b.currency, b.scope, b.month, b.amount, b.rollover
        FROM budgets b LEFT JOIN categories c ON c.id = b.category_id ORDER BY b.id
        """
      ).map { row in
        let reader = RowReader(row: row, name: "budget #\(row.text(0) ?? "?")")
        return BudgetRule(
          target: BudgetTarget(
            category: row.text(1),
            currency: try reader.required(2, "currency", "a currency code") { Currency.named($0) }),
          scope: try reader.required(3, "scope", "from or month") { BudgetRule.Scope(rawValue: $0) },
          month: try reader.required(4, "month", "YYYY-MM") { YearMonth(text: $0) },
          limit: row.int(5), rollover: row.int(6) == 1)
      }
    }
  }

  /// Sets the budget of `target` (`limit` in minor units), or clears it (`limit` nil), from
  /// `month` on or for that month only. `rollover` nil keeps what the budget in effect says.
  /// The same budget set twice writes no change.
  @discardableResult
  public func set(
    _ target: BudgetTarget, limit: Int64?, scope: BudgetRule.Scope, month: YearMonth, rollover: Bool? = nil
  ) throws(StoreError) -> BudgetChange {
    if let limit, limit < 0 {
      throw .invalid(ValidationError(field: "amount", value: "\(limit)", reason: "is negative"))
    }
    let known = try rules().filter { $0.target == target }
    let rolls = rollover ?? Budgeting.rule(in: month, among: known)?.rollover ?? false
    let fact = BudgetFact(
      category: target.category, currency: target.currency.code, limit: limit, scope: scope.rawValue,
      month: month.description, rollover: rolls, before: nil)
    // What this rule would replace: the month's own override, or the from-rule in effect then.
    let replaced =
      scope == .month
      ? known.first { $0.scope == .month && $0.month == month }
      : Budgeting.rule(in: month, among: known.filter { $0.scope == .from })
    // Clearing from a month clears every rule of the target from that month on.
    let clearsLater = limit == nil && scope == .from
    let laterLimits = clearsLater && known.contains { $0.limit != nil && $0.month >= month && $0 != replaced }
    let unchanged: Bool =
      if laterLimits {
        false
      } else if let replaced {
        replaced.limit == limit && (limit == nil || replaced.rollover == rolls)
      } else {
        limit == nil && Budgeting.rule(in: month, among: known)?.limit == nil
      }
    if unchanged { return BudgetChange(fact: fact, changed: false) }
    var said = fact
    if let before = replaced?.limit ?? Budgeting.rule(in: month, among: known)?.limit, before != limit {
      said = BudgetFact(
        category: fact.category, currency: fact.currency, limit: limit, scope: fact.scope, month: fact.month,
        rollover: rolls, before: before)
    }
    try change(.budget, fact: .budget(set: said)) { log in
      let categoryID: SQLValue
      if let name = target.category {
        guard let (id, _) = try store.catalog.named(log.db, name, kind: .category) else {
          throw StoreError.unknown("category", name)
        }
        categoryID = .integer(id)
      } else {
        categoryID = .null
      }
      let key: [SQLValue] = [categoryID, .text(target.currency.code), .text(scope.rawValue), .text(month.description)]
      let existing = try log.db.row(
        "SELECT id FROM budgets WHERE ifnull(category_id, 0) = ifnull(?, 0) AND currency = ? AND scope = ? AND month = ?",
        key)?.int(0)
      let values: [SQLValue] = [SQLValue(limit), .integer(rolls ? 1 : 0)]
      if clearsLater {
        for row in try log.db.rows(
          "SELECT id FROM budgets WHERE ifnull(category_id, 0) = ifnull(?, 0) AND currency = ? AND month >= ? AND id IS NOT ?",
          [categoryID, .text(target.currency.code), .text(month.description), SQLValue(existing)])
        {
          guard let id = row.int(0) else { continue }
          try log.track(.budgets, key: .integer(id)) {
            try log.db.run("DELETE FROM budgets WHERE id = ?", [.integer(id)])
          }
        }
      }
      if let existing {
        try log.track(.budgets, key: .integer(existing)) {
          try log.db.run("UPDATE budgets SET amount = ?, rollover = ? WHERE id = ?", values + [.integer(existing)])
        }
      } else {
        try log.db.run(
          "INSERT INTO budgets(category_id, currency, scope, month, amount, rollover) VALUES (?, ?, ?, ?, ?, ?)",
          key + values)
        try log.inserted(.budgets, key: .integer(log.db.lastInsertRowID))
      }
    }
    return BudgetChange(fact: said, changed: true)
  }

  /// The state of every budget in effect in `month`: overall first, then by category name.
  public func statuses(in month: YearMonth) throws(StoreError) -> [BudgetStatus] {
    let all = try rules()
    var targets: [BudgetTarget] = []
    for rule in all where !targets.contains(rule.target) { targets.append(rule.target) }
    var result: [BudgetStatus] = []
    for target in targets {
      if let status = try status(of: target, in: month, rules: all) { result.append(status) }
    }
    return result
  }

  /// The state of one target's budget in `month`, or nil when none applies.
  public func status(of target: BudgetTarget, in month: YearMonth) throws(StoreError) -> BudgetStatus? {
    try status(of: target, in: month, rules: try rules())
  }

  /// The states of the category's budget and the overall budget that an expense in `category`,
  /// `currency` and `month` counts against (none when no budget applies).
  public func affected(category: String, currency: Currency, month: YearMonth) throws(StoreError) -> [BudgetStatus] {
    let all = try rules()
    guard !all.isEmpty else { return [] }
    var result: [BudgetStatus] = []
    let name = all.first { NameKey.same($0.target.category, category) }?.target.category
    var targets = [BudgetTarget(category: nil, currency: currency)]
    if let name { targets.insert(BudgetTarget(category: name, currency: currency), at: 0) }
    for target in targets {
      if let status = try status(of: target, in: month, rules: all) { result.append(status) }
    }
    return result
  }

  private func status(of target: BudgetTarget, in month: YearMonth, rules all: [BudgetRule]) throws(StoreError)
    -> BudgetStatus?
  {
    let rules = all.filter { $0.target == target }
    guard !rules.isEmpty, Budgeting.rule(in: month, among: rules)?.limit != nil else { return nil }
    let spending = try spent(target, from: Budgeting.chainStart(of: rules, in: month), to: month)
    return try StoreError.exact { () throws(FigureTooLarge) in
      try Budgeting.status(of: rules, in: month) { spending[$0] ?? 0 }
    }
  }

  /// What was spent on `target` in each month from `first` to `last` (months with nothing left
  /// out), in one query: its expenses in its currency, in the statuses that count (income
  /// and transfers are other kinds).
  func spent(_ target: BudgetTarget, from first: YearMonth, to last: YearMonth) throws(StoreError) -> [YearMonth: Int64]
  {
    var sql = """
      SELECT t.month, spendly_sum(t.total) FROM month_totals t
      WHERE t.month BETWEEN ? AND ? AND t.currency = ? AND t.kind = 'expense' AND t.status IN \(try countedStatuses())
      """
    var values: [SQLValue] = [.text(first.description), .text(last.description), .text(target.currency.code)]
    Self.narrow(&sql, &values, to: target)
    sql += " GROUP BY t.month"
    var result: [YearMonth: Int64] = [:]
    let rows: [Row]
    do {
      rows = try database.rows(sql, values)
    } catch let error where error.isSumTooLarge {
      // The month totals add up past Int64: add each month up from its transactions instead,
      // which names the month whose spending does not fit.
      var result: [YearMonth: Int64] = [:]
      var month = first
      while month <= last {
        let spent = try directSpent(target, in: month)
        if spent != 0 { result[month] = spent }
        month = month.adding(months: 1)
      }
      return result
    } catch {
      throw failure(error)
    }
    for row in rows {
      guard let month = row.text(0).flatMap({ YearMonth(text: $0) }) else {
        throw .damaged(DamagedRow(row: "month totals", field: "month", value: row.text(0), expected: "YYYY-MM"))
      }
      switch row.values[1].checkedSum {
      case .success(let total): result[month] = total
      case .failure:
        // A month total that passed Int64 is kept as a float by the triggers: add that month up
        // from its transactions instead, which says what is wrong with it.
        result[month] = try directSpent(target, in: month)
      }
    }
    return result
  }

  /// The statuses a budget counts, as an SQL list: never rejected or memo rows, and pending
  /// ones only until `config pending exclude`.
  func countedStatuses() throws(StoreError) -> String {
    let statuses = TransactionStatus.counted(pendingExcluded: try store.settings.pendingExcluded())
    return "(" + statuses.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
  }

  /// A category budget counts its category's rows only (overall: every category).
  static func narrow(_ sql: inout String, _ values: inout [SQLValue], to target: BudgetTarget) {
    guard let category = target.category else { return }
    sql += " AND t.category_id = (SELECT id FROM categories WHERE name_key = spendly_name_key(?))"
    values.append(.text(category))
  }

  /// One month's spending on `target` from the transactions themselves (checked sums).
  func directSpent(_ target: BudgetTarget, in month: YearMonth) throws(StoreError) -> Int64 {
    var sql = """
      SELECT spendly_sum(t.amount) FROM transactions t
      WHERE t.date BETWEEN ? AND ? AND t.currency = ? AND t.kind = 'expense' AND t.status IN \(try countedStatuses())
      """
    var values: [SQLValue] = [
      .text(month.firstDay.description), .text(month.lastDay.description), .text(target.currency.code),
    ]
    Self.narrow(&sql, &values, to: target)
    let value: SQLValue
    do {
      value = try database.row(sql, values)?.values[0] ?? .null
    } catch let error where error.isSumTooLarge {
      throw .tooLarge(
        FigureTooLarge(figure: "spending on the \(target.name) budget in \(target.currency.code) for \(month)"))
    } catch {
      throw failure(error)
    }
    return try value.checkedTotal(field: "spent in \(month)", value: target.name)
  }
}

extension Store {
  /// Monthly budgets, overall and per category.
  public var budgets: BudgetRecords { BudgetRecords(store: self) }
}
