import SpendlyCore
import SpendlyStore

/// `balance ACCOUNT`: an account's balance day by day (or month by month) over a span, with its
/// statement balances in the span, each beside the balance computed for its day.
public struct BalanceReading {
  /// What the person asked for: the span's ends, or nil for the defaults.
  public struct Request: Sendable {
    public var account: Account
    /// nil: 30 days before `to`, or the account's opening when that is later.
    public var from: LocalDate?
    /// nil: today.
    public var to: LocalDate?

    public init(account: Account, from: LocalDate? = nil, to: LocalDate? = nil) {
      self.account = account
      self.from = from
      self.to = to
    }
  }

  /// The balances over the span.
  public struct Outcome: Sendable {
    public let from: LocalDate
    public let to: LocalDate
    public let step: BalanceHistory.Step
    public let points: [BalanceHistory.Point]
    /// Every statement balance of the account, each with the balance computed at the end of its day.
    public let statements: [(statement: StatementBalance, computed: Int64)]

    /// Whether a statement's day is in the span (the ones the answer shows).
    public func inSpan(_ statement: StatementBalance) -> Bool { (from...to).contains(statement.asOf) }
  }

  /// Why there is no answer; the words are the caller's.
  public enum Refusal: Error {
    case fromAfterTo(LocalDate, LocalDate)
    case store(StoreError)
    case tooLarge(FigureTooLarge)
  }

  public let session: Session
  public var request: Request

  public init(session: Session, request: Request) {
    self.session = session
    self.request = request
  }

  public func run() throws(Refusal) -> Outcome {
    let account = request.account
    let to = request.to ?? session.today
    var from = request.from ?? to.adding(days: -30)
    if request.from == nil, let opened = account.openingDate, opened > from, opened <= to { from = opened }
    guard from <= to else { throw .fromAfterTo(from, to) }
    let store: Store
    let days: [AccountDay]
    let statements: [StatementBalance]
    do {
      store = try session.store()
      days = try store.accounts.days(account, through: to)
    } catch {
      throw .store(error)
    }
    let step = BalanceHistory.step(from: from, to: to)
    let movements = days.movements
    let points: [BalanceHistory.Point]
    do {
      points = try BalanceHistory.points(account, movements: movements, from: from, to: to, step: step)
    } catch {
      throw .tooLarge(error)
    }
    do {
      statements = try store.accounts.statements(account.name)
    } catch {
      throw .store(error)
    }
    var checked: [(statement: StatementBalance, computed: Int64)] = []
    for statement in statements {
      do {
        checked.append((statement, try BalanceHistory.balance(account, movements: movements, on: statement.asOf)))
      } catch {
        throw .tooLarge(error)
      }
    }
    return Outcome(from: from, to: to, step: step, points: points, statements: checked)
  }
}
