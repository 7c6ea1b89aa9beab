import SpendlyCore
import SpendlyStore

/// Paying debts down: each debt's balance today, and payoff plans on a monthly budget (both
/// strategies unless one is asked for), the budget remembered for "when will i be debt free".
/// Typed results; the CLI words them (`DebtView`).
public enum DebtPlanning {
  /// Why there is no balance or no plan.
  public enum Refusal: Error, Sendable {
    case store(StoreError)
    /// A balance that no longer fits, named.
    case tooLarge(FigureTooLarge)
    /// No debt in the budget's currency has a balance to pay.
    case nothingToPay(Currency)
    case plan(PayoffPlan.Refusal, Currency)
  }

  /// The plans made, in the order asked, with what they cover.
  public struct Plans: Sendable {
    public let results: [PayoffPlan.Result]
    public let budget: Money
    /// The plan's first month: the month after today.
    public let firstMonth: YearMonth
    /// The debts in other currencies with a balance, left out of the plan.
    public let leftOut: [String]
  }

  /// Each debt's balance today by its id.
  public static func balances(_ debts: [Debt], in session: Session) throws(Refusal) -> [Int64: Money] {
    let payments: [Int64: [(LocalDate, Int64)]]
    do {
      payments = try session.store().debts.payments()
    } catch {
      throw .store(error)
    }
    var result: [Int64: Money] = [:]
    for debt in debts {
      do {
        result[debt.id] = try debt.balance(on: session.today, payments: payments[debt.id] ?? [])
      } catch {
        throw .tooLarge(error)
      }
    }
    return result
  }

  /// The plans on `budget` a month; with `remember` the budget is kept (a setting, through the
  /// change log) for "when will i be debt free", unless the database is read-only.
  public static func plan(
    budget: Money, strategies: [PayoffPlan.Strategy], remember: Bool, in session: Session
  ) throws(Refusal) -> Plans {
    let store: Store
    let debts: [Debt]
    do {
      store = try session.store()
      debts = try store.debts.all()
    } catch {
      throw .store(error)
    }
    let balances = try balances(debts, in: session)
    let owing = { (debt: Debt) in (balances[debt.id]?.minorUnits ?? 0) > 0 }
    let included = debts.filter { $0.balance.currency == budget.currency && owing($0) }
    let out = debts.filter { $0.balance.currency != budget.currency && owing($0) }.map(\.name)
    guard !included.isEmpty else { throw .nothingToPay(budget.currency) }
    let starts = included.map {
      PayoffPlan.Start(
        name: $0.name, balance: balances[$0.id] ?? .zero($0.balance.currency), apr: $0.apr,
        minimum: $0.effectiveMinimum)
    }
    var results: [PayoffPlan.Result] = []
    for strategy in strategies {
      do {
        results.append(try PayoffPlan.simulate(starts, budget: budget.minorUnits, strategy: strategy))
      } catch {
        throw .plan(error, budget.currency)
      }
    }
    if remember, !store.isReadOnly {
      do {
        try store.settings.setDebtPlanBudget(budget)
      } catch {
        throw .store(error)
      }
    }
    return Plans(
      results: results, budget: budget, firstMonth: YearMonth(session.today).adding(months: 1), leftOut: out)
  }

  /// The strategy a plan asked for without one is made in: avalanche, the least interest.
  public static let assumedStrategy: PayoffPlan.Strategy = .avalanche

  /// The debts as they are, when no plan was made yet: what their first month's minimums come
  /// to (each on its balance today and that month's interest), paid every month as the budget.
  /// The debts in `preferred` (the default currency), else those in the first currency owed.
  public static func minimumsBudget(preferring preferred: Currency, in session: Session) throws(Refusal) -> Money {
    let debts: [Debt]
    do {
      debts = try session.store().debts.all()
    } catch {
      throw .store(error)
    }
    let balances = try balances(debts, in: session)
    let owing = debts.filter { (balances[$0.id]?.minorUnits ?? 0) > 0 }
    let currency =
      owing.contains { $0.balance.currency == preferred } ? preferred : owing.first?.balance.currency ?? preferred
    var total = Money.zero(currency)
    for debt in owing where debt.balance.currency == currency {
      let balance = balances[debt.id]?.minorUnits ?? 0
      let tooLarge = FigureTooLarge(name: debt.name, figure: "first month's minimum")
      let (owed, overflow) = balance.addingReportingOverflow(Debt.interest(on: balance, apr: debt.apr))
      if overflow { throw .tooLarge(tooLarge) }
      do {
        total = try total.adding(
          Money(minorUnits: debt.effectiveMinimum.amount(on: owed), currency: currency), or: tooLarge)
      } catch {
        throw .tooLarge(error)
      }
    }
    guard total.minorUnits > 0 else { throw .nothingToPay(currency) }
    return total
  }

  /// The last plan's budget: the database's setting, else `legacy` (the state file an older
  /// Spendly kept); nil when there is none.
  public static func rememberedBudget(in session: Session, legacy: String?) throws(StoreError) -> Money? {
    if let stored = try session.store().settings.debtPlanBudget(), let budget = storedBudget(stored) {
      return budget
    }
    return legacy.flatMap(storedBudget)
  }

  /// "4000000 INR": a budget as the setting keeps it.
  public static func storedBudget(_ text: String) -> Money? {
    let parts = text.split(separator: " ")
    guard parts.count == 2, let minor = Int64(parts[0]), let currency = Currency.named(String(parts[1])) else {
      return nil
    }
    return Money(minorUnits: minor, currency: currency)
  }
}
