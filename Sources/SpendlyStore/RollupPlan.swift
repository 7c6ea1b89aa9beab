import SpendlyCore

/// Where a total's rows come from when the rollups can answer it (`ReportQueries.rollupPlan`):
/// the rollup spans of one dimension, the partial months at the ends (scanned, or read from
/// the daily rollups for the kind alone) and the days taken away from a mostly whole end month.
struct RollupPlan {
  /// The question's filter, already `counting`.
  var filter: TransactionFilter
  /// The rollup dimension read: kind, category, method, account or merchant.
  let dimension: String
  /// `(dim, low, high)`: the rollups of `dim` whose `month` lies from `low` through `high`.
  let spans: [(dim: String, low: String, high: String)]
  /// The partial months added, first and last day.
  let edges: [(LocalDate, LocalDate)]
  /// The days taken away from a whole end month.
  let less: [(LocalDate, LocalDate)]

  /// The terms every rollup line of the plan meets (`r` the rollup) and their values: the
  /// statuses, the kind and currency, and the category or method ids.
  func terms(_ queries: ReportQueries) throws(StoreError) -> ([String], [SQLValue]) {
    var terms = ["r.status IN (\(Array(repeating: "?", count: filter.statuses.count).joined(separator: ", ")))"]
    var shared: [SQLValue] = filter.statuses.map { .text($0.rawValue) }
    if let kind = filter.kind {
      terms.append("r.kind = ?")
      shared.append(.text(kind.rawValue))
    }
    if let currency = filter.currency {
      terms.append("r.currency = ?")
      shared.append(.text(currency.code))
    }
    // The category or method filter as the scan's where clause has it (ids from the catalog).
    let (_, ids) = try queries.whereClause(
      TransactionFilter(categories: filter.categories, method: filter.method, statuses: [], excludesTransfers: false))
    if !ids.isEmpty {
      terms.append("r.key IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))")
      shared += ids
    }
    return (terms, shared)
  }

  /// A derived table with the transactions' columns a total reads and `n` (see
  /// `ReportQueries.rollupSource`), and its values.
  func source(_ queries: ReportQueries) throws(StoreError) -> (String, [SQLValue]) {
    let (terms, shared) = try terms(queries)
    func column(_ name: String) -> String { dimension == name ? "nullif(r.key, 0)" : "NULL" }
    var values: [SQLValue] = []
    var parts: [String] = []
    for (dim, low, high) in spans {
      parts.append(
        """
        SELECT r.month || '\(dim == "merchant_year" ? "-01-01" : "-01")' AS date, r.kind AS kind, r.currency AS currency,
          \(column("category")) AS category_id, \(column("method")) AS method_id, \(column("account")) AS account_id,
          \(dimension == "merchant" ? "r.key" : "NULL") AS merchant, r.total AS amount, r.count AS n
        FROM rollups r WHERE r.dim = \(Rollups.literal(dim)) AND r.month BETWEEN ? AND ? AND \(terms.joined(separator: " AND "))
        """)
      values += [.text(low), .text(high)] + shared
    }
    for (from, to, n) in edges.map({ ($0, $1, 1) }) + less.map({ ($0, $1, -1) }) {
      if dimension == "kind" {
        // The kind alone is kept per day too: the days are read from its rollups, not scanned.
        parts.append(
          """
          SELECT r.month AS date, r.kind AS kind, r.currency AS currency, NULL AS category_id, NULL AS method_id,
            NULL AS account_id, NULL AS merchant, r.total AS amount, \(n) * r.count AS n
          FROM rollups r WHERE r.dim = \(Rollups.literal("kind_day")) AND r.month BETWEEN ? AND ? AND \(terms.joined(separator: " AND "))
          """)
        values += [.text(from.description), .text(to.description)] + shared
        continue
      }
      var edge = filter
      edge.from = from
      edge.to = to
      let (clause, edgeValues) = try queries.whereClause(edge)
      parts.append(
        """
        SELECT t.date, t.kind, t.currency, t.category_id, t.method_id, t.account_id, t.merchant, t.amount, \(n)
        FROM transactions t \(clause)
        """)
      values += edgeValues
    }
    return (parts.joined(separator: " UNION ALL "), values)
  }
}

extension TransactionFilter {
  /// Only the category and method of a filter, for their ids.
  fileprivate init(categories: [String], method: String?, statuses: [TransactionStatus], excludesTransfers: Bool) {
    self.init()
    self.categories = categories
    self.method = method
    self.statuses = statuses
    self.excludesTransfers = excludesTransfers
  }
}
