/// `debts --json`: each debt's balance today, rate, minimum and next due date, and totals per currency.
struct DebtsJSON: Encodable {
  /// One debt, its money figures beside its currency.
  struct Debt: Encodable {
    let id: Int64
    let name: String
    let kind: String
    let currency: String
    let balance: MoneyFigure
    let startingBalance: MoneyFigure
    let start: String
    let apr: String
    let minimum: MoneyFigure
    let dueDay: Int
    let nextDue: String
    let daysUntil: Int
    let term: Int?
    let overdueSince: String?
  }

  /// What the debts in one currency come to.
  struct Total: Encodable {
    let currency: String
    let balance: MoneyFigure
  }

  let debts: [Debt]
  let totals: [Total]
}

/// A loan's amortization table, with what it pays in all and in interest.
struct AmortizationJSON: Encodable {
  /// One month of the table.
  struct Row: Encodable {
    let month: Int
    let date: String
    let payment: MoneyFigure
    let interest: MoneyFigure
    let principal: MoneyFigure
    let balance: MoneyFigure
  }

  let name: String
  let currency: String
  let principal: MoneyFigure
  let apr: String
  let months: Int
  let rows: [Row]
  let totalPaid: MoneyFigure
  let totalInterest: MoneyFigure
}

/// One payoff plan: how long, what it costs, when each debt is paid off.
struct PlanJSON: Encodable {
  /// One debt under the plan; `paid_off` is null when the plan never clears it.
  struct Debt: Encodable {
    let name: String
    let paidOff: String?
    let interest: MoneyFigure
    let paid: MoneyFigure
  }

  let strategy: String
  let months: Int
  let debtFree: String
  let totalInterest: MoneyFigure
  let totalPaid: MoneyFigure
  let debts: [Debt]
}

/// `debts plan --json`: the budget, the first plan's keys, and with both strategies the
/// snowball plan and the interest the first one saves.
struct PlansJSON: Encodable {
  let budget: MoneyFigure
  let currency: String
  let start: String
  let plan: Inline<PlanJSON>
  let snowball: IfPresent<PlanJSON>
  let interestSaved: IfPresent<MoneyFigure>
  let leftOut: IfPresent<[String]>
}
