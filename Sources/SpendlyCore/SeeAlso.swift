/// Where a refusal's remedy lies, as data: the domain says which list of the person's names
/// helps ("the accounts"), and the edge words it for its people (`(see: spendly accounts)`).
public enum SeeAlso: String, Sendable, Equatable, CaseIterable {
  case accounts, categories, methods, recurring
  /// No such account yet: one can be added.
  case addAccount = "accounts add"
}
