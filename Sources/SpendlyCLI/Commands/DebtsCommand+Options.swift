import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The options of `debts add` and `debts edit`, each read with a one-line error naming it.
extension DebtsCommand {
  static func existing(_ name: String, _ context: Context) throws(CLIError) -> Debt {
    guard let debt = try reporting({ try context.store().debts.debt(named: name) }) else {
      throw .data("no debt named \(Render.quoted(name)) (see: spendly debts)")
    }
    return debt
  }

  /// The months a term may have.
  static let terms = 1...1200

  /// `--term MONTHS` (`debts edit` declares it as text, for `none`), in `terms`.
  static func term(_ arguments: Arguments) throws(CLIError) -> Int? {
    try arguments.number("term", range: terms)
  }

  static func kind(_ text: String) throws(CLIError) -> Debt.Kind {
    let lowered = text.lowercased()
    guard let kind = Debt.Kind(rawValue: lowered == "credit-card" || lowered == "credit card" ? "card" : lowered) else {
      throw .data("kind \(Render.quoted(text)): loan, card or other")
    }
    return kind
  }

  /// --min, or --min-percent with --min-floor; nil when none is given (and not `required`).
  static func minimum(_ arguments: Arguments, currency: Currency, context: Context, required: Bool) throws(CLIError)
    -> MinimumPayment?
  {
    if let text = arguments["min"] {
      if arguments["min-percent"] != nil { throw .usage("debts: --min or --min-percent, not both") }
      if arguments["min-floor"] != nil { throw .usage("debts: --min-floor goes with --min-percent, not --min") }
      return .fixed(try MoneyOptions.amount(text, "min", currency, context).minorUnits)
    }
    if let percent = try arguments.decimal("min-percent") {
      let floor =
        try arguments["min-floor"].map { text throws(CLIError) in
          try MoneyOptions.amount(text, "min-floor", currency, context).minorUnits
        } ?? 0
      return .percent(percent, floor: floor)
    }
    if arguments["min-floor"] != nil { throw .usage("debts: --min-floor goes with --min-percent") }
    if required { throw .usage("debts add: give --min AMOUNT, --min-percent P [--min-floor F], or --term MONTHS") }
    return nil
  }
}
