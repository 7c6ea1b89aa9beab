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
