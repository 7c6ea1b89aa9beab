import SpendlyCore

extension TransactionStore {
  /// The merchant as spelled in history when `name` (any case) is one, via the merchant index.
  public func knownMerchant(_ name: String) -> String? {
    try? database.row(
      "SELECT merchant FROM transactions WHERE merchant = ? COLLATE NOCASE ORDER BY date DESC, id DESC LIMIT 1",
      [.text(name)])?.text(0)
  }

  /// The category and method of the latest transaction with this merchant (any case).
  public func lastUse(of merchant: String) -> (category: String, method: String)? {
    guard
      let row = try? database.row(
        """
        SELECT c.name, m.name FROM transactions t
          JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
        WHERE t.merchant = ? COLLATE NOCASE ORDER BY t.date DESC, t.id DESC LIMIT 1
        """, [.text(merchant)])
    else { return nil }
    return (row.text(0)!, row.text(1)!)
  }

  /// The merchant as spelled in history (any case) with the category and method of its latest
  /// transaction: `knownMerchant` and `lastUse` in one look-up on the merchant index.
  public func merchantUse(_ name: String) -> (merchant: String, category: String, method: String)? {
    guard
      let row = try? database.row(TransactionStore.merchantUseSQL, [.text(name)]),
      let merchant = row.text(0), let category = row.text(1), let method = row.text(2)
    else { return nil }
    return (merchant, category, method)
  }

  static let merchantUseSQL = """
    SELECT t.merchant, c.name, m.name FROM transactions t
      JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
    WHERE t.merchant = ? COLLATE NOCASE ORDER BY t.date DESC, t.id DESC LIMIT 1
    """

  /// Merchants whose name starts with (or else contains) `prefix`, most recently used first.
  public func merchants(matching prefix: String, limit: Int = 20) -> [String] {
    let escaped = prefix.replacingLikeWildcards()
    let byPrefix =
      (try? database.rows(
        """
        SELECT merchant FROM transactions WHERE merchant LIKE ? ESCAPE '\\' AND merchant IS NOT NULL
        GROUP BY merchant COLLATE NOCASE ORDER BY max(date) DESC LIMIT ?
        """, [.text(escaped + "%"), .integer(Int64(limit))]))?.compactMap { $0.text(0) } ?? []
    if !byPrefix.isEmpty || prefix.isEmpty { return byPrefix }
    return
      (try? database.rows(
        """
        SELECT merchant FROM transactions WHERE merchant LIKE ? ESCAPE '\\' AND merchant IS NOT NULL
        GROUP BY merchant COLLATE NOCASE ORDER BY max(date) DESC LIMIT ?
        """, [.text("%" + escaped + "%"), .integer(Int64(limit))]))?.compactMap { $0.text(0) } ?? []
  }
}

extension String {
  /// Escapes LIKE's wildcards so typed text matches literally.
  func replacingLikeWildcards() -> String {
    var out = ""
    for character in self {
      if character == "%" || character == "_" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
