import SpendlyCore

extension TransactionFilter {
  /// A WHERE clause (with placeholders) and its values. Column names are fixed text.
  func whereClause(categoryIDs: [Int64], methodID: Int64?, accountID: Int64? = nil) -> (String, [SQLValue]) {
    var terms: [String] = []
    var values: [SQLValue] = []
    if let kind {
      terms.append("t.kind = ?")
      values.append(.text(kind.rawValue))
    } else if excludesTransfers {
      terms.append("t.kind != 'transfer'")
    }
    if account != nil {
      // An account that names nothing (-1) matches nothing.
      terms.append("(t.account_id = ? OR t.counter_account_id = ?)")
      values += [.integer(accountID ?? -1), .integer(accountID ?? -1)]
    }
    if !statuses.isEmpty {
      terms.append("t.status IN (\(Array(repeating: "?", count: statuses.count).joined(separator: ", ")))")
      values += statuses.map { .text($0.rawValue) }
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
    // A merchant is matched by the reference's own function (case, punctuation, prefix: see
    // `TransactionFilter.sameName`), which SQL alone cannot express. Text is looked for as a
    // `NameKey` (SQLite's lower() folds only ASCII): in the merchant's stored key, and in the
    // note through the same folding in Swift (`TransactionFilter.mentions`).
    if let merchant {
      let (range, bounds) = TransactionFilter.merchantRange(merchant)
      terms.append(range + "spendly_same_name(t.merchant, ?)")
      values += bounds + [.text(merchant)]
    }
    if let text {
      terms.append("(instr(coalesce(t.merchant_key, ''), ?) > 0 OR spendly_mentions(t.note, ?))")
      values.append(.text(NameKey(text).text))
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

extension TransactionFilter {
  /// A condition the merchant index can answer, true of every merchant `wanted` names, so
  /// `spendly_same_name` runs on few rows: a name whose first character is an ASCII letter or
  /// digit has a `merchant_key` starting with the name key's first character; the others (punctuation or
  /// non-ASCII first: "'t Hoekje", "Über") lie in the ranges around the letters and digits.
  static func merchantRange(_ wanted: String) -> (String, [SQLValue]) {
    guard let first = nameKey(wanted).unicodeScalars.first, first.isASCII else { return ("", []) }
    let m = "t.merchant_key"
    let range =
      "(\(m) >= ? AND \(m) < ? OR \(m) < '0' OR \(m) >= ':' AND \(m) < 'a' OR \(m) >= '{') AND "
    return (range, [.text(String(Character(first))), .text(String(Character(Unicode.Scalar(first.value + 1)!)))])
  }
}

extension String {
  var isASCIIText: Bool { utf8.allSatisfy { $0 < 0x80 } }
}

/// The filter as SQL, for every family that reads transactions (their listings and reports).
extension RecordFamily {
  func whereClause(_ filter: TransactionFilter) throws(StoreError) -> (String, [SQLValue]) {
    let catalog = try store.catalog.current()
    var categoryIDs: [Int64] = []
    var methodID: Int64?
    for name in filter.categories {
      guard let category = catalog.category(named: name) else {
        throw .invalid(ValidationError(field: "category", value: name, reason: "unknown category"))
      }
      if let id = category.id { categoryIDs.append(id.rawValue) }
    }
    if let name = filter.method {
      guard let method = catalog.method(named: name) else {
        throw .invalid(ValidationError(field: "method", value: name, reason: "unknown payment method"))
      }
      methodID = method.id?.rawValue
    }
    var accountID: Int64?
    if let name = filter.account {
      guard let account = catalog.account(named: name) else {
        throw .invalid(ValidationError(field: "account", value: name, reason: "unknown account"))
      }
      accountID = account.id?.rawValue
    }
    return filter.whereClause(categoryIDs: categoryIDs, methodID: methodID, accountID: accountID)
  }
}
