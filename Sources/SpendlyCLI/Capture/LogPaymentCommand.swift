import SpendlyCore
import SpendlyParse

/// `spendly log-payment --amount 420 [--merchant Social] [--yes]`: an expense from an
/// automation (a bank SMS forwarder, a cron job), saved through the same path as `add`.
struct LogPaymentCommand: Command {
  static let readsAmounts = true
  static let name = "log-payment"
  static let summary = "record a payment from a script: spendly log-payment --amount 420 --merchant Social --yes"
  static let help = """
    usage: spendly log-payment --amount AMOUNT [--merchant TEXT] [--method NAME] [--category NAME]
                               [--note TEXT] [--date DATE] [--time HH:MM] [--currency CODE] [--yes]

    Records one expense for an automation. The amount is required and must be positive.
    The category and method not given are inferred as phrases infer them: what was last
    used with the merchant, else the defaults. A category of the income side is dropped
    (the draft says so). Prints the saved line (--json: the saved transaction).
    On a terminal the draft is confirmed with save? [Y/e/n]; elsewhere --yes is required.
    """
  static let examples = [
    "spendly log-payment --amount 420 --merchant Social --yes",
    "spendly --json log-payment --amount 1,250.50 --merchant Zara --method card --yes",
  ]
  static let specs: [Option] = [
    .value("amount", "AMOUNT", .amount, "positive, as phrases write it: 420, 1,250.50, 1.5k"),
    .value("merchant", "TEXT", .merchant, "where it was spent"),
    .value("method", "NAME", .method, "a payment method (gpay is UPI)"),
    .value("category", "NAME", .categoryOf(.expense), "an expense category"),
    .value("note", "TEXT", .text, "free text"),
    .value("date", "DATE", .date, "2026-11-29, yesterday (default: today, at the current time)"),
    .value("time", "HH:MM", .time, "24-hour time"),
    .value("currency", "CODE", .currency, "INR, USD, EUR, ..."),
    .flag("yes", "save without asking", short: "y"),
  ]
  static let optionColumn: Int? = FieldOptions.column

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    guard let amount = arguments["amount"], !amount.trimmingSpaces().isEmpty else {
      throw .usage("log-payment needs --amount, a positive amount: spendly log-payment --amount 420 --yes")
    }
    let parser = try context.phraseParser()
    var draft = try context.draft("", parser: parser)
    draft.time = context.now.time
    var values: [String: String] = ["kind": Kind.expense.rawValue, "amount": amount]
    for name in ["merchant", "method", "category", "note", "date", "time", "currency"] {
      if let value = arguments[name] { values[name] = value }
    }
    try Capture.apply(values, to: &draft, parser: parser, context: context)
    return try Capture.finish(&draft, parser: parser, yes: arguments.has("yes"), context: context, source: "payment")
  }
}
