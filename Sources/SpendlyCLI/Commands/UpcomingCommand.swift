import SpendlyApp
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
    let report: UpcomingReport
    do {
      report = try UpcomingReport(days: days, in: context.session)
    } catch {
      switch error {
      case .beyondSupportedDates(let last):
        throw .data(SupportedDates.refusal("upcoming \(days) days ends on", last.description))
      case .store(let error): throw error.cli
      case .tooLarge(let figure): throw .data(Render.safe(figure.message))
      }
    }
    return upcoming(report, output: context.output)
  }

  /// The coming days as text and as JSON, from their report.
  static func upcoming(_ report: UpcomingReport, output: Output) -> Rendered {
    let (days, today, last) = (report.days, report.today, report.to)
    let items = report.occurrences.map { ($0.schedule, $0.date) }
    let json = JSON(
      UpcomingJSON(
        from: report.from.description, to: last.description, occurrences: items.map(OccurrenceJSON.init),
        totals: report.totals.map { total in
          UpcomingJSON.Total(
            currency: total.currency.code, income: MoneyFigure(total.income, total.currency),
            expenses: MoneyFigure(total.expenses, total.currency), net: MoneyFigure(total.net.minorUnits, total.currency))
        }))
    guard !items.isEmpty else { return .lines(["  nothing recurring in the next \(days) days"], json: json) }
    var lines = [output.style("  Next \(days) days (to \(last.readable))", .bold)]
    lines += RecurringView.occurrenceLines(items, today: today, output: output)
    for total in report.totals {
      let currency = total.currency
      lines.append(
        "  \(currency.code): income \(MoneyFormat.string(Money(minorUnits: total.income, currency: currency))) · charges \(MoneyFormat.string(Money(minorUnits: total.expenses, currency: currency))) · net \(MoneyFormat.string(total.net, signed: true))"
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
