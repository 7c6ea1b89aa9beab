/// Income, expenses, savings and savings rate of a set of transactions in one currency.
public struct Summary: Hashable, Sendable {
  public let currency: Currency
  public var income: Int64 = 0
  public var expenses: Int64 = 0
  public var count: Int = 0

  public init(currency: Currency) { self.currency = currency }

  public var savings: Int64 { income - expenses }

  /// Savings as a share of income in basis points (6000 = 60%), or nil when there is no income.
  public var savingsRateBasisPoints: Int64? {
    guard income > 0 else { return nil }
    return savings * 10_000 / income
  }

  /// One summary per currency, in order of first appearance; amounts are never mixed.
  public static func perCurrency(_ transactions: some Sequence<TransactionFields>) -> [Summary] {
    var order: [Currency] = []
    var table: [Currency: Summary] = [:]
    for fields in transactions {
      let currency = fields.amount.currency
      if table[currency] == nil {
        order.append(currency)
        table[currency] = Summary(currency: currency)
      }
      if fields.kind == .income {
        table[currency]!.income += fields.amount.minorUnits
      } else {
        table[currency]!.expenses += fields.amount.minorUnits
      }
      table[currency]!.count += 1
    }
    return order.map { table[$0]! }
  }
}

/// Formats a rate in basis points as a percentage: 6000 → "60%", 1234 → "12.3%".
public func percentText(basisPoints: Int64?) -> String {
  guard let bp = basisPoints else { return "—" }
  let negative = bp < 0
  let magnitude = bp.magnitude
  let tenths = (magnitude + 5) / 10
  let whole = tenths / 10
  let fraction = tenths % 10
  return (negative ? "-" : "") + (fraction == 0 ? "\(whole)%" : "\(whole).\(fraction)%")
}
