import SpendlyCore

extension MerchantRecords {
  /// Up to `limit` distinct merchant names starting with `prefix` (compared as `NameKey`s), in
  /// the merchant index's order, each as first spelled, for shell completion. The index is
  /// skipped through one name at a time, from the first key at or after the prefix's, so a
  /// merchant with many rows costs one seek, not a scan of its rows; a look-up the database
  /// fails answers no names.
  public func names(startingWith prefix: String, limit: Int = 50) -> [String] {
    let sql = """
      WITH RECURSIVE keys(key) AS (
        SELECT (SELECT merchant_key FROM transactions WHERE merchant_key >= ?1 ORDER BY merchant_key LIMIT 1)
        UNION ALL
        SELECT (SELECT merchant_key FROM transactions WHERE merchant_key > keys.key ORDER BY merchant_key LIMIT 1)
        FROM keys WHERE substr(keys.key, 1, length(?1)) = ?1
        LIMIT ?2
      )
      SELECT (SELECT merchant FROM transactions WHERE merchant_key = keys.key ORDER BY date, id LIMIT 1)
      FROM keys WHERE substr(key, 1, length(?1)) = ?1 AND key <> ''
      """
    do {
      let rows = try database.rows(sql, [.text(NameKey(prefix).text), .integer(Int64(limit + 1))])
      return rows.compactMap { $0.text(0) }.prefix(limit).map { $0 }
    } catch {
      return []
    }
  }
}
