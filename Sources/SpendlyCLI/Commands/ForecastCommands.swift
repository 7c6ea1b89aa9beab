import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly subscriptions`: expense schedules and what they cost a month and a year.
struct SubscriptionsCommand: Command {
  static let name = "subscriptions"
  static let aliases = ["subs"]
  static let summary = "what subscriptions cost a month and a year, and net recurring"
  static let help =
    "usage: spendly subscriptions [--json]\n\nAlso asked at the prompt: 'what do my subscriptions cost'."
  static let examples = ["spendly subscriptions", "spendly --json subscriptions"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    return try QueryCommand.answer("subscriptions", context: context)
  }
}

/// `spendly income sources`: income schedules and what they bring; `income …` else asks.
struct IncomeCommand: Command {
  static let name = "income"
  static let summary = "income sources (income schedules); 'income this month' asks"
  static let help = """
    usage: spendly income sources [--json]   income schedules: a month, a year, and net recurring
           spendly income [PERIOD]           the question: income this month, income 2025
    """
  static let examples = ["spendly income sources", "spendly income this month"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try QueryCommand.answer((["income"] + arguments.positional).joined(separator: " "), context: context)
  }
}

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
    let json = JSON.object([
      ("from", .string(today.adding(days: 1).description)), ("to", .string(last.description)),
      ("occurrences", .array(items.map { RecurringView.occurrenceJSON($0.0, $0.1) })),
      (
        "totals",
        .array(
          sums.map { currency, income, expenses, net in
            .object([
              ("currency", .string(currency.code)),
              ("income", .string(MoneyFormat.plain(income, exponent: currency.exponent))),
              ("income_minor", .int(income)),
              ("expenses", .string(MoneyFormat.plain(expenses, exponent: currency.exponent))),
              ("expenses_minor", .int(expenses)),
              ("net_minor", .int(net.minorUnits)),
            ])
          })
      ),
    ])
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

/// `spendly calendar [MONTH]`: a month grid marking the days with occurrences, then the list.
struct CalendarCommand: Command {
  static let name = "calendar"
  static let aliases = ["cal"]
  static let summary = "a month's grid of recurring charges and income (calendar 2027-01)"
  static let help = """
    usage: spendly calendar [MONTH] [--json]    MONTH: 2027-01, jan, next month (this month when none)

    The week starts on the 'week' setting's day (config week sunday).
    """
  static let examples = ["spendly calendar"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let today = context.today
    let text = arguments.positional.joined(separator: " ")
    var month = YearMonth(today)
    if let given = YearMonth(text: text) {
      month = given
    } else if !text.isEmpty {
      let query = try context.query(text)
      guard let period = query.period, query.filter == TransactionFilter() else {
        throw .usage("calendar: give a month, like 2027-01, 'jan' or 'next month'")
      }
      month = YearMonth(period.from)
      // "calendar jan" in December: the coming January (a year said keeps it).
      if month < YearMonth(today), !text.contains(where: \.isNumber), !text.lowercased().contains("last") {
        month = month.adding(months: 12)
      }
    }
    guard SupportedDates.contains(month) else { throw .data(SupportedDates.refusal("calendar", month.description)) }
    let schedules = try reporting { try context.store().schedules.all() }
    let items = schedules.filter { !$0.isPaused }
      .flatMap { schedule in schedule.occurrences(from: month.firstDay, to: month.lastDay).map { (schedule, $0) } }
      .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
    let marked = Set(items.map(\.1.day))
    let weekStart = context.weekStart
    let json = JSON.object([
      ("month", .string(month.description)),
      ("occurrences", .array(items.map { RecurringView.occurrenceJSON($0.0, $0.1) })),
    ])
    let output = context.output
    return Rendered(
      text: {
        var lines = [output.style("  \(month.readable)", .bold)]
        let names = (0..<7).map { String(LocalDate.weekdayAbbreviations[(weekStart + $0) % 7].prefix(2)) }
        lines.append(output.style("  " + names.map { " " + $0 + " " }.joined().dropLast(), .dim))
        var cells: [String] = Array(repeating: "    ", count: (month.firstDay.weekday - weekStart + 7) % 7)
        for day in 1...month.lastDay.day {
          let number = (day < 10 ? "  " : " ") + String(day)
          let isToday = LocalDate(year: month.year, month: month.month, day: day) == today
          var cell = marked.contains(day) ? output.style(number + "•", .cyan) : number + " "
          if isToday { cell = output.style(cell, .bold) }
          cells.append(cell)
        }
        while !cells.isEmpty {
          var row = "  " + cells.prefix(7).joined()
          while row.last == " " { row.removeLast() }
          lines.append(row)
          cells = Array(cells.dropFirst(7))
        }
        if items.isEmpty {
          lines.append("  nothing recurring in \(month.readable)")
        } else {
          lines.append("")
          lines += RecurringView.occurrenceLines(items, today: today, output: output)
        }
        return lines
      }, json: { json })
  }
}
