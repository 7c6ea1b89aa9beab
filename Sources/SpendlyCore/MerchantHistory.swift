/// What the parser may ask of the person's history: known merchants and what they used there.
/// The store answers with indexed queries; the protocol lives in the core so the parser and
/// the store meet here without depending on each other.
public protocol MerchantHistory {
  /// The merchant as spelled in history when `name` (any case) is a known merchant.
  func knownMerchant(_ name: String) -> String?
  /// The category and method most recently used with this merchant.
  func lastUse(of merchant: String) -> (category: String, method: String)?
  /// Both at once: the merchant as spelled in history and what was last used there. The
  /// parser asks only this; a history that can answer in one look-up should implement it.
  func merchantUse(_ name: String) -> MerchantUse?
}

/// A known merchant, spelled as in history, with the category and method last used there, and
/// the fields the person corrected in review for it (which outrank the last use).
public struct MerchantUse: Sendable, Equatable {
  public var merchant: String
  public var category: String
  public var method: String
  public var corrected: [MerchantCorrection.Field: String]

  public init(
    merchant: String, category: String, method: String, corrected: [MerchantCorrection.Field: String] = [:]
  ) {
    self.merchant = merchant
    self.category = category
    self.method = method
    self.corrected = corrected
  }
}

extension MerchantHistory {
  public func merchantUse(_ name: String) -> MerchantUse? {
    guard let merchant = knownMerchant(name), let last = lastUse(of: merchant) else { return nil }
    return MerchantUse(merchant: merchant, category: last.category, method: last.method)
  }
}
