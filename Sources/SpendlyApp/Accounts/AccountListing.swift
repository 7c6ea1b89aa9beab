import SpendlyCore
import SpendlyStore

/// `accounts`: each account's balance on a day, and per currency what the assets, the
/// liabilities and the net worth come to.
public struct AccountListing {
  /// What the person asked for: the day the balances are taken at (nil: today).
  public struct Request: Sendable {
    public var asOf: LocalDate?

    public init(asOf: LocalDate? = nil) { self.asOf = asOf }
  }

  /// Assets, liabilities and net worth of one currency, in its minor units.
  public struct Totals: Sendable, Equatable {
    public let currency: Currency
    public let assets: Int64
    public let liabilities: Int64
    public let netWorth: Int64
  }

  /// Every account with its balance (in the store's order), and the totals per currency (by code).
  public struct Outcome: Sendable {
    public let asOf: LocalDate
    public let balances: [AccountBalance]
    public let totals: [Totals]
  }

  /// Why there is no listing; the words are the caller's.
  public enum Refusal: Error {
    case store(StoreError)
    /// A total that does not fit: never a capped figure.
    case tooLarge(FigureTooLarge)
  }

  public let session: Session
  public var request: Request

  public init(session: Session, request: Request = Request()) {
    self.session = session
    self.request = request
  }

  public func run() throws(Refusal) -> Outcome {
    let day = request.asOf ?? session.today
    let balances: [AccountBalance]
    do {
      balances = try session.store().accounts.balances(asOf: day)
    } catch {
      throw .store(error)
    }
    do {
      return Outcome(asOf: day, balances: balances, totals: try Self.totals(balances))
    } catch {
      throw .tooLarge(error)
    }
  }

  /// Per currency, added up through `MoneyTotals`: a total that does not fit is an error naming
  /// it, never a capped figure. A card's or a loan's balance is owed: a liability.
  public static func totals(_ balances: [AccountBalance]) throws(FigureTooLarge) -> [Totals] {
    var sums = MoneyTotals("assets", "liabilities")
    for item in balances {
      let balance = Money(minorUnits: item.balance, currency: item.account.currency)
      let zero = Money.zero(balance.currency)
      try item.account.isLiability ? sums.add(zero, balance) : sums.add(balance, zero)
    }
    return try sums.rows.sorted { $0.currency.code < $1.currency.code }.map { (row) throws(FigureTooLarge) in
      let net = try row.values[0].subtracting(
        row.values[1], or: FigureTooLarge(figure: "net worth in \(row.currency.code)"))
      return Totals(
        currency: row.currency, assets: row.values[0].minorUnits, liabilities: row.values[1].minorUnits,
        netWorth: net.minorUnits)
    }
  }
}
