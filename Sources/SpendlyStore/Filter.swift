import SpendlyCore

/// Which transactions a listing or report covers. Nil fields match everything.
public struct TransactionFilter: Sendable, Equatable {
  public var kind: Kind?
  public var category: String?
  public var method: String?
  /// Matched case-insensitively against the whole merchant name.
  public var merchant: String?
  public var currency: Currency?
  /// Inclusive date range.
  public var from: LocalDate?
  public var to: LocalDate?

  public init(
    kind: Kind? = nil, category: String? = nil, method: String? = nil, merchant: String? = nil,
    currency: Currency? = nil, from: LocalDate? = nil, to: LocalDate? = nil
  ) {
    self.kind = kind
    self.category = category
    self.method = method
    self.merchant = merchant
    self.currency = currency
    self.from = from
    self.to = to
  }

  /// A WHERE clause (with placeholders) and its values. Column names are fixed text.
  func whereClause(categoryID: Int64?, methodID: Int64?) -> (String, [SQLValue]) {
    var terms: [String] = []
    var values: [SQLValue] = []
    if let kind {
      terms.append("t.kind = ?")
      values.append(.text(kind.rawValue))
    }
    if let categoryID {
      terms.append("t.category_id = ?")
      values.append(.integer(categoryID))
    }
    if let methodID {
      terms.append("t.method_id = ?")
      values.append(.integer(methodID))
    }
    if let merchant {
      terms.append("t.merchant = ? COLLATE NOCASE")
      values.append(.text(merchant))
    }
    if let currency {
      terms.append("t.currency = ?")
      values.append(.text(currency.code))
    }
    if let from {
      terms.append("t.date >= ?")
      values.append(.text(from.description))
    }
    if let to {
      terms.append("t.date <= ?")
      values.append(.text(to.description))
    }
    return (terms.isEmpty ? "" : "WHERE " + terms.joined(separator: " AND "), values)
  }
}
