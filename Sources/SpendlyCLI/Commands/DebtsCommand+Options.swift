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

  static func rate(_ text: String, _ field: String) throws(CLIError) -> DecimalNumber {
    guard let rate = DecimalNumber(text: text.hasSuffix("%") ? String(text.dropLast()) : text) else {
      throw .data("\(field) \(Render.quoted(text)): expected a percent like 9.5")
    }
    return rate
  }

  static func dueDay(_ text: String) throws(CLIError) -> Int {
    guard let day = Int(text), (1...31).contains(day) else {
      throw .data("due-day \(Render.quoted(text)): expected 1 to 31")
    }
    return day
  }

  static func term(_ text: String) throws(CLIError) -> Int {
    guard let months = Int(text), (1...1200).contains(months) else {
      throw .data("term \(Render.quoted(text)): expected a number of months, 1 to 1200")
    }
    return months
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
    if let text = arguments["min-percent"] {
      let floor =
        try arguments["min-floor"].map { text throws(CLIError) in
          try MoneyOptions.amount(text, "min-floor", currency, context).minorUnits
        } ?? 0
      return .percent(try rate(text, "min-percent"), floor: floor)
    }
    if arguments["min-floor"] != nil { throw .usage("debts: --min-floor goes with --min-percent") }
    if required { throw .usage("debts add: give --min AMOUNT, --min-percent P [--min-floor F], or --term MONTHS") }
    return nil
  }
}
