import SpendlyCore

/// The settings that name a payment method, read by the method's current name: a setting keeps
/// the name it was given, and after a rename that name is an alias of the method.
extension TransactionStore {
  /// Each setting that names a method, with the built-in method it means until set.
  public static let methodSettings: [String: String] = [
    "default_method": "Cash", "default_income_method": "Bank Transfer", "default_card": "Credit Card",
  ]

  /// The method the setting `key` (one of `methodSettings`) names, as it is now called.
  public func methodSetting(_ key: String) throws(StoreError) -> String {
    try catalog().methodName(try setting(key), fallback: Self.methodSettings[key] ?? "Cash")
  }
}
