import SpendlyCore

extension TransactionFilter {
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
    if let text {
      // instr on lower() matches the reference's case-insensitive contains, wildcards and all.
      terms.append("(instr(lower(coalesce(t.merchant, '')), lower(?)) > 0 OR instr(lower(coalesce(t.note, '')), lower(?)) > 0)")
      values.append(.text(text))
      values.append(.text(text))
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
