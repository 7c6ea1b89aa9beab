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

  /// "how long to pay off my debts" before any plan was made: the plan on the debts as they are
  /// (their minimums each month, `minimumsBudget`) in the assumed strategy, which it names first.
  static func assumed(context: Context) throws(CLIError) -> Rendered {
    let currency = try reporting { try context.store().settings.defaultCurrency() }
    let budget: Money
    do {
      budget = try minimumsBudget(preferring: currency, in: context.session)
    } catch .nothingToPay {
      throw .data("nothing to pay off: no debt has a balance (add one: spendly debts add NAME --balance AMOUNT)")
    } catch {
      throw error.cli
    }
    let plan = try rendered(budget: budget, strategies: [assumedStrategy], remember: false, context: context)
    let output = context.output
    let said = [
      "  no plan made yet: \(assumedStrategy.rawValue) assumed (highest APR first), on the debts as they are"
        + " (their minimums, \(DebtView.money(budget.minorUnits, budget.currency)) a month)"
    ]
    let hint = output.style(
      "  to plan on what you can pay: spendly debts plan --budget AMOUNT [--strategy snowball]", .dim)
    return Rendered(
      text: { said + plan.text() + [hint] }, json: plan.json, warnings: plan.warnings)
  }

  /// Each debt today (`debts`, "total debt"): balance, APR, minimum and next due date.
  static func listed(_ context: Context) throws(CLIError) -> Rendered {
    DebtView.list(try report(context), output: context.output)
  }

  /// The debts today, or the refusal worded.
  static func report(_ context: Context) throws(CLIError) -> DebtsReport {
    do {
      return try DebtsReport(in: context.session)
    } catch {
      throw error.cli
    }
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
