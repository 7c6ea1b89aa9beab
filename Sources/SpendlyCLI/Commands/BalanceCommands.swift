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
  static let specs: [Arguments.Spec] = [.init("from"), .init("to")]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let (account, rest) = try AccountsCommand.named(arguments.positional, context, command: "balance")
    try AccountsCommand.noRest(rest, "balance")
    let to = try FieldOptions.date(arguments, "to", context: context) ?? context.today
    var from = try FieldOptions.date(arguments, "from", context: context) ?? to.adding(days: -30)
    if arguments["from"] == nil, let opened = account.openingDate, opened > from, opened <= to { from = opened }
    guard from <= to else { throw .usage("balance: --from \(from) is after --to \(to)") }
    let store = try context.store()
    let days = try reporting { try store.accounts.days(account, through: to) }
    let step = BalanceHistory.step(from: from, to: to)
    let points = try exact { () throws(FigureTooLarge) in
      try BalanceHistory.points(account, movements: days.movements, from: from, to: to, step: step)
    }
    let checks = try StatementCheck.all(account, store: store, days: days).filter {
      (from...to).contains($0.statement.asOf)
    }
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
        .object([
          ("account", .string(account.name)), ("type", .string(account.type.rawValue)),
          ("class", .string(account.accountClass.rawValue)), ("currency", .string(currency.code)),
          ("from", .string(from.description)), ("to", .string(to.description)), ("step", .string(step.rawValue)),
          ("balance", AccountView.amount(points.last?.balance ?? 0, currency)),
          ("balance_minor", .int(points.last?.balance ?? 0)),
          (
            "points",
            .array(
              points.map {
                .object([
                  ("date", .string($0.date.description)), ("balance", AccountView.amount($0.balance, currency)),
                  ("balance_minor", .int($0.balance)),
                ])
              })
          ),
          ("statements", .array(checks.map { $0.json(currency) })),
        ])
      })
  }
}

/// A statement balance beside the balance computed for its day, and their difference.
struct StatementCheck {
  let statement: StatementBalance
  let computed: Int64
  /// The statement less the computed balance, through `Money`: one that does not fit is an
  /// error naming it, never a capped figure.
  let difference: Int64

  init(_ account: Account, statement: StatementBalance, computed: Int64) throws(CLIError) {
    self.statement = statement
    self.computed = computed
    let money = { (minor: Int64) in Money(minorUnits: minor, currency: account.currency) }
    difference = try exact { () throws(FigureTooLarge) in
      try money(statement.amount).subtracting(
        money(computed),
        or: FigureTooLarge(name: account.name, figure: "difference from the statement of \(statement.asOf)")
      ).minorUnits
    }
  }

  /// Every statement balance of the account, each with the balance computed at the end of its day.
  static func all(_ account: Account, store: Store, days: [AccountDay]) throws(CLIError) -> [StatementCheck] {
    let statements = try reporting { try store.accounts.statements(account.name) }
    let movements = days.movements
    var checks: [StatementCheck] = []
    for statement in statements {
      let computed = try exact { () throws(FigureTooLarge) in
        try BalanceHistory.balance(account, movements: movements, on: statement.asOf)
      }
      checks.append(try StatementCheck(account, statement: statement, computed: computed))
    }
    return checks
  }

  func line(_ currency: Currency, output: Output) -> String {
    let head =
      "  statement \(statement.kind.rawValue) \(AccountView.money(statement.amount, currency)) on \(statement.asOf.readable)"
      + (statement.source.map { " (\(Render.safe($0)))" } ?? "")
      + " · computed \(AccountView.money(computed, currency))"
    if difference == 0 { return head + " · " + output.style("matches", .green) }
    return head + " · "
      + output.style(
        "differs by \(MoneyFormat.string(Money(minorUnits: difference, currency: currency), signed: true))", .yellow)
  }

  func json(_ currency: Currency) -> JSON {
    .object([
      ("kind", .string(statement.kind.rawValue)), ("as_of", .string(statement.asOf.description)),
      ("source", .optional(statement.source)), ("statement", AccountView.amount(statement.amount, currency)),
      ("statement_minor", .int(statement.amount)), ("computed", AccountView.amount(computed, currency)),
      ("computed_minor", .int(computed)), ("difference", AccountView.amount(difference, currency)),
      ("difference_minor", .int(difference)), ("matches", .bool(difference == 0)),
    ])
  }
}

/// `spendly reconcile ACCOUNT AMOUNT [--on DATE]`: records a statement balance typed by hand and
/// says how far the computed balance is from it.
struct ReconcileCommand: Command {
  static let readsAmounts = true
  static let name = "reconcile"
  static let summary = "record a statement balance and see the difference: reconcile hdfc 48,250.50"
  static let help = """
    usage: spendly reconcile ACCOUNT AMOUNT [--on DATE] [--available] [--json]

    Records what the bank's statement says the account held (a card or loan: what was owed)
    at the end of DATE (today unless given), and shows the balance computed from the entries
    beside it with the difference. --available records the available balance instead of the
    booked one. It is one change: 'undo' takes it back.
    """
  static let examples = ["spendly reconcile hdfc savings 48,250.50"]
  static let specs: [Arguments.Spec] = [.init("on"), .init("available", value: false)]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var words = arguments.positional
    guard words.count >= 2, var amountText = words.popLast() else {
      throw .usage("reconcile: give the account and the statement's balance, like: reconcile hdfc 48,250.50")
    }
    // "52,080.00 Cr" typed as two words: the mark goes with the number.
    if ["dr", "cr"].contains(amountText.lowercased()), words.count >= 2, let number = words.popLast() {
      amountText = number + " " + amountText
    }
    let (account, rest) = try AccountsCommand.named(words, context, command: "reconcile")
    try AccountsCommand.noRest(rest, "reconcile")
    let money = try balance(amountText, account.currency)
    guard money.currency == account.currency else {
      throw .data("amount \(Render.quoted(amountText)): \(Render.safe(account.name)) keeps \(account.currency.code)")
    }
    let date = try FieldOptions.date(arguments, "on", context: context) ?? context.today
    guard date <= context.today else { throw .data("--on \(date): a statement balance is of a day that has come") }
    let statement = StatementBalance(
      kind: arguments.has("available") ? .available : .booked, amount: money.minorUnits,
      asOf: date, source: "typed")
    let store = try context.store()
    try reporting { try store.accounts.recordStatement(account.name, statement) }
    let computed = try reporting { try store.accounts.balance(account, on: date) }
    let check = try StatementCheck(account, statement: statement, computed: computed)
    let output = context.output
    return Rendered(
      text: { ["recorded " + Render.safe(account.name) + ":", check.line(account.currency, output: output)] },
      json: {
        .object(
          [("account", .string(account.name)), ("currency", .string(account.currency.code))]
            + {
              if case .object(let pairs) = check.json(account.currency) { return pairs }
              return []
            }())
      })
  }

  /// A statement balance as typed: signed by a minus, parentheses or Dr/Cr ("52,080.00 Cr" is a
  /// credit, "52,080.00 Dr" a debit), never multiplied; in the account's currency unless marked.
  static func balance(_ text: String, _ currency: Currency) throws(CLIError) -> Money {
    do {
      return try AmountReader.read(text, style: .balance, currency: currency).money
    } catch {
      throw .data("amount: " + Render.safe(error.description))
    }
  }
}
