import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Debts as answers: balances today with the next due dates, an amortization table, and
/// payoff plans (one strategy, or both side by side).
enum DebtView {
  static func money(_ minor: Int64, _ currency: Currency) -> String {
    MoneyFormat.string(Money(minorUnits: minor, currency: currency))
  }

  static func plain(_ minor: Int64, _ currency: Currency) -> MoneyFigure { MoneyFigure(minor, currency) }

  /// "₹12,000.00", "5% (at least ₹500.00)".
  static func minimum(_ debt: Debt) -> String {
    switch debt.effectiveMinimum {
    case .fixed(let amount): return money(amount, debt.balance.currency) + (debt.term != nil ? " (amortized)" : "")
    case .percent(let percent, let floor): return "\(percent)% (at least \(money(floor, debt.balance.currency)))"
    }
  }

  /// Every debt's balance today, rate, minimum and next due date, with totals per currency.
  static func list(_ report: DebtsReport, output: Output) -> Rendered {
    let (debts, balances, payments, today, totals) = (
      report.debts, report.balances, report.payments, report.today, report.totals
    )
    let json = JSON(
      DebtsJSON(
        debts: debts.map { debt in
          let c = debt.balance.currency
          let balance = balances[debt.id]?.minorUnits ?? 0
          let due = debt.nextDue(onOrAfter: today)
          return DebtsJSON.Debt(
            id: debt.id, name: debt.name, kind: debt.kind.rawValue, currency: c.code, balance: plain(balance, c),
            startingBalance: plain(debt.balance.minorUnits, c), start: debt.start.description,
            apr: debt.apr.description, minimum: plain(balance > 0 ? debt.effectiveMinimum.amount(on: balance) : 0, c),
            dueDay: debt.dueDay, nextDue: due.description, daysUntil: due.daysSinceEpoch - today.daysSinceEpoch,
            term: debt.term, overdueSince: debt.overdue(today: today, payments: payments[debt.id] ?? [])?.description)
        },
        totals: totals.map { DebtsJSON.Total(currency: $0.0.code, balance: plain($0.1, $0.0)) }))
    guard !debts.isEmpty else {
      return .lines(
        ["  no debts: add one with 'debts add \"Home loan\" --balance 5,00,000 --apr 9.5 --term 60 --due-day 5'"],
        json: json)
    }
    var table = Table(
      headers: ["Debt", "Kind", "Balance", "APR", "Minimum", "Next due", ""],
      alignments: [.left, .left, .right, .right, .left, .left, .left])
    for debt in debts {
      let due = debt.nextDue(onOrAfter: today)
      let days = due.daysSinceEpoch - today.daysSinceEpoch
      let balance = balances[debt.id]?.minorUnits ?? 0
      // Nothing owed: no minimum, nothing due.
      guard balance > 0 else {
        table.add([
          Render.safe(debt.name), debt.kind.rawValue, money(balance, debt.balance.currency), "\(debt.apr)%", "—", "—",
          "paid off",
        ])
        continue
      }
      table.add([
        Render.safe(debt.name), debt.kind.rawValue, money(balances[debt.id]?.minorUnits ?? 0, debt.balance.currency),
        "\(debt.apr)%",
        minimum(debt), "\(LocalDate.weekdayAbbreviations[due.weekday]) \(RecurringView.day(due, today: today))",
        debt.overdue(today: today, payments: payments[debt.id] ?? []).map {
          output.style("overdue since \(RecurringView.day($0, today: today))", .red)
        } ?? (days == 0 ? "today" : "in \(days) day\(days == 1 ? "" : "s")"),
      ])
    }
    var lines = table.render(indent: "  ", header: { output.style($0, .dim) })
    for (currency, total) in totals { lines.append("  total \(currency.code) \(money(total, currency))") }
    return .lines(lines, json: json)
  }

  /// The amortization table of a loan, with what it pays in all and in interest.
  static func schedule(_ debt: Debt, rows: [Amortization.Row], output: Output) throws(CLIError) -> Rendered {
    let c = debt.balance.currency
    let totals = try exact { () throws(FigureTooLarge) in try Amortization.totals(rows, of: debt) }
    let (paid, interest) = (totals.paid.minorUnits, totals.interest.minorUnits)
    let json = JSON(
      AmortizationJSON(
        name: debt.name, currency: c.code, principal: plain(debt.balance.minorUnits, c), apr: debt.apr.description,
        months: rows.count,
        rows: rows.map { row in
          AmortizationJSON.Row(
            month: row.month, date: row.date.description, payment: plain(row.payment, c),
            interest: plain(row.interest, c), principal: plain(row.principal, c), balance: plain(row.balance, c))
        }, totalPaid: plain(paid, c), totalInterest: plain(interest, c)))
    var table = Table(
      headers: ["#", "Date", "Payment", "Interest", "Principal", "Balance"],
      alignments: [.right, .left, .right, .right, .right, .right])
    for row in rows {
      table.add([
        "\(row.month)", row.date.description, money(row.payment, c), money(row.interest, c), money(row.principal, c),
        money(row.balance, c),
      ])
    }
    let title =
      "  \(Render.safe(debt.name)): \(money(debt.balance.minorUnits, c)) at \(debt.apr)% over \(rows.count) months"
    var lines = [output.style(title, .bold)]
    lines += table.render(indent: "  ", header: { output.style($0, .dim) })
    lines.append("  total paid \(money(paid, c)) · interest \(money(interest, c))")
    return .lines(lines, json: json)
  }

  /// A plan as JSON: months from the month after today.
  static func planJSON(_ plan: PayoffPlan.Result, first: YearMonth, currency: Currency) -> PlanJSON {
    PlanJSON(
      strategy: plan.strategy.rawValue, months: plan.months,
      debtFree: first.adding(months: plan.months - 1).description, totalInterest: plain(plan.totalInterest, currency),
      totalPaid: plain(plan.totalPaid, currency),
      debts: plan.debts.map { debt in
        PlanJSON.Debt(
          name: debt.name,
          paidOff: debt.paidOffMonth > 0 ? first.adding(months: debt.paidOffMonth - 1).description : nil,
          interest: plain(debt.interest, currency), paid: plain(debt.paid, currency))
      })
  }

  /// One plan, or both side by side with what the better one saves; then a chart of the
  /// balance left month by month.
  static func plans(
    _ plans: [PayoffPlan.Result], budget: Int64, currency: Currency, first: YearMonth, left out: [String],
    output: Output
  ) -> Rendered {
    let both = plans.count == 2
    let json = JSON(
      PlansJSON(
        budget: plain(budget, currency), currency: currency.code, start: first.description,
        plan: Inline(planJSON(plans[0], first: first, currency: currency)),
        snowball: IfPresent(both ? planJSON(plans[1], first: first, currency: currency) : nil),
        interestSaved: IfPresent(both ? plain(plans[1].totalInterest - plans[0].totalInterest, currency) : nil),
        leftOut: IfPresent(out.isEmpty ? nil : out)))
    return Rendered(
      text: {
        let month = { (n: Int) in n > 0 ? first.adding(months: n - 1).readable : "—" }
        var lines = [output.style("  Paying \(money(budget, currency)) a month from \(first.readable)", .bold)]
        var table = Table(
          headers: [""] + plans.map { $0.strategy.rawValue.prefix(1).uppercased() + $0.strategy.rawValue.dropFirst() },
          alignments: [.left] + plans.map { _ in .right })
        table.add(["debt-free"] + plans.map { month($0.months) })
        table.add(["months"] + plans.map { "\($0.months)" })
        table.add(["interest"] + plans.map { money($0.totalInterest, currency) })
        table.add(["total paid"] + plans.map { money($0.totalPaid, currency) })
        for (index, debt) in plans[0].debts.enumerated() {
          table.add(["\(Render.safe(debt.name)) paid off"] + plans.map { month($0.debts[index].paidOffMonth) })
        }
        lines += table.render(indent: "  ", header: { output.style($0, .dim) })
        if plans.count == 2 {
          let saved = plans[1].totalInterest - plans[0].totalInterest
          lines.append(
            saved > 0
              ? "  avalanche saves \(money(saved, currency)) in interest"
              : saved < 0 ? "  snowball saves \(money(-saved, currency)) in interest" : "  both cost the same interest")
        }
        lines.append("")
        lines.append(output.style("  balance left (\(plans[0].strategy.rawValue))", .dim))
        lines += chart(plans[0], first: first, currency: currency)
        for name in out { lines.append(output.style("  left out: \(Render.safe(name)) (another currency)", .dim)) }
        return lines
      }, json: { json })
  }

  /// The total balance left at the end of months, as bars: every month up to 24, else sampled.
  static func chart(_ plan: PayoffPlan.Result, first: YearMonth, currency: Currency) -> [String] {
    guard plan.months > 0 else { return [] }
    // Each month's total was checked to fit when the plan was made.
    let totals = plan.leftByMonth
    let step = max(1, (plan.months + 23) / 24)
    var picked = Array(stride(from: 0, to: plan.months, by: step))
    if picked.last != plan.months - 1 { picked.append(plan.months - 1) }
    let top = totals.max() ?? 0
    return picked.map { index in
      let label = first.adding(months: index).readable
      let bar = Charts.bar(totals[index], of: top, width: 30)
      let padding = String(repeating: " ", count: max(0, 30 - displayWidth(bar)))
      return "  \(label)  \(bar)\(padding)  \(money(totals[index], currency))"
    }
  }
}

extension Answers {
  /// "total debt": the debts today; "when will i be debt free": the plan on the last budget,
  /// and before any plan was made, the plan on the debts as they are (`DebtPlanning.assumed`).
  func debts(free: Bool) throws -> Rendered {
    guard free else { return try DebtPlanning.listed(context) }
    guard let budget = try DebtPlanning.remembered(context) else { return try DebtPlanning.assumed(context: context) }
    return try DebtPlanning.rendered(budget: budget, remember: false, context: context)
  }
}
