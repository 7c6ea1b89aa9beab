import SpendlyCore

/// The store is the parser's history: every answer is one indexed query. A look-up the database
/// fails answers nil (or no names) and is remembered in `store.lookupFailure`, never swallowed.
extension MerchantRecords: MerchantHistory {
  /// The look-up failure remembered since the last call, cleared: for reporting it once.
  public func takeLookupFailure() -> StoreError? {
    defer { store.lookupFailure = nil }
    return store.lookupFailure
  }

  /// Runs one look-up; a database error is remembered (the first one) and answers nil.
  private func lookup<T>(_ body: () throws(DatabaseError) -> T?) -> T? {
    do {
      return try body()
    } catch {
      if store.lookupFailure == nil { store.lookupFailure = failure(error) }
      return nil
    }
  }

  /// The merchant as spelled in history when `name` (any case) is one, via the merchant index.
  public func knownMerchant(_ name: String) -> String? {
    lookup { () throws(DatabaseError) in
      try database.row(
        "SELECT merchant FROM transactions WHERE merchant_key = spendly_name_key(?) ORDER BY date DESC, id DESC LIMIT 1",
        [.text(name)])?.text(0)
    }
  }

  /// The category and method of the latest transaction with this merchant (any case).
  public func lastUse(of merchant: String) -> (category: String, method: String)? {
    guard
      let row = lookup({ () throws(DatabaseError) in
        try database.row(
          """
          SELECT c.name, m.name FROM transactions t
            JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
          WHERE t.merchant_key = spendly_name_key(?) ORDER BY t.date DESC, t.id DESC LIMIT 1
          """, [.text(merchant)])
      }),
      let category = row.text(0), let method = row.text(1)
    else { return nil }
    return (category, method)
  }

  /// The merchant as spelled in history (any case) with the category and method of its latest
  /// transaction: `knownMerchant` and `lastUse` in one look-up on the merchant index.
  public func merchantUse(_ name: String) -> MerchantUse? {
    guard
      let row = lookup({ () throws(DatabaseError) in
        try database.row(Self.merchantUseSQL, [.text(name)])
      }),
      let merchant = row.text(0), let category = row.text(1), let method = row.text(2)
    else { return nil }
    return MerchantUse(merchant: merchant, category: category, method: method, corrected: corrections(of: name))
  }

  /// The fields corrected in review for this merchant (any case), by field.
  public func corrections(of merchant: String) -> [MerchantCorrection.Field: String] {
    let rows = lookup { () throws(DatabaseError) in
      try database.rows(
        "SELECT field, value FROM merchant_corrections WHERE merchant_key = spendly_name_key(?)", [.text(merchant)])
    }
    var result: [MerchantCorrection.Field: String] = [:]
    for row in rows ?? [] {
      if let field = row.text(0).flatMap(MerchantCorrection.Field.init(rawValue:)), let value = row.text(1) {
        result[field] = value
      }
    }
    return result
  }

  static let merchantUseSQL = """
    SELECT t.merchant, c.name, m.name FROM transactions t
      JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
    WHERE t.merchant_key = spendly_name_key(?) ORDER BY t.date DESC, t.id DESC LIMIT 1
    """

  /// Every distinct merchant name, found by skipping through the merchant index: one seek per
  /// name, so the cost follows the number of merchants, not of transactions.
  public func merchantNames(limit: Int = 200_000) -> [String] {
    let sql = """
      WITH RECURSIVE keys(key) AS (
        SELECT (SELECT merchant_key FROM transactions WHERE merchant_key IS NOT NULL ORDER BY merchant_key LIMIT 1)
        UNION ALL
        SELECT (SELECT merchant_key FROM transactions WHERE merchant_key > keys.key ORDER BY merchant_key LIMIT 1)
        FROM keys WHERE keys.key IS NOT NULL
      )
      SELECT (SELECT merchant FROM transactions WHERE merchant_key = keys.key ORDER BY date, id LIMIT 1)
      FROM keys WHERE key IS NOT NULL LIMIT ?
      """
    let rows = lookup { () throws(DatabaseError) in try database.rows(sql, [.integer(Int64(limit))]) }
    return rows?.compactMap { $0.text(0) } ?? []
  }

  /// The date a merchant was last used (an index seek), for ordering completions by recency.
  public func lastUsedDate(of merchant: String) -> String? {
    lookup { () throws(DatabaseError) in
      try database.row(
        "SELECT max(date) FROM transactions WHERE merchant_key = spendly_name_key(?)", [.text(merchant)])?.text(0)
    }
  }
}
