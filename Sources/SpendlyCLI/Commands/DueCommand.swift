import SpendlyApp
import SpendlyCore
import SpendlyStore

/// `spendly due`: the occurrences up to today whose billing period has no logged charge.
struct DueCommand: Command {
  static let name = "due"
  static let summary = "recurring charges and income not yet logged; due --log records them"
  static let help = """
    usage: spendly due [--json]           every unlogged occurrence up to today, oldest first
           spendly due --log [--yes]      log them all as one change ('undo' takes it back)

    A billing period runs from one occurrence up to the next; it counts as logged when any
    transaction linked to the schedule falls in it, on whatever day. An entry typed by hand
    that matches a due schedule ('netflix 649 cc') is offered as that period's charge.
    """
  static let examples = ["spendly due", "spendly due --log"]
  static let specs: [Option] = [
    .flag("log", "log every unlogged occurrence, as one change"),
    .flag("yes", "log them without asking", short: "y"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    let today = context.today
    let logging = DueLogging(session: context.session)
    let items = try reporting { try logging.due() }
    guard arguments.has("log") else { return RecurringView.due(items, context) }
    guard !items.isEmpty else {
      return .lines(
        ["  nothing due: nothing logged"],
        json: JSON(DueLoggedJSON(summary: "nothing due", transactions: [], logged: [])))
    }
    if !arguments.has("yes") && !context.assumeYes {
      guard context.interactive else { throw .usage("not on a terminal: add --yes to log without asking") }
      for line in RecurringView.occurrenceLines(items, today: today, output: context.output) {
        context.output.line(line)
      }
      // The one confirmation dialogue: asked again until answered, as save? is.
      let dialogue = ConfirmDialogue(
        context: context, input: shellInput(interactive: true, databasePath: context.databasePath))
      defer { dialogue.input.close() }
      let question = "log \(items.count) charge\(items.count == 1 ? "" : "s")?"
      guard dialogue.yes(question, explain: "y logs them, n does not") else { return .lines(["  nothing logged"]) }
    }
    let logged = try reporting { try logging.log(items) }
    let (summary, ids) = (ChangeWords.text(logged.fact), logged.transactionIDs)
    let range = ids.count == 1 ? "#\(ids[0])" : "#\(ids.first!)…#\(ids.last!)"
    var lines = ["  " + Render.safe(summary) + " (\(range))"]
    lines += BudgetNotice.words(logged.budgets, single: false, context: context).lines.map { "  " + $0 }
    return .lines(
      lines,
      json: JSON(
        DueLoggedJSON(summary: summary, transactions: ids, logged: items.map { OccurrenceJSON($0.0, $0.1) })))
  }
}

extension RecurringView {
  /// The occurrences due and not logged, oldest first: `due`, and "what's due".
  static func due(_ items: [(Schedule, LocalDate)], _ context: Context) -> Rendered {
    let json = JSON(DueJSON(due: items.map { OccurrenceJSON($0.0, $0.1) }))
    guard !items.isEmpty else { return .lines(["  nothing due"], json: json) }
    var lines = ["  \(items.count) due, oldest first:"]
    lines += occurrenceLines(items, today: context.today, output: context.output)
    lines.append(context.output.style("  'due --log' records them as one change; 'recurring skip ID' skips one", .dim))
    return .lines(lines, json: json)
  }
}

/// `due --log --json`: the change in words, the transactions logged and the occurrences they are.
struct DueLoggedJSON: Encodable {
  let summary: String
  let transactions: [Int64]
  let logged: [OccurrenceJSON]
}

/// `due --json`: the occurrences due and not logged, oldest first.
struct DueJSON: Encodable {
  let due: [OccurrenceJSON]
}
