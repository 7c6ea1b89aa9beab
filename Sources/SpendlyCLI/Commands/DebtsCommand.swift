import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly debts`: loans, cards and other debts; amortization schedules and payoff plans.
struct DebtsCommand: Command {
  static let readsAmounts = true
  static let name = "debts"
  static let aliases = ["debt", "loans"]
  static let summary = "debts: balances and due dates, debts schedule NAME, debts plan --budget 40000"
  static let help = """
    usage: spendly debts [--json]                 each balance today, APR, minimum, next due date
           spendly debts add NAME --balance 5,00,000 --apr 9.5 (--min 12000 | --min-percent 5
                          --min-floor 500 | --term 60) --due-day 31 [--kind loan|card|other]
                          [--currency C] [--start DATE]
           spendly debts schedule NAME [--json]   the amortization table of a loan with a term
           spendly debts plan --budget 40000 [--strategy avalanche|snowball] [--json]
           spendly debts pay NAME AMOUNT [PHRASE...]   an expense in Debt (or the category named)
           spendly debts edit NAME --FIELD VALUE   the options of add, and --name
           spendly debts remove NAME

    The due day is clamped to each month's length (31 is 28 or 29 Feb, 30 Apr). A month's
    interest is balance × APR / 12 / 100, rounded half away from zero, posted on the due date.
    A term makes the minimum the amortized payment. The balance today is the starting
    balance with its interest, less the payments ('undo' of a payment restores it).
    The plan starts next month; avalanche pays the highest APR first, snowball the smallest
    balance. Without --strategy both are shown, with the interest the better one saves.
    Asked at the prompt: 'total debt', 'when will i be debt free' (the last plan's budget).
    """
  static let examples = [
    "spendly debts add \"Home loan\" --balance 5,00,000 --apr 9.5 --term 60 --due-day 31",
    "spendly debts plan --budget 40000",
  ]
  static let addOptions: [Option] = [
    .value("balance", "AMOUNT", .amount, "what is owed on --start"),
    .value("apr", "PERCENT", .decimal, "the yearly interest rate in percent"),
    .value("min", "AMOUNT", .amount, "the minimum payment a month"),
    .value("min-percent", "PERCENT", .decimal, "the minimum as a percent of the balance"),
    .value("min-floor", "AMOUNT", .amount, "the least minimum, with --min-percent"),
    .value("due-day", "DAY", .number(1...31), "the day of the month it is due (clamped to the month)"),
    .value("term", "MONTHS", .number(DebtsCommand.terms), "months to pay it off: the minimum is the amortized payment"),
    .value("kind", "KIND", .choice(Debt.Kind.allCases.map(\.rawValue)), "loan (the default), card or other"),
    .value("currency", "CODE", .currency, "its currency (default: the default currency)"),
    .value("start", "DATE", .date, "the day of the balance (default: today)"),
  ]
  static let subcommands = [
    Subcommand(
      "add", summary: "a loan, card or other debt: its balance, rate, minimum and due day", options: addOptions),
    Subcommand("list", summary: "each debt's balance today, APR, minimum and next due date"),
    Subcommand("schedule", summary: "the amortization table of a loan with a term"),
    Subcommand(
      "plan", summary: "a month-by-month payoff plan for all debts on one budget (avalanche or snowball)",
      options: [
        .value("budget", "AMOUNT", .amount, "what goes to the debts each month (remembered)"),
        .value("strategy", "NAME", .choice(["avalanche", "snowball"]), "avalanche or snowball (default: both)"),
      ]),
    Subcommand(
      "pay", summary: "record a payment: an expense in Debt that lowers the balance",
      options: [.flag("yes", "save without asking", short: "y")]),
    Subcommand(
      "edit", summary: "change a debt's figures or name (one undoable change)",
      options: addOptions.map { $0.name == "term" ? .value("term", "MONTHS", .text, "months, or none") : $0 }
        + [.value("name", "NAME", .text, "a new name")]),
    Subcommand("remove", summary: "forget a debt; its payments stay as expenses"),
  ]
  static let specs = Option.union(subcommands.map(\.options))
  static let defaultSubcommand: String? = "list"

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var words = arguments.positional
    let action = words.first?.lowercased() ?? "list"
    if !words.isEmpty { words.removeFirst() }
    switch action {
    case "list": return try list(context)
    case "add": return try add(words, arguments, context)
    case "plan": return try plan(arguments, context)
    default:
      guard actions.contains(action) else {
        throw .usage("debts: unknown action \(Render.quoted(action)) (\(actions.joined(separator: ", ")))")
      }
      guard !words.isEmpty else { throw .usage("debts \(action): name the debt (see: spendly debts)") }
      // The name may be several words, quoted or not: the longest run of words that names a debt.
      let (debt, count) = try named(words, context)
      let rest = Array(words.dropFirst(count))
      if action != "pay", !rest.isEmpty {
        throw .usage("debts \(action): \(Render.quoted(rest.joined(separator: " "))) after the name is not understood")
      }
      switch action {
      case "schedule": return try schedule(debt, context)
      case "pay": return try pay(debt, rest, context)
      case "edit": return try edit(debt, arguments, context)
      default:
        try reporting { try context.store().debts.remove(debt) }
        return .lines(["removed debt \(Render.safe(debt.name)) (its payments stay; 'undo' brings it back)"])
      }
    }
  }

  /// The debt the first words name and how many words name it: the longest run that is a
  /// debt's name (any case), else the longest that begins one name or a word of it
  /// ("hdfc" of "HDFC card"); a run several debts answer to lists them.
  static func named(_ words: [String], _ context: Context) throws(CLIError) -> (Debt, Int) {
    let debts = try reporting { try context.store().debts.all() }
    let names = debts.map(\.name)
    let runs = (1...words.count).reversed().map { (words.prefix($0).joined(separator: " "), $0) }
    for (text, count) in runs {
      if let name = NameMatch.exact(text, among: names), let debt = debts.first(where: { $0.name == name }) {
        return (debt, count)
      }
    }
    for (text, count) in runs {
      let found = NameMatch.candidates(text, among: names)
      if found.count == 1, let debt = debts.first(where: { $0.name == found[0] }) { return (debt, count) }
      if found.count > 1 {
        throw .data(
          "'\(Render.safe(text))' could be \(found.map(Render.safe).joined(separator: " or ")): say which (see: spendly debts)"
        )
      }
    }
    return (try existing(words[0], context), 1)
  }

  static func list(_ context: Context) throws(CLIError) -> Rendered { try DebtPlanning.listed(context) }

  // MARK: Add and edit

  static func add(_ words: [String], _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    guard !words.isEmpty else {
      throw .usage("debts add: give a name, like: debts add \"Home loan\" --balance 5,00,000 ...")
    }
    let name = words.joined(separator: " ")
    guard let balanceText = arguments["balance"] else { throw .usage("debts add: --balance is needed") }
    guard let apr = try arguments.decimal("apr") else {
      throw .usage("debts add: --apr is needed (the yearly rate in percent)")
    }
    guard let dueDay = try arguments.number("due-day") else { throw .usage("debts add: --due-day is needed (1 to 31)") }
    let currency = try MoneyOptions.currency(arguments, context)
    let balance = try MoneyOptions.amount(balanceText, "balance", currency, context)
    var debt = Debt(
      id: 0, name: name, kind: try kind(arguments["kind"] ?? "loan"), balance: balance,
      start: try arguments.date("start", context: context) ?? context.today,
      apr: apr, minimum: .fixed(0), dueDay: dueDay)
    debt.term = try term(arguments)
    if debt.term != nil, arguments["min"] != nil || arguments["min-percent"] != nil {
      throw .usage("debts add: --term makes the minimum the amortized payment; give --min or --term, not both")
    }
    debt.minimum =
      try minimum(arguments, currency: balance.currency, context: context, required: debt.term == nil) ?? .fixed(0)
    let saved = try reporting { try context.store().debts.add(debt) }
    return .lines([
      "added debt \(Render.safe(saved.name)) \(DebtView.money(saved.balance.minorUnits, saved.balance.currency)) at \(saved.apr)% · minimum \(DebtView.minimum(saved)) · due day \(saved.dueDay)"
    ])
  }

  static func edit(_ debt: Debt, _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var changed = debt
    var fields: [DebtField] = []
    if let name = arguments["name"] {
      changed.name = name
      fields.append(.name)
    }
    if let text = arguments["balance"] {
      changed.balance = try MoneyOptions.amount(text, "balance", debt.balance.currency, context)
      fields.append(.balance)
    }
    if let apr = try arguments.decimal("apr") {
      changed.apr = apr
      fields.append(.apr)
    }
    if let day = try arguments.number("due-day") {
      changed.dueDay = day
      fields.append(.dueDay)
    }
    if let text = arguments["term"] {
      changed.term = text.lowercased() == "none" ? nil : try term(arguments)
      fields.append(.term)
    }
    if let text = arguments["kind"] {
      changed.kind = try kind(text)
      fields.append(.kind)
    }
    if arguments["start"] != nil {
      changed.start = try arguments.date("start", context: context) ?? debt.start
      fields.append(.start)
    }
    if changed.term != nil, arguments["min"] != nil || arguments["min-percent"] != nil {
      throw .usage(
        "debts edit: \(Render.safe(debt.name)) has a term, which makes its minimum the amortized payment; give --term none with --min"
      )
    }
    if let minimum = try minimum(arguments, currency: debt.balance.currency, context: context, required: false) {
      changed.minimum = minimum
      fields.append(.minimum)
    }
    if arguments["currency"] != nil { throw .usage("debts edit: the currency stays; remove the debt and add it again") }
    guard !fields.isEmpty else { throw .usage("debts edit: give an option to change (see: spendly debts --help)") }
    guard changed != debt else { return .lines(["\(Render.safe(debt.name)) unchanged: it already has those values"]) }
    if changed.term == nil, case .fixed(let amount) = changed.minimum, amount <= 0 {
      throw .usage("debts edit: without a term the debt needs --min or --min-percent")
    }
    try reporting { try context.store().debts.edit(changed, fields: fields) }
    let changes = fields.map {
      FieldChange(field: $0.rawValue, before: $0.value(of: debt), after: $0.value(of: changed))
    }
    return .lines([Render.safe(ChangeWords.text(.debtEdited(id: debt.id, name: debt.name, changes: changes)))])
  }

  // MARK: Schedule, plan, pay

  static func schedule(_ debt: Debt, _ context: Context) throws(CLIError) -> Rendered {
    guard let term = debt.term else {
      throw .data(
        "debts schedule: \(Render.safe(debt.name)) has no term (debts edit '\(Render.safe(debt.name))' --term 60), or see 'debts plan'"
      )
    }
    let rows = try exact { () throws(FigureTooLarge) in try Amortization.schedule(debt, months: term) }
    return try DebtView.schedule(debt, rows: rows, output: context.output)
  }

  static func plan(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let budget: Money
    if let text = arguments["budget"] {
      let currency = arguments["currency"] == nil ? nil : try MoneyOptions.currency(arguments, context)
      budget = try DebtPlanning.budget(text, currency: currency, context: context)
    } else {
      guard let remembered = try DebtPlanning.remembered(context) else {
        throw .usage("debts plan: give the monthly budget, like: debts plan --budget 40000")
      }
      budget = remembered
    }
    var strategies: [PayoffPlan.Strategy] = [.avalanche, .snowball]
    if let text = arguments["strategy"] {
      guard let strategy = PayoffPlan.Strategy(rawValue: text.lowercased()) else {
        throw .usage("--strategy \(Render.quoted(text)): avalanche or snowball")
      }
      strategies = [strategy]
    }
    // Remembered for "when will i be debt free": a setting in the database, through the change log.
    return try DebtPlanning.rendered(
      budget: budget, strategies: strategies, remember: arguments["budget"] != nil, context: context)
  }

  static func pay(_ debt: Debt, _ words: [String], _ context: Context) throws(CLIError) -> Rendered {
    guard let first = words.first else {
      throw .usage("debts pay: give the amount, like: debts pay '\(Render.safe(debt.name))' 12000")
    }
    let parser = try context.phraseParser()
    let amount = try MoneyOptions.amount(first, "amount", debt.balance.currency, context)
    guard amount.currency == debt.balance.currency else {
      throw .data("amount: \(Render.safe(debt.name)) is in \(debt.balance.currency.code), not \(amount.currency.code)")
    }
    var draft = try context.draft(([first] + words.dropFirst()).joined(separator: " "), parser: parser)
    draft.amount = amount
    draft.currency = amount.currency
    draft.kind = .expense
    let typedCategory = draft.category != nil && !draft.inferred.contains(.category)
    if !typedCategory {
      guard let debtCategory = parser.catalog.category(named: "Debt"), debtCategory.side == .expense else {
        throw .data(
          "debts pay: 'Debt' is no expense category here; name one, like: debts pay '\(Render.safe(debt.name))' \(first) bills"
        )
      }
      draft.category = debtCategory.name
    }
    if draft.merchant == nil { draft.merchant = debt.name }
    draft.missing = []
    guard var fields = draft.fields else { throw .data("amount: missing") }
    fields.debtID = debt.id
    let notice = BudgetNotice(before: fields, context: context)
    let fact = ChangeFact.debtPaid(id: debt.id, name: debt.name, amount: MoneyFact(amount))
    let summary = ChangeWords.text(fact)
    let result = try reporting {
      try context.store().transactions.apply(action: .payDebt, [.add(fields)], fact: fact)
    }
    let payments = try reporting { try context.store().debts.payments() }
    // A payment dated after today lowers the balance from its day: that day's balance is said.
    let day = max(fields.date, context.today)
    let left: Money
    do {
      left = try debt.balance(on: day, payments: payments[debt.id] ?? [])
    } catch {
      throw .data(Render.safe(error.message))
    }
    let budgets = notice.after(context)
    var line =
      "saved #\(result.transactionIDs[0]) · \(Render.safe(summary))"
      + " · balance \(day > context.today ? "on \(day.readable) " : "")\(DebtView.money(left.minorUnits, left.currency))"
    if let words = budgets.words { line += " · " + words }
    return .lines([line] + budgets.lines)
  }
}

extension DebtsCommand {
  /// `debts`, `debts schedule` and `debts plan` (without --budget) read; the rest write.
  static func storeUse(_ arguments: Arguments) -> StoreUse {
    let action = arguments.positional.first?.lowercased()
    if [nil, "list", "schedule"].contains(action) { return .read }
    // A plan with --budget remembers it (a setting); one without only reads.
    if action == "plan" { return arguments["budget"] == nil ? .read : .writeOrRead }
    return .write
  }
}
