import SpendlyApp
import SpendlyCore
import SpendlyStore

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

    Cr and Dr after the amount are the statement's own sign, from the bank's side: Cr is money
    in your favour, Dr money against you. On a savings, current, cash or wallet account,
    '48,250.50 Cr' is a balance of 48,250.50 and '1,200.00 Dr' an overdraft of 1,200.00
    (-1,200.00). On a card or loan, where the balance is what is owed, '25,000.00 Dr' is 25,000.00
    owed and '500.00 Cr' a credit balance (-500.00 owed: the bank owes you). A minus or
    parentheses is the balance's own sign, as the account shows it.
    """
  static let examples = [
    "spendly reconcile hdfc savings 48,250.50", "spendly reconcile hdfc savings 1,23,456.00 Cr",
    "spendly reconcile hdfc regalia 25,000.00 Dr",
  ]
  static let specs: [Option] = [
    .value("on", "DATE", .date, "the statement's day (default: today)"),
    .flag("available", "the available balance, not the booked one"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var words = arguments.positional
    guard words.count >= 2, var amountText = words.popLast() else {
      throw .usage("reconcile: give the account and the statement's balance, like: reconcile hdfc 48,250.50")
    }
    // "52,080.00 Cr" typed as two words: the mark goes with the number.
    if ["dr", "cr"].contains(amountText.lowercased()), words.count >= 2, let number = words.popLast() {
      amountText = number + " " + amountText
    }
    let (account, rest) = try context.account(words, command: "reconcile")
    try AccountWords.noRest(rest, "reconcile")
    var money = try balance(amountText, account.currency)
    // The bank's Dr is owed on a card or loan: the balance there is what is owed.
    if account.isLiability, AmountReader.drCrMark(amountText) != nil { money = money.negated }
    let refused = { (refusal: Reconciling.Refusal) -> CLIError in
      switch refusal {
      case .wrongCurrency:
        .data("amount \(Render.quoted(amountText)): \(Render.safe(account.name)) keeps \(account.currency.code)")
      case .notYet(let date):
        .data("--on \(date): that day is still to come; a statement balance is of today or a day before")
      case .store(let error): error.cli
      }
    }
    do {
      try Reconciling.checkCurrency(money, of: account)
    } catch {
      throw refused(error)
    }
    var request = Reconciling.Request(
      account: account, balance: money, date: try arguments.date("on", context: context) ?? context.today)
    request.kind = arguments.has("available") ? .available : .booked
    let outcome: Reconciling.Outcome
    do {
      outcome = try Reconciling(session: context.session, request: request).run()
    } catch {
      throw refused(error)
    }
    let (statement, computed) = (outcome.statement, outcome.computed)
    let check = try StatementCheck(account, statement: statement, computed: computed)
    let output = context.output
    return Rendered(
      text: { ["recorded " + Render.safe(account.name) + ":", check.line(account.currency, output: output)] },
      json: {
        JSON(
          ReconcileJSON(
            account: account.name, currency: account.currency.code, check: Inline(check.json(account.currency))))
      })
  }

  /// A statement balance as typed: signed by a minus, parentheses or Dr/Cr ("52,080.00 Cr" is a
  /// credit, "52,080.00 Dr" a debit), never multiplied; in the account's currency unless marked.
  /// The sign is an asset's: `run` turns a Dr/Cr balance of a card or loan round.
  static func balance(_ text: String, _ currency: Currency) throws(CLIError) -> Money {
    do {
      return try AmountReader.read(text, style: .balance, currency: currency).money
    } catch {
      throw .data("amount: " + Render.safe(error.description))
    }
  }
}

/// `reconcile --json`: the account, its currency, and the statement balance against the computed one.
struct ReconcileJSON: Encodable {
  let account: String
  let currency: String
  let check: Inline<StatementCheckJSON>
}
