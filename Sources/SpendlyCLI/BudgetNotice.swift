import SpendlyApp
import SpendlyCore
import SpendlyStore

/// What a save did to the budgets its expenses count against (`BudgetWatch`), in words: a few
/// for the save line, and a line for each mark it crossed (80% used, over the limit).
struct BudgetNotice {
  private let watch: BudgetWatch?
  private let single: Bool

  /// The budgets `fields` counts against, as they stand before it is saved.
  init(before fields: TransactionFields, context: Context) {
    self.init(batch: [fields], context: context)
  }

  /// The budgets a batch (due charges, an import) counts against: `after` then says only
  /// which marks the batch crossed, once per budget, not a line per row.
  init(batch fields: [TransactionFields], context: Context) {
    watch = (try? context.store()).map { BudgetWatch(fields, store: $0) }
    single = fields.count == 1
  }

  /// The budgets after the save: the save line's words (nil when no budget applies) and the
  /// lines for marks crossed.
  func after(_ context: Context) -> (words: String?, lines: [String]) {
    guard let watch else { return (nil, []) }
    let changes: Result<[BudgetWatch.Change], StoreError>
    do {
      changes = .success(try watch.after(store: try context.session.store()))
    } catch {
      changes = .failure(error)
    }
    return Self.words(changes, single: single, context: context)
  }

  /// A save's budget changes in words (see `after`); `single` when one entry was saved.
  static func words(_ changes: Result<[BudgetWatch.Change], StoreError>, single: Bool = true, context: Context)
    -> (words: String?, lines: [String])
  {
    let after: [BudgetWatch.Change]
    switch changes {
    case .success(let changes): after = changes
    case .failure(let error):
      return (nil, [context.output.style("could not read budgets: \(error.cli.message)", .yellow)])
    }
    guard !after.isEmpty else { return (nil, []) }
    let words =
      single ? after.map { BudgetFormat.progress($0.status, today: context.today) }.joined(separator: " · ") : nil
    var lines: [String] = []
    for change in after {
      let status = change.status
      switch change.crossing {
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
}
