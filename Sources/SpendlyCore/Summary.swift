/// Why a currency's total cannot be shown; the other currencies' totals are unaffected.
public enum TotalProblem: String, Error, Sendable, Hashable {
  /// The amounts add up past what a total can hold.
  case tooLarge
  /// A stored amount or kind does not read back (the store finds this; the reference never does).
  case damaged
}

/// Income, expenses, savings and savings rate of a set of transactions in one currency.
public struct Summary: Hashable, Sendable {
  public let currency: Currency
  public var income: Int64 = 0
  public var expenses: Int64 = 0
  public var count: Int = 0
  /// Set when the totals cannot be shown; income and expenses are then zero (count still counts).
  public var problem: TotalProblem?

  public init(currency: Currency) { self.currency = currency }

  /// The largest income or expense total: at most half of Int64, so savings cannot overflow.
  public static let largestTotal = Int64.max / 2

  /// Income less expenses; both are bounded sums of positive amounts, so this cannot overflow.
  public var savings: Int64 { income - expenses }

  /// Counts one transaction of this currency, added through `Money`; a total past
  /// `largestTotal` marks this currency `tooLarge` (named as that currency's, never capped).
  public mutating func add(_ fields: TransactionFields) {
    precondition(fields.amount.currency == currency, "Summary: one currency")
    guard fields.kind != .transfer else { return }  // moved money is neither income nor spending
    count += 1
    guard problem == nil else { return }
    let total = Money(minorUnits: fields.kind == .income ? income : expenses, currency: currency)
    guard let sum = try? total.adding(fields.amount), sum.minorUnits <= Summary.largestTotal else {
      return mark(.tooLarge)
    }
    if fields.kind == .income {
      income = sum.minorUnits
    } else {
      expenses = sum.minorUnits
    }
  }

  /// Marks the totals as not shown (the first problem found stays).
  public mutating func mark(_ found: TotalProblem) {
    if problem == nil { problem = found }
    income = 0
    expenses = 0
  }

  /// Savings as a share of income in basis points (6000 = 60%), or nil when there is no income
  /// (or the ratio is too large to express).
  public var savingsRateBasisPoints: Int64? {
    guard income > 0 else { return nil }
    return Analytics.share(savings, of: UInt64(income))
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
      table[currency]!.add(fields)
    }
    return order.map { table[$0]! }
  }
}

/// Formats a rate in basis points as a percentage: 6000 → "60%", 1234 → "12.3%".
/// With `tenths`, one decimal always (for columns of shares: "18.0%" beside "28.1%").
public func percentText(basisPoints: Int64?, tenths alwaysTenths: Bool = false) -> String {
  guard let bp = basisPoints else { return "—" }
  let negative = bp < 0
  let magnitude = bp.magnitude
  let tenths = (magnitude + 5) / 10
  let whole = tenths / 10
  let fraction = tenths % 10
  return (negative ? "-" : "") + (fraction == 0 && !alwaysTenths ? "\(whole)%" : "\(whole).\(fraction)%")
}
