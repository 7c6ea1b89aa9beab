import SpendlyCore
import SpendlyStore

/// What a save did to the budgets its expense counts against (its category's and the overall
/// budget, in its currency and month): a few words for the save line, and a line for each
/// mark it crossed (80% used, over the limit). Read before and after the save.
struct BudgetNotice {
  private let before: [BudgetStatus]
  private let fields: [TransactionFields]

  /// The budgets `fields` counts against, as they stand before it is saved.
  init(before fields: TransactionFields, context: Context) {
    self.init(batch: [fields], context: context)
  }

  /// The budgets a batch (due charges, an import) counts against: `after` then says only
  /// which marks the batch crossed, once per budget, not a line per row.
  init(batch fields: [TransactionFields], context: Context) {
    self.fields = fields
    before = (try? Self.affected(fields, context: context)) ?? []
  }

  /// The budgets after the save: the save line's words (nil when no budget applies) and the
  /// lines for marks crossed.
  func after(_ context: Context) -> (words: String?, lines: [String]) {
    let after: [BudgetStatus]
    do {
      after = try Self.affected(fields, context: context)
    } catch {
      return (nil, [context.output.style("could not read budgets: \(error.message)", .yellow)])
    }
    guard !after.isEmpty else { return (nil, []) }
    let words =
      fields.count == 1 ? after.map { BudgetFormat.progress($0, today: context.today) }.joined(separator: " · ") : nil
    var lines: [String] = []
    for status in after {
      let earlier = before.first { $0.target == status.target && $0.month == status.month }
      switch Budgeting.crossing(from: earlier, to: status) {
      case .warning?: lines.append(context.output.style(Self.warning(status, today: context.today), .yellow))
      case .reached?: lines.append(context.output.style(Self.reached(status), .yellow))
      case .over?: lines.append(context.output.style(Self.over(status, today: context.today), .red))
      case nil: break
      }
    }
    return (words, lines)
  }

  /// "warning: Food budget 81% used this month, ₹1,500.00 left".
  static func warning(_ status: BudgetStatus, today: LocalDate) -> String {
    let when = status.month == YearMonth(today) ? "this month" : "in \(status.month.readable)"
    return
      "warning: \(Render.safe(status.target.name)) budget \(BudgetFormat.percent(status)) used \(when), \(BudgetFormat.money(status.left, status.target.currency)) left"
  }

  /// "budget reached: Food ₹1,000.00 of ₹1,000.00".
  static func reached(_ status: BudgetStatus) -> String {
    let c = status.target.currency
    return
      "budget reached: \(Render.safe(status.target.name)) \(BudgetFormat.money(status.spent, c)) of \(BudgetFormat.money(status.available, c))"
  }

  /// "over budget by ₹500.00: Food this month ₹8,500.00 of ₹8,000.00".
  static func over(_ status: BudgetStatus, today: LocalDate) -> String {
    let c = status.target.currency
    let progress = BudgetFormat.progress(status, today: today)
    return "over budget by \(BudgetFormat.money(-status.left, c)): " + progress
  }

  /// The budgets the expenses among `fields` count against, each once.
  private static func affected(_ fields: [TransactionFields], context: Context) throws(CLIError) -> [BudgetStatus] {
    var result: [BudgetStatus] = []
    /// A budget an expense may count against: its category, currency and month.
    struct Target: Hashable {
      let category: NameKey
      let currency: Currency
      let month: YearMonth
    }
    var seen = Set<Target>()
    for item in fields where item.kind == .expense {
      let key = Target(category: NameKey(item.category), currency: item.amount.currency, month: YearMonth(item.date))
      guard seen.insert(key).inserted else { continue }
      let statuses = try reporting {
        try context.store().budgets.affected(
          category: item.category, currency: item.amount.currency, month: YearMonth(item.date))
      }
      for status in statuses where !result.contains(where: { $0.target == status.target && $0.month == status.month }) {
        result.append(status)
      }
    }
    return result
  }
}
