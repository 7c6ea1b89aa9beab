import SpendlyCore

/// One recent entry as quick add's suggestions read it: what was used, how much, and when.
public struct RecentUse: Sendable, Equatable {
  public var category: String
  public var method: String
  /// The amount in minor units of `currency`.
  public var amount: Int64
  public var currency: String
  /// The hour of day it was recorded at, when it has a time.
  public var hour: Int?

  public init(category: String, method: String, amount: Int64, currency: String, hour: Int?) {
    self.category = category
    self.method = method
    self.amount = amount
    self.currency = currency
    self.hour = hour
  }
}

extension MerchantRecords {
  /// The latest `limit` entries of `kind` (transfers left out), newest first: a backward walk
  /// of the date index that stops after `limit` rows, so its cost does not grow with the
  /// database. A look-up the database fails answers no uses and is remembered, as the other
  /// history look-ups are.
  public func recentUses(kind: Kind, limit: Int = 1000) -> [RecentUse] {
    guard kind != .transfer else { return [] }
    let sql = """
      SELECT c.name, m.name, t.amount, t.currency, t.time FROM transactions t
        JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
      WHERE t.kind = ? AND c.name <> ? ORDER BY t.date DESC, t.time DESC, t.id DESC LIMIT ?
      """
    do {
      let rows = try database.rows(sql, [.text(kind.rawValue), .text(Transfer.category), .integer(Int64(limit))])
      return rows.compactMap { row in
        guard let category = row.text(0), let method = row.text(1), let amount = row.int(2),
          let currency = row.text(3)
        else { return nil }
        let hour = row.text(4).flatMap { Int($0.prefix(2)) }
        return RecentUse(category: category, method: method, amount: amount, currency: currency, hour: hour)
      }
    } catch {
      if store.lookupFailure == nil { store.lookupFailure = failure(error) }
      return []
    }
  }
}
