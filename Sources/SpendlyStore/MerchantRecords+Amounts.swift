import SpendlyCore

/// One recent entry as quick add ranks it: its category, method and merchant, how much, and when.
public struct PastEntry: Sendable, Equatable {
  public var category: String
  public var method: String
  public var merchant: String?
  /// The amount in minor units of `currency`.
  public var amount: Int64
  public var currency: String
  /// The hour of day it was recorded at, when it has a time.
  public var hour: Int?

  public init(category: String, method: String, merchant: String?, amount: Int64, currency: String, hour: Int?) {
    self.category = category
    self.method = method
    self.merchant = merchant
    self.amount = amount
    self.currency = currency
    self.hour = hour
  }
}

extension MerchantRecords {
  /// The latest `limit` entries of `kind` with their merchants (transfers left out), newest
  /// first: a backward walk of the date index that stops after `limit` rows, so its cost does
  /// not grow with the database. A failed look-up answers none and is remembered.
  public func recentEntries(kind: Kind, limit: Int = 1000) -> [PastEntry] {
    guard kind != .transfer else { return [] }
    let sql = """
      SELECT c.name, m.name, t.merchant, t.amount, t.currency, t.time FROM transactions t
        JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
      WHERE t.kind = ? AND c.name <> ? ORDER BY t.date DESC, t.time DESC, t.id DESC LIMIT ?
      """
    do {
      let rows = try database.rows(sql, [.text(kind.rawValue), .text(Transfer.category), .integer(Int64(limit))])
      return rows.compactMap { row in
        guard let category = row.text(0), let method = row.text(1), let amount = row.int(3),
          let currency = row.text(4)
        else { return nil }
        let hour = row.text(5).flatMap { Int($0.prefix(2)) }
        return PastEntry(
          category: category, method: method, merchant: row.text(2), amount: amount, currency: currency, hour: hour)
      }
    } catch {
      if store.lookupFailure == nil { store.lookupFailure = failure(error) }
      return []
    }
  }
}
