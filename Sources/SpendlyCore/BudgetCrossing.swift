/// A save that moved a budget past a mark.
public enum BudgetCrossing: Equatable, Sendable {
  /// From under 80% to 80% or more (but not over).
  case warning
  /// From under the limit to exactly it.
  case reached
  /// From at most the limit to over it.
  case over
}
