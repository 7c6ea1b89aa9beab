import SpendlyCore
import SpendlyStore

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

  func json(_ currency: Currency) -> StatementCheckJSON {
    StatementCheckJSON(
      kind: statement.kind.rawValue, asOf: statement.asOf.description, source: statement.source,
      statement: MoneyFigure(statement.amount, currency), computed: MoneyFigure(computed, currency),
      difference: MoneyFigure(difference, currency), matches: difference == 0)
  }
}

/// A statement balance, the computed one and their difference, each beside the account's currency.
struct StatementCheckJSON: Encodable {
  let kind: String
  let asOf: String
  let source: String?
  let statement: MoneyFigure
  let computed: MoneyFigure
  let difference: MoneyFigure
  let matches: Bool
}
