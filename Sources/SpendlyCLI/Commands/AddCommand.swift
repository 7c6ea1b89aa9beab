import SpendlyCore
import SpendlyStore

/// `spendly add`: record a transaction from a phrase or from field options.
struct AddCommand: Command {
  static let name = "add"
  static let summary = "record a transaction: spendly add 420 upi food lunch at Social"
  static let help = """
    usage: spendly add [PHRASE...] [--FIELD VALUE...] [--yes]

    Records one transaction. Field options override what the phrase says.
    On a terminal the draft is shown and Enter saves; elsewhere --yes is required.

    options:
    \(FieldOptions.help)
      -y, --yes           save without asking

    examples:
      spendly add --amount 420 --category Food --method UPI --merchant Social --yes
      spendly add --amount 150000 --kind income --category Salary --date 2026-11-01 --yes
    """
  static let specs = FieldOptions.specs + [.init("yes", value: false, short: "y")]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) {
    let store = try context.store()
    let fields = try draftFields(arguments, context, store: store)
    try confirmAndSave(fields, arguments: arguments, context: context, store: store)
  }

  static func draftFields(_ arguments: Arguments, _ context: Context, store: TransactionStore) throws(CLIError)
    -> TransactionFields
  {
    if !arguments.positional.isEmpty {
      throw .usage("phrase entry is not available yet; use --amount and the other field options")
    }
    guard arguments["amount"] != nil else { throw .data("amount: missing (give --amount, like --amount 420)") }
    let now = context.now
    do {
      let kind = Kind(rawValue: arguments["kind"]?.lowercased() ?? "expense") ?? .expense
      var fields = TransactionFields(
        kind: kind, amount: Money(minorUnits: 1, currency: try store.defaultCurrency()),
        category: Category.fallback(for: kind), method: try store.setting("default_method") ?? "Cash",
        date: now.date, time: now.time)
      let dateGiven = arguments["date"] != nil
      try FieldOptions.apply(arguments, to: &fields, today: now.date)
      if dateGiven && arguments["time"] == nil { fields.time = nil }
      return fields
    } catch let error as StoreError {
      throw error.cli
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError(.software, "\(error)")
    }
  }

  /// Shows the draft and saves it when confirmed (or with --yes). Not on a terminal, --yes is required.
  static func confirmAndSave(
    _ fields: TransactionFields, arguments: Arguments, context: Context, store: TransactionStore
  ) throws(CLIError) {
    if !arguments.has("yes") {
      guard context.interactive else {
        throw .usage("not on a terminal: add --yes to save without asking")
      }
      context.output.line(draftLine(fields, today: context.today))
      context.output.prompt("  save? [Y/n] ")
      let answer = readLine()?.lowercased() ?? "n"
      guard answer.isEmpty || answer == "y" || answer == "yes" else {
        context.output.line("  discarded")
        return
      }
    }
    let saved: Transaction
    do {
      saved = try store.add(fields)
    } catch {
      throw error.cli
    }
    report(saved, context: context)
  }

  static func report(_ saved: Transaction, context: Context) {
    if context.json {
      context.output.line(Render.json(saved).rendered())
    } else {
      context.output.line("saved #\(saved.id) · \(Render.amount(saved.fields)) \(saved.fields.category)")
    }
  }

  /// `expense  ₹420.00  UPI  Food  Social  "lunch"  today 13:05`
  static func draftLine(_ fields: TransactionFields, today: LocalDate) -> String {
    var parts = [fields.kind.rawValue, MoneyFormat.string(fields.amount), fields.method, fields.category]
    if let merchant = fields.merchant { parts.append(Render.safe(merchant)) }
    if let note = fields.note { parts.append("\"\(Render.safe(note))\"") }
    parts.append(dayWord(fields.date, today: today) + (fields.time.map { " \($0)" } ?? ""))
    return "  " + parts.joined(separator: "  ")
  }

  static func dayWord(_ date: LocalDate, today: LocalDate) -> String {
    if date == today { return "today" }
    if date == today.adding(days: -1) { return "yesterday" }
    return date.description
  }
}
