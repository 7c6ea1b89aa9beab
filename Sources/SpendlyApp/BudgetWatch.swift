import SpendlyCore
import SpendlyStore

/// The budgets some entries count against (each expense's category budget and the overall one,
/// in its currency and month), read before they are saved, so that `after` can say where the
/// budgets stand and which marks the save crossed: once per budget, not a line per row.
public struct BudgetWatch: Sendable {
  private let fields: [TransactionFields]
  private let before: [BudgetStatus]

  /// What a save did to one budget: where it stands, and the mark it crossed, if any.
  public struct Change: Sendable {
    public let status: BudgetStatus
    public let crossing: BudgetCrossing?
  }

  /// Reads the budgets `fields` count against as they stand now; none when they cannot be read
  /// (the save goes on, and `after` reports the failure).
  public init(_ fields: [TransactionFields], store: Store) {
    self.fields = fields
    before = (try? Self.affected(fields, store: store)) ?? []
  }

  /// The budgets after the save, in the order they were found.
  public func after(store: Store) throws(StoreError) -> [Change] {
    try Self.affected(fields, store: store).map { status in
      let earlier = before.first { $0.target == status.target && $0.month == status.month }
      return Change(status: status, crossing: Budgeting.crossing(from: earlier, to: status))
    }
  }

  /// The budgets the expenses among `fields` count against, each once.
  private static func affected(_ fields: [TransactionFields], store: Store) throws(StoreError) -> [BudgetStatus] {
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
      let statuses = try store.budgets.affected(
        category: item.category, currency: item.amount.currency, month: YearMonth(item.date))
      for status in statuses where !result.contains(where: { $0.target == status.target && $0.month == status.month }) {
        result.append(status)
      }
    }
    return result
  }
}
