/// Which transactions a listing or report covers. Nil fields match everything.
public struct TransactionFilter: Sendable, Equatable {
  public var kind: Kind?
  /// Category names as in the catalog: a transaction in any of them matches ("food and groceries").
  public var categories: [String] = []
  /// The one category asked for (the first of `categories`).
  public var category: String? {
    get { categories.first }
    set { categories = newValue.map { [$0] } ?? [] }
  }
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
  /// Inclusive bounds on the amount, in minor units of `currency` ("expenses over 1000").
  public var minimumAmount: Int64?
  public var maximumAmount: Int64?
  /// An account name as in the catalog: rows on it, either end of a transfer included.
  public var account: String?
  /// Only these statuses; empty for all.
  public var statuses: [TransactionStatus] = []
  /// Leaves transfers out when no kind is asked for: totals never count moved money.
  public var excludesTransfers = false

  /// The filter as totals apply it: no transfers unless asked for, and only the statuses that
  /// count (never rejected or memo rows; pending ones unless the person excludes them).
  public func counting(pendingExcluded: Bool) -> TransactionFilter {
    var result = self
    if kind == nil { result.excludesTransfers = true }
    let counted = TransactionStatus.counted(pendingExcluded: pendingExcluded)
    result.statuses = statuses.isEmpty ? counted : statuses.filter(counted.contains)
    if result.statuses.isEmpty {  // asked only for statuses that never count: nothing matches
      result.statuses = statuses
      result.maximumAmount = 0
    }
    return result
  }

  public init(
    kind: Kind? = nil, category: String? = nil, method: String? = nil, merchant: String? = nil,
    text: String? = nil, currency: Currency? = nil, from: LocalDate? = nil, to: LocalDate? = nil
  ) {
    self.kind = kind
    self.categories = category.map { [$0] } ?? []
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
    if !categories.isEmpty, !categories.contains(where: { NameKey.same($0, fields.category) }) {
      return false
    }
    if let method, !NameKey.same(fields.method, method) { return false }
    if let merchant, !TransactionFilter.sameName(fields.merchant, merchant) { return false }
    if let text, !TransactionFilter.mentions(fields.merchant, text) && !TransactionFilter.mentions(fields.note, text) {
      return false
    }
    if let currency, fields.amount.currency != currency { return false }
    if let from, fields.date < from { return false }
    if let to, fields.date > to { return false }
    if let minimumAmount, fields.amount.minorUnits < minimumAmount { return false }
    if let maximumAmount, fields.amount.minorUnits > maximumAmount { return false }
    if let account, !NameKey.same(fields.account, account), !NameKey.same(fields.counterAccount, account) {
      return false
    }
    if !statuses.isEmpty, !statuses.contains(fields.status) { return false }
    if excludesTransfers, fields.kind == .transfer { return false }
    return true
  }

  /// Whether merchant `name` is one `wanted` names: `wanted` is the start of `name` when both
  /// are compared as `nameKey`s ("joes" and "JOE" name "Joe's Pizza"; "CAFÉ" names "café").
  /// A `wanted` with no letter or digit ("—") must equal the whole name, in any case.
  public static func sameName(_ name: String?, _ wanted: String) -> Bool {
    guard let name else { return false }
    let key = nameKey(wanted)
    if key.isEmpty { return NameKey.same(name, wanted) }
    return nameKey(name).hasPrefix(key)
  }

  /// Whether `text` contains `word` in any case or Unicode form (as `NameKey`s).
  public static func mentions(_ text: String?, _ word: String) -> Bool {
    guard let text else { return false }
    return NameKey(text).text.contains(NameKey(word).text)
  }
}

/// The order of a listing: the newest first, the largest amount first ("top 3 expenses"), or
/// the smallest ("smallest expense").
public enum ListOrder: String, Sendable {
  case newest, oldest, largest, smallest
}
