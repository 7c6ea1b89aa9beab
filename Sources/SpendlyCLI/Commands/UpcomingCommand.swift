import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly upcoming [N days]`: the charges and income of the next days, with totals.
struct UpcomingCommand: Command {
  static let name = "upcoming"
  static let summary = "recurring charges and income of the next 30 days (upcoming 60)"
  static let help =
    "usage: spendly upcoming [N [days]] [--json]\n\nFrom tomorrow; occurrences due already are in 'due'."
  static let examples = ["spendly upcoming"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let words = arguments.positional.map { $0.lowercased() }
    var days = 30
    if let first = words.first {
      guard let count = Int(first), (1...3660).contains(count),
        words.count == 1 || (words.count == 2 && ["day", "days"].contains(words[1]))
      else {
        throw .usage("upcoming: give a number of days, like: upcoming 60")
      }
      days = count
    }
    return try RecurringView.upcoming(days: days, context)
  }
}

extension RecurringView {
  /// What the next `days` days hold: `upcoming DAYS`, and a question whose period runs ahead.
  static func upcoming(days: Int, _ context: Context) throws(CLIError) -> Rendered {
    let today = context.today
    let last = today.adding(days: days)
    guard SupportedDates.contains(last) else {
      throw .data(SupportedDates.refusal("upcoming \(days) days ends on", last.description))
    }
    let schedules = try reporting { try context.store().schedules.all() }
    let items = schedules.filter { RecurringView.running($0, today: today) }
      .flatMap { schedule in schedule.occurrences(from: today.adding(days: 1), to: last).map { (schedule, $0) } }
      .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
    // Each currency's net, through `Money`: one that does not fit is an error naming it.
    let sums = try RecurringView.sums(items).map { (currency, income, expenses) throws(CLIError) in
      let net = try exact { () throws(FigureTooLarge) in
        try Money(minorUnits: income, currency: currency).subtracting(
          Money(minorUnits: expenses, currency: currency), or: FigureTooLarge(figure: "upcoming net in \(currency.code)"))
      }
      return (currency, income, expenses, net)
    }
    let json = JSON(
      UpcomingJSON(
        from: today.adding(days: 1).description, to: last.description, occurrences: items.map(OccurrenceJSON.init),
        totals: sums.map { currency, income, expenses, net in
          UpcomingJSON.Total(
            currency: currency.code, income: MoneyFigure(income, currency), expenses: MoneyFigure(expenses, currency),
            net: MoneyFigure(net.minorUnits, currency))
        }))
    guard !items.isEmpty else { return .lines(["  nothing recurring in the next \(days) days"], json: json) }
    var lines = [context.output.style("  Next \(days) days (to \(last.readable))", .bold)]
    lines += RecurringView.occurrenceLines(items, today: today, output: context.output)
    for (currency, income, expenses, net) in sums {
      lines.append(
        "  \(currency.code): income \(MoneyFormat.string(Money(minorUnits: income, currency: currency))) · charges \(MoneyFormat.string(Money(minorUnits: expenses, currency: currency))) · net \(MoneyFormat.string(net, signed: true))"
      )
    }
    return .lines(lines, json: json)
  }
}

/// `upcoming --json`: the occurrences of the coming days and, per currency, what they come to.
struct UpcomingJSON: Encodable {
  /// Income, expenses and their net in one currency.
  struct Total: Encodable {
    let currency: String
    let income: MoneyFigure
    let expenses: MoneyFigure
    let net: MoneyFigure
  }

  let from: String
  let to: String
  let occurrences: [OccurrenceJSON]
  let totals: [Total]
}
