import SpendlyApp
import SpendlyCore
import SpendlyStore

/// The debt planning workflow as the CLI shows it: `debts plan`, "when will i be debt free" and
/// the shell's question for a budget all render the same plans, and word the same refusals.
extension DebtPlanning {
  /// The plans on `budget`, rendered (see `DebtView.plans`).
  static func rendered(
    budget: Money, strategies: [PayoffPlan.Strategy] = [.avalanche, .snowball], remember: Bool, context: Context
  ) throws(CLIError) -> Rendered {
    let plans: Plans
    do {
      plans = try plan(budget: budget, strategies: strategies, remember: remember, in: context.session)
    } catch {
      throw error.cli
    }
    return DebtView.plans(
      plans.results, budget: plans.budget.minorUnits, currency: plans.budget.currency, first: plans.firstMonth,
      left: plans.leftOut, output: context.output)
  }

  /// Each debt today (`debts`, "total debt"): balance, APR, minimum and next due date.
  static func listed(_ context: Context) throws(CLIError) -> Rendered {
    let debts = try reporting { try context.store().debts.all() }
    let payments = try reporting { try context.store().debts.payments() }
    return try DebtView.list(
      debts, balances: try balances(debts, context: context), payments: payments, today: context.today,
      output: context.output)
  }

  /// A monthly budget as typed ("40000", "40k"), in `currency` (the default one when nil).
  static func budget(_ text: String, currency given: Currency?, context: Context) throws(CLIError) -> Money {
    let currency: Currency
    if let given {
      currency = given
    } else {
      currency = try reporting { try context.store().settings.defaultCurrency() }
    }
    let parser = try context.phraseParser()
    do {
      return try parser.amount(text, currency: currency)
    } catch {
      let message = error.message.hasPrefix("amount: ") ? String(error.message.dropFirst(8)) : error.message
      throw .data("budget: " + message)
    }
  }

  /// Each debt's balance today, or the error naming a figure that no longer fits.
  static func balances(_ debts: [Debt], context: Context) throws(CLIError) -> [Int64: Money] {
    do {
      return try balances(debts, in: context.session)
    } catch {
      throw error.cli
    }
  }

  /// The last plan's budget, the state file of an older Spendly included; nil when none.
  static func remembered(_ context: Context) throws(CLIError) -> Money? {
    let legacy = StatePaths.debtBudget(for: context.databasePath, create: false).flatMap(StateFile.read)
    do {
      return try rememberedBudget(in: context.session, legacy: legacy)
    } catch {
      throw error.cli
    }
  }
}

extension DebtPlanning.Refusal {
  /// In words, with the exit status: bad data 65, a store's failure as the store says.
  var cli: CLIError {
    switch self {
    case .store(let error): return error.cli
    case .tooLarge(let figure): return .data(Render.safe(figure.message))
    case .nothingToPay(let currency): return .data("debts plan: no debt in \(currency.code) has a balance to pay")
    case .plan(let refusal, let currency):
      switch refusal {
      case .budgetShort(let shortfall, let minimums):
        return .data(
          "budget: \(DebtView.money(shortfall, currency)) short of the first month's minimums (\(DebtView.money(minimums, currency)))"
        )
      case .budgetShortLater(let month, let shortfall, let minimums):
        return .data(
          "budget: \(DebtView.money(shortfall, currency)) short of month \(month)'s minimums (\(DebtView.money(minimums, currency))): the balances grow faster than they are paid"
        )
      case .neverFalls(let names):
        return .data("budget: the balance of \(names.map(Render.safe).joined(separator: ", ")) would never fall on it")
      case .tooLong: return .data("budget: the plan would take more than 100 years")
      case .tooLarge(let figure): return .data(Render.safe(figure.message))
      }
    }
  }
}
