import SpendlyApp
import SpendlyCore
import SpendlyStore

/// `spendly balance ACCOUNT`: the balance day by day (or month by month) with a chart, and the
/// statement balances beside the computed ones.
struct BalanceCommand: Command {
  static let name = "balance"
  static let aliases = ["bal"]
  static let summary = "an account's balance over time, with a chart: balance hdfc --from 2026-11-01"
  static let help = """
    usage: spendly balance ACCOUNT [--from DATE] [--to DATE] [--json]

    The balance at the end of each day from --from (30 days before --to unless given) to --to
    (today unless given); a range longer than two months goes month by month. A card's or a
    loan's balance is what is owed. Statement balances (spendly reconcile, or imported) are
    shown beside the balance computed from the entries, with the difference when they disagree.
    """
  static let examples = ["spendly balance hdfc savings --from 2026-11-01"]
  static let specs: [Option] = [
    .value("from", "DATE", .date, "the first day (default: 30 days before --to)"),
    .value("to", "DATE", .date, "the last day (default: today)"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let (account, rest) = try context.account(arguments.positional, command: "balance")
    try AccountWords.noRest(rest, "balance")
    let toOption = try arguments.date("to", context: context)
    let fromOption = try arguments.date("from", context: context)
    let request = BalanceReading.Request(account: account, from: fromOption, to: toOption)
    let outcome: BalanceReading.Outcome
    do {
      outcome = try BalanceReading(session: context.session, request: request).run()
    } catch {
      switch error {
      case .fromAfterTo(let from, let to): throw .usage("balance: --from \(from) is after --to \(to)")
      case .store(let error): throw error.cli
      case .tooLarge(let error): throw .data(Render.safe(error.message))
      }
    }
    let (from, to, step, points) = (outcome.from, outcome.to, outcome.step, outcome.points)
    var checks: [StatementCheck] = []
    for (statement, computed) in outcome.statements {
      checks.append(try StatementCheck(account, statement: statement, computed: computed))
    }
    checks = checks.filter { outcome.inSpan($0.statement) }
    let output = context.output
    let currency = account.currency
    return Rendered(
      text: {
        var lines = [
          output.style(
            "\(Render.safe(account.name)) · \(account.type.rawValue) · \(currency.code)"
              + (account.isLiability ? " · owed" : ""), .bold)
        ]
        let balances = points.map(\.balance)
        let low = min(0, balances.min() ?? 0)
        let high = balances.max() ?? 0
        let bottom = balances.min() ?? 0
        lines.append("  " + Charts.sparkline(balances, above: bottom))
        var table = Table(
          headers: [step == .day ? "Day" : "Month", "Balance", ""], alignments: [.left, .right, .left])
        for point in points {
          let label = step == .day ? point.date.readable : YearMonth(point.date).readable
          table.add([
            label, AccountView.money(point.balance, currency), Charts.bar(point.balance - low, of: high - low),
          ])
        }
        lines += table.render(indent: "  ")
        for check in checks { lines.append(check.line(currency, output: output)) }
        return lines
      },
      json: {
        JSON(
          BalanceJSON(
            account: account.name, type: account.type.rawValue, class: account.accountClass.rawValue,
            currency: currency.code, from: from.description, to: to.description, step: step.rawValue,
            balance: MoneyFigure(points.last?.balance ?? 0, currency),
            points: points.map { BalanceJSON.Point(date: $0.date.description, balance: MoneyFigure($0.balance, currency)) },
            statements: checks.map { $0.json(currency) }))
      })
  }
}

/// `balance ACCOUNT --json`: the account, the span and its step, the last balance, the balance
/// at each point and the statements checked, each figure beside the account's currency.
struct BalanceJSON: Encodable {
  /// The balance at the end of one day or month.
  struct Point: Encodable {
    let date: String
    let balance: MoneyFigure
  }

  let account: String
  let type: String
  let `class`: String
  let currency: String
  let from: String
  let to: String
  let step: String
  let balance: MoneyFigure
  let points: [Point]
  let statements: [StatementCheckJSON]
}
