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

  /// Every account with its balance (in the store's order), and per currency what the assets,
  /// the liabilities (the debts' balances today among them) and the net worth come to.
  public struct Outcome: Sendable {
    public let asOf: LocalDate
    public let balances: [AccountBalance]
    public let worth: NetWorth
    /// The totals per currency (by code).
    public var totals: [NetWorth.Totals] { worth.totals }
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

  /// The debts count only in a listing of today: their balances are today's.
  public func run() throws(Refusal) -> Outcome {
    let day = request.asOf ?? session.today
    let balances: [AccountBalance]
    do {
      balances = try session.store().accounts.balances(asOf: day)
    } catch {
      throw .store(error)
    }
    var debts: DebtsReport?
    if day == session.today {
      do {
        debts = try DebtsReport(in: session)
      } catch {
        // A report only reads, so it fails only as the store or as a figure too large.
        switch error {
        case .store(let error): throw .store(error)
        case .tooLarge(let error): throw .tooLarge(error)
        case .nothingToPay, .plan: debts = nil
        }
      }
    }
    do {
      return Outcome(asOf: day, balances: balances, worth: try NetWorth(accounts: balances, debts: debts))
    } catch {
      throw .tooLarge(error)
    }
  }
}
