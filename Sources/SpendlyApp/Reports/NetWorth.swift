import SpendlyCore
import SpendlyStore

/// Assets, liabilities and net worth per currency (`accounts`, "net worth", "assets",
/// "liabilities"): an asset account's balance is an asset, a liability account's balance (a
/// card's, what is owed on it) and every debt's balance today (the `debts` records: what is
/// owed) are liabilities, and net worth is assets less liabilities. Added up exactly: a total
/// that does not fit is `FigureTooLarge` naming it, never a capped figure.
public struct NetWorth: Sendable {
  /// The figures of one currency, in minor units.
  public struct Totals: Sendable, Equatable {
    public let currency: Currency
    public let assets: Int64
    /// The liability accounts' balances and the debts' together.
    public let liabilities: Int64
    /// The part of `liabilities` that is debts.
    public let debts: Int64
    public let netWorth: Int64
  }

  /// A debt as a liability: its name, kind and balance today.
  public struct Owed: Sendable, Equatable {
    public let name: String
    public let kind: Debt.Kind
    public let balance: Money
  }

  /// The debts with a balance, in the debts' order (a paid-off debt owes nothing and is left out).
  public let debts: [Owed]
  /// Per currency, sorted by code.
  public let totals: [Totals]

  public init(accounts: [AccountBalance], debts report: DebtsReport?) throws(FigureTooLarge) {
    var sums = MoneyTotals("assets", "liabilities", "debts")
    for item in accounts {
      let balance = Money(minorUnits: item.balance, currency: item.account.currency)
      let zero = Money.zero(balance.currency)
      try item.account.isLiability ? sums.add(zero, balance, zero) : sums.add(balance, zero, zero)
    }
    var owed: [Owed] = []
    for debt in report?.debts ?? [] {
      let balance = report?.balances[debt.id] ?? .zero(debt.balance.currency)
      guard balance.minorUnits != 0 else { continue }
      owed.append(Owed(name: debt.name, kind: debt.kind, balance: balance))
      try sums.add(.zero(balance.currency), balance, balance)
    }
    self.debts = owed
    totals = try sums.rows.sorted { $0.currency.code < $1.currency.code }.map { (row) throws(FigureTooLarge) in
      let net = try row.values[0].subtracting(
        row.values[1], or: FigureTooLarge(figure: "net worth in \(row.currency.code)"))
      return Totals(
        currency: row.currency, assets: row.values[0].minorUnits, liabilities: row.values[1].minorUnits,
        debts: row.values[2].minorUnits, netWorth: net.minorUnits)
    }
  }
}
