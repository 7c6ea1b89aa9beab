/// Which transactions a listing or report covers. Nil fields match everything.
public struct TransactionFilter: Sendable, Equatable {
  public var kind: Kind?
  /// A category name as in the catalog.
  public var category: String?
  /// A method name as in the catalog.
  public var method: String?
  /// The start of a merchant's name, ignoring case and punctuation ("joes" is "Joe's Pizza").
  public var merchant: String?
  /// A word matched case-insensitively inside the merchant or the note ("uber this year").
  public var text: String?
  public var currency: Currency?
  /// Inclusive date range.
  public var from: LocalDate?
  public var to: LocalDate?

  public init(
    kind: Kind? = nil, category: String? = nil, method: String? = nil, merchant: String? = nil,
    text: String? = nil, currency: Currency? = nil, from: LocalDate? = nil, to: LocalDate? = nil
  ) {
    self.kind = kind
    self.category = category
    self.method = method
    self.merchant = merchant
    self.text = text
    self.currency = currency
    self.from = from
    self.to = to
  }

  /// The reference semantics, used by the pure analytics and checked against the SQL.
  public func matches(_ fields: TransactionFields) -> Bool {
    if let kind, fields.kind != kind { return false }
    if let category, fields.category.lowercased() != category.lowercased() { return false }
    if let method, fields.method.lowercased() != method.lowercased() { return false }
    if let merchant, !TransactionFilter.sameName(fields.merchant, merchant) { return false }
    if let text, !TransactionFilter.mentions(fields.merchant, text) && !TransactionFilter.mentions(fields.note, text) {
      return false
    }
    if let currency, fields.amount.currency != currency { return false }
    if let from, fields.date < from { return false }
    if let to, fields.date > to { return false }
    return true
  }

  /// Whether merchant `name` is one `wanted` names: `wanted` is the start of `name` when both
  /// are compared as `nameKey`s ("joes" and "JOE" name "Joe's Pizza"; "CAFÉ" names "café").
  /// A `wanted` with no letter or digit ("—") must equal the whole name, in any case.
  public static func sameName(_ name: String?, _ wanted: String) -> Bool {
    guard let name else { return false }
    let key = nameKey(wanted)
    if key.isEmpty { return name.lowercased() == wanted.lowercased() }
    return nameKey(name).hasPrefix(key)
  }

  /// Whether `text` contains `word` in any case.
  public static func mentions(_ text: String?, _ word: String) -> Bool {
    guard let text else { return false }
    return text.lowercased().contains(word.lowercased())
  }
}
