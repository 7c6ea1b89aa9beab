import SpendlyCore

extension TransactionFilter {
  /// A WHERE clause (with placeholders) and its values. Column names are fixed text.
  func whereClause(categoryIDs: [Int64], methodID: Int64?) -> (String, [SQLValue]) {
    var terms: [String] = []
    var values: [SQLValue] = []
    if let kind {
      terms.append("t.kind = ?")
      values.append(.text(kind.rawValue))
    }
    if !categoryIDs.isEmpty {
      terms.append(
        categoryIDs.count == 1
          ? "t.category_id = ?"
          : "t.category_id IN (\(Array(repeating: "?", count: categoryIDs.count).joined(separator: ", ")))")
      values += categoryIDs.map { .integer($0) }
    }
    if let methodID {
      terms.append("t.method_id = ?")
      values.append(.integer(methodID))
    }
    // SQLite folds only ASCII case; other text goes through Swift's folding (the reference's own
    // functions), while ASCII keeps the indexed, native path.
    if let merchant {
      terms.append(merchant.isASCIIText ? "t.merchant = ? COLLATE NOCASE" : "spendly_same_name(t.merchant, ?)")
      values.append(.text(merchant))
    }
    if let text {
      terms.append(
        text.isASCIIText
          ? "(instr(lower(coalesce(t.merchant, '')), lower(?)) > 0 OR instr(lower(coalesce(t.note, '')), lower(?)) > 0)"
          : "(spendly_mentions(t.merchant, ?) OR spendly_mentions(t.note, ?))")
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
    if let minimumAmount {
      terms.append("t.amount >= ?")
      values.append(.integer(minimumAmount))
    }
    if let maximumAmount {
      terms.append("t.amount <= ?")
      values.append(.integer(maximumAmount))
    }
    return (terms.isEmpty ? "" : "WHERE " + terms.joined(separator: " AND "), values)
  }
}

extension String {
  var isASCIIText: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
