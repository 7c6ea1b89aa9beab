/// Several debts paid from one monthly budget, month by month: each month every debt accrues
/// its interest, pays its minimum, and what is left of the budget goes to the debts in the
/// strategy's order. A paid-off debt's share goes to the others.
public enum PayoffPlan {
  public enum Strategy: String, Sendable, CaseIterable {
    /// Highest APR first (ties: smaller balance, then name): the least interest.
    case avalanche
    /// Smallest balance first (ties: higher APR, then name): the quickest first payoff.
    case snowball
  }

  /// A debt as the plan starts it: its balance today.
  public struct Start: Sendable {
    public var name: String
    public var balance: Money
    public var apr: DecimalNumber
    public var minimum: MinimumPayment

    public init(name: String, balance: Money, apr: DecimalNumber, minimum: MinimumPayment) {
      self.name = name
      self.balance = balance
      self.apr = apr
      self.minimum = minimum
    }
  }

  public struct Outcome: Sendable {
    public let name: String
    /// The month (from 1) of the payment that cleared it.
    public let paidOffMonth: Int
    public let interest: Int64
    public let paid: Int64
  }

  public struct Result: Sendable {
    public let strategy: Strategy
    public let months: Int
    public let debts: [Outcome]
    /// Each debt's balance at the end of each month, by debt then month.
    public let balances: [[Int64]]
    /// The balance left of all the debts at the end of each month (each checked to fit).
    public let leftByMonth: [Int64]
    /// The interest of all the debts (checked to fit when the plan was made).
    public let totalInterest: Int64
    /// What all the debts were paid (checked to fit when the plan was made).
    public let totalPaid: Int64
  }

  public enum Refusal: Error, Equatable, Sendable {
    /// The budget is below the first month's minimums: by how much, and the minimums.
    case budgetShort(shortfall: Int64, minimums: Int64)
    /// The budget is below a later month's minimums (balances grew under their minimums).
    case budgetShortLater(month: Int, shortfall: Int64, minimums: Int64)
    /// These debts' balances never fall on this budget.
    case neverFalls([String])
    /// More than 100 years.
    case tooLong
    /// A figure of the plan (a balance, its interest, a month's minimums) no longer fits.
    case tooLarge(FigureTooLarge)
  }

  public static let maximumMonths = 1200

  /// The debts are all in one currency (the budget's).
  public static func simulate(_ debts: [Start], budget: Int64, strategy: Strategy) throws(Refusal) -> Result {
    let currency = debts.first?.balance.currency ?? .inr
    precondition(debts.allSatisfy { $0.balance.currency == currency }, "PayoffPlan: one currency")
    var balances = debts.map(\.balance.minorUnits)
    var interest = [Int64](repeating: 0, count: debts.count)
    var paid = [Int64](repeating: 0, count: debts.count)
    var paidOff = debts.map { $0.balance.minorUnits <= 0 ? 0 : -1 }
    var history = [[Int64]](repeating: [], count: debts.count)
    var month = 0
    while balances.contains(where: { $0 > 0 }) {
      month += 1
      if month > maximumMonths {
        // Still rising over the last year: it never falls; else it is only slow.
        let stuck = debts.indices.filter { i in
          balances[i] > 0 && history[i].count >= 13 && history[i][history[i].count - 13] <= balances[i]
        }
        if !stuck.isEmpty { throw .neverFalls(stuck.map { debts[$0].name }) }
        throw .tooLong
      }
      // 1. Interest.
      for i in debts.indices where balances[i] > 0 {
        let charge = Debt.interest(on: balances[i], apr: debts[i].apr)
        do {
          balances[i] = try fit(currency, balances[i], charge, debts[i].name, "balance in month \(month)")
        } catch {
          // A balance rising until it no longer fits never falls on this budget.
          let h = history[i]
          if h.count >= 13, h[h.count - 13] <= balances[i] { throw .neverFalls([debts[i].name]) }
          throw error
        }
        interest[i] = try fit(currency, interest[i], charge, debts[i].name, "interest by month \(month)")
      }
      // 2. Minimums.
      let minimums = debts.indices.map { debts[$0].minimum.amount(on: balances[$0]) }
      let due = try fit(currency, minimums, nil, "minimums of month \(month)")
      if due > budget {
        if month == 1 { throw .budgetShort(shortfall: due - budget, minimums: due) }
        throw .budgetShortLater(month: month, shortfall: due - budget, minimums: due)
      }
      var left = budget - due
      for i in debts.indices {
        balances[i] -= minimums[i]
        paid[i] = try fit(currency, paid[i], minimums[i], debts[i].name, "payments by month \(month)")
      }
      // 3. The rest, in the strategy's order.
      let order = debts.indices.filter { balances[$0] > 0 }.sorted { x, y in
        let (a, b) = (debts[x], debts[y])
        let rates = Self.compare(a.apr, b.apr)
        switch strategy {
        case .avalanche:
          if rates != 0 { return rates > 0 }
          if balances[x] != balances[y] { return balances[x] < balances[y] }
        case .snowball:
          if balances[x] != balances[y] { return balances[x] < balances[y] }
          if rates != 0 { return rates > 0 }
        }
        return a.name < b.name
      }
      for i in order where left > 0 {
        let extra = min(left, balances[i])
        balances[i] -= extra
        paid[i] = try fit(currency, paid[i], extra, debts[i].name, "payments by month \(month)")
        left -= extra
      }
      for i in debts.indices {
        if balances[i] <= 0 && paidOff[i] < 0 { paidOff[i] = month }
        history[i].append(balances[i])
      }
    }
    var leftByMonth: [Int64] = []
    for m in 0..<month {
      leftByMonth.append(try fit(currency, history.map { $0[m] }, nil, "balance left in month \(m + 1)"))
    }
    return Result(
      strategy: strategy, months: month,
      debts: debts.indices.map {
        Outcome(name: debts[$0].name, paidOffMonth: paidOff[$0], interest: interest[$0], paid: paid[$0])
      }, balances: history, leftByMonth: leftByMonth, totalInterest: try fit(currency, interest, nil, "total interest"),
      totalPaid: try fit(currency, paid, nil, "total paid"))
  }

  /// `a + b` exactly (through `Money`), or the refusal naming the figure.
  static func fit(_ currency: Currency, _ a: Int64, _ b: Int64, _ name: String?, _ figure: String) throws(Refusal)
    -> Int64
  {
    try fit(currency, [a, b], name, figure)
  }

  static func fit(_ currency: Currency, _ values: [Int64], _ name: String?, _ figure: String) throws(Refusal) -> Int64 {
    do {
      return try Money.total(
        values.map { Money(minorUnits: $0, currency: currency) }, in: currency,
        or: FigureTooLarge(name: name, figure: figure)
      ).minorUnits
    } catch {
      throw .tooLarge(error)
    }
  }

  /// -1, 0 or 1 as `a` is below, equal to or above `b`.
  public static func compare(_ a: DecimalNumber, _ b: DecimalNumber) -> Int {
    let left = Int128(a.units) * Int128(b.denominator)
    let right = Int128(b.units) * Int128(a.denominator)
    return left < right ? -1 : left > right ? 1 : 0
  }
}
