/// A field the person corrected in review for a merchant ("Food → Groceries at DMart"): what
/// later drafts for that merchant take over a word's guess and over what was last used there.
public struct MerchantCorrection: Hashable, Sendable {
  /// The fields a correction is kept for.
  public enum Field: String, Sendable, CaseIterable, Hashable {
    case category, method
  }

  /// The merchant as saved; corrections are kept by its `NameKey`, so any spelling finds them.
  public var merchant: String
  public var field: Field
  /// The category or method name the person chose.
  public var value: String

  public init(merchant: String, field: Field, value: String) {
    self.merchant = merchant
    self.field = field
    self.value = value
  }
}
