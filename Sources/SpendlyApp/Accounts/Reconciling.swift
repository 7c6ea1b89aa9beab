import SpendlyCore
import SpendlyStore

/// `reconcile ACCOUNT BALANCE`: a statement's balance recorded for an account, beside the
/// balance Spendly computes for that day.
public struct Reconciling {
  /// What the person asked for.
  public struct Request: Sendable {
    public var account: Account
    /// The statement's balance, signed as an asset's (what is owed on a card is negative).
    public var balance: Money
    /// The statement's day: one that has come.
    public var date: LocalDate
    public var kind: StatementBalance.Kind = .booked

    public init(account: Account, balance: Money, date: LocalDate) {
      self.account = account
      self.balance = balance
      self.date = date
    }
  }

  /// The statement as recorded, and the balance computed for its day.
  public struct Outcome: Sendable {
    public let account: Account
    public let statement: StatementBalance
    public let computed: Int64
  }

  /// Why nothing was recorded; the words are the caller's.
  public enum Refusal: Error {
    /// The balance is in another currency than the account keeps.
    case wrongCurrency
    /// The day has not come.
    case notYet(LocalDate)
    case store(StoreError)
  }

  public let session: Session
  public var request: Request

  public init(session: Session, request: Request) {
    self.session = session
    self.request = request
  }

  /// Refuses a balance in another currency than `account` keeps.
  public static func checkCurrency(_ balance: Money, of account: Account) throws(Refusal) {
    guard balance.currency == account.currency else { throw .wrongCurrency }
  }

  public func run() throws(Refusal) -> Outcome {
    let account = request.account
    try Self.checkCurrency(request.balance, of: account)
    guard request.date <= session.today else { throw .notYet(request.date) }
    let statement = StatementBalance(
      kind: request.kind, amount: request.balance.minorUnits, asOf: request.date, source: "typed")
    do {
      let store = try session.store()
      try store.accounts.recordStatement(account.name, statement)
      let computed = try store.accounts.balance(account, on: request.date)
      return Outcome(account: account, statement: statement, computed: computed)
    } catch {
      throw .store(error)
    }
  }
}
