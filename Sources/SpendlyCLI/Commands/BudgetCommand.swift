import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly budget`: monthly budgets, overall and per category; set, clear and show them.
struct BudgetCommand: Command {
  static let readsAmounts = true
  static let name = "budget"
  static let aliases = ["budgets"]
  static let summary = "monthly budgets: budget set food 8000, budget, budget food this year"
  static let help = """
    usage: spendly budget [CATEGORY] [PERIOD] [--month YYYY-MM] [--json]
           spendly budget set [CATEGORY] AMOUNT [--month YYYY-MM | --from YYYY-MM]
                              [--currency CODE] [--rollover | --no-rollover]
           spendly budget clear [CATEGORY] [--month YYYY-MM | --from YYYY-MM] [--currency CODE]

    Without a category the budget is the overall one (all expenses). A budget applies from
    this month on until changed; --from sets it from that month on, --month for that month
    only (an override). Amounts read as in phrases (8k, ₹8,000, $300, 1.2L), in the default
    currency unless a symbol or --currency says otherwise; expenses in other currencies
    never count against it.

    With --rollover a month's unspent amount (or its overspend) carries into the next
    month's limit, for as long as both months' budgets roll over.

    Every save of an expense shows its budgets; a save that passes 80% or the limit says so.
    At the shell: 'budget food 8000' sets, 'budget' and 'how much is left for food' show.

    examples:
      spendly budget set 40000
      spendly budget set food 8k --rollover
      spendly budget set travel $300 --month 2026-12
      spendly budget clear food --from 2027-01
      spendly budget
      spendly budget --month 2026-11 --json
      spendly budget food this year
    """
  static let periodOptions: [Option] = [
    .value("month", "YYYY-MM", .month, "that month only (shown, or an override)"),
    .value("from", "YYYY-MM", .month, "from that month on"),
    .value("currency", "CODE", .currency, "the budget's currency (default: the default currency)"),
  ]

  /// The actions named by their word; `budget food 8000` sets and `budget` shows, and those
  /// check their options themselves (`show`).
  static let subcommands = [
    Subcommand(
      "set", summary: "a monthly budget, overall or for a category, from a month on or for one month",
      options: periodOptions + [
        .flag("rollover", "carry a month's unspent amount (or overspend) into the next"),
        .flag("no-rollover", "stop carrying it"),
      ]),
    Subcommand(
      "clear", aliases: ["remove"], summary: "end a budget from a month on, or take away one month's override",
      options: periodOptions),
  ]
  static let specs = Option.union(subcommands.map(\.options))
  /// Tab offers an expense category after the action (`budget set food`).
  static let argumentValues: ArgumentValues? = .after(
    subcommands.flatMap { [$0.name] + $0.aliases }.map { ArgumentWord($0, .sequence([.categoryOf(.expense)])) })

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var words = arguments.positional
    switch words.first?.lowercased() {
    case "set"?:
      words.removeFirst()
      return try set(words, arguments, context)
    case "clear"?, "remove"?:
      words.removeFirst()
      return try clear(words, arguments, context)
    default:
      if words.isEmpty { return try show(nil, arguments, context) }
      // "budget food 8000", "budget 40k" set; "budget last month", "budget food this year" ask.
      if let query = try? context.queryParser().parse("budget " + words.joined(separator: " "), now: context.now),
        !query.readBareYear
      {
        return try show(query, arguments, context)
      }
      let parser = try context.phraseParser()
      if words.contains(where: { (try? parser.amount($0, currency: .inr)) != nil }) {
        return try set(words, arguments, context)
      }
      return try show(try context.query("budget " + words.joined(separator: " ")), arguments, context)
    }
  }

  // MARK: Show

  static func show(_ query: Query?, _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var query = query ?? Query()
    query.action = .budget
    if let month = try arguments.month("month") {
      guard query.period == nil else { throw .usage("budget: give a period in words or --month, not both") }
      query.period = month.period
    }
    if arguments["from"] != nil || arguments.has("rollover") || arguments["currency"] != nil {
      throw .usage("budget: --from, --currency and --rollover go with 'budget set' (see: spendly budget --help)")
    }
    return try Answers(context: context).answer(query)
  }

  // MARK: Set and clear

  static func set(_ words: [String], _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    // At the prompt the flags read as words too: "budget food 8k rollover".
    let flagWords = ["rollover", "no-rollover"]
    let saidRollover = words.contains { $0.lowercased() == "rollover" }
    let saidNoRollover = words.contains { $0.lowercased() == "no-rollover" }
    let words = words.filter { !flagWords.contains($0.lowercased()) }
    guard !words.isEmpty else { throw .usage("budget set: give an amount, like: budget set food 8000") }
    let (category, amount) = try target(
      words, context: context, currency: try MoneyOptions.currency(arguments, context))
    guard let amount else { throw .usage("budget set: give an amount, like: budget set food 8000") }
    if arguments.has("rollover") && arguments.has("no-rollover") {
      throw .usage("budget set: --rollover or --no-rollover, not both")
    }
    let rollover: Bool? =
      arguments.has("rollover") || saidRollover ? true : arguments.has("no-rollover") || saidNoRollover ? false : nil
    let (scope, month) = try scope(arguments, context)
    var request = BudgetSetting.Request(
      category: category, currency: amount.currency, limit: amount.minorUnits, scope: scope, month: month)
    request.rollover = rollover
    let change = try reporting { try BudgetSetting(session: context.session, request: request).run() }
    return .lines(
      [change.changed ? Render.safe(change.summary) : "unchanged: \(Render.safe(change.summary))"],
      json: JSON(BudgetChangeJSON(summary: change.summary, changed: change.changed)))
  }

  static func clear(_ words: [String], _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let currency = try MoneyOptions.currency(arguments, context)
    let (category, amount) = try target(words, context: context, currency: currency, settingAmount: false)
    if amount != nil { throw .usage("budget clear: no amount, just the category (or none for overall)") }
    if arguments.has("rollover") || arguments.has("no-rollover") {
      throw .usage("budget clear: --rollover goes with 'budget set'")
    }
    let (scope, month) = try scope(arguments, context)
    let request = BudgetSetting.Request(category: category, currency: currency, limit: nil, scope: scope, month: month)
    let change = try reporting { try BudgetSetting(session: context.session, request: request).run() }
    guard change.changed else {
      let whose = category ?? "overall"
      return .lines([
        "\(Render.safe(whose)) has no budget in \(currency.code) \(scope == .month ? "for" : "from") \(month.readable): nothing to clear"
      ])
    }
    return .lines(
      [Render.safe(change.summary)], json: JSON(BudgetChangeJSON(summary: change.summary, changed: true)))
  }

  /// The category (nil: overall) and the amount the words name (see `BudgetSetting.target`).
  static func target(_ words: [String], context: Context, currency: Currency, settingAmount: Bool = true)
    throws(CLIError) -> (String?, Money?)
  {
    do {
      return try BudgetSetting.target(words, currency: currency, settingAmount: settingAmount, in: context.session)
    } catch {
      switch error {
      case .amount(let error): throw .data("budget: \(Render.safe(error.message))")
      case .notAnAmount(let number):
        throw .data("budget: \(Render.quoted(number)) is no amount above zero (like 8000, 8k, ₹8,000 or $300)")
      case .secondNumber(let stray): throw .data("budget: \(Render.quoted(stray)): give one amount")
      case .noCategory(let name): throw .data("budget: \(Render.quoted(name)) is no category (see: spendly categories)")
      case .incomeCategory(let name):
        throw .data("budget: \(Render.safe(name)) is an income category; budgets are for expenses")
      case .store(let error): throw error.cli
      }
    }
  }

  /// From this month on, or as --from and --month say.
  static func scope(_ arguments: Arguments, _ context: Context) throws(CLIError) -> (BudgetRule.Scope, YearMonth) {
    let only = try arguments.month("month")
    let from = try arguments.month("from")
    if only != nil && from != nil { throw .usage("budget: --month or --from, not both") }
    if let only { return (.month, only) }
    return (.from, from ?? YearMonth(context.today))
  }
}

extension BudgetCommand {
  /// `budget` alone and questions read; set and clear write (and `budget food 8000` may).
  static func storeUse(_ arguments: Arguments) -> StoreUse {
    let words = arguments.positional
    guard let first = words.first?.lowercased() else { return .read }
    if ["set", "clear", "remove"].contains(first) { return .write }
    return words.contains { $0.contains(where: \.isNumber) } ? .writeOrRead : .read
  }
}

/// `budget set|clear --json`: the change in words, and whether anything changed.
struct BudgetChangeJSON: Encodable {
  let summary: String
  let changed: Bool
}
