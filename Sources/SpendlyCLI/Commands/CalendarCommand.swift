import SpendlyCore
import SpendlyParse
import SpendlyStore

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
    return try RecurringView.calendar(month, context)
  }
}

extension RecurringView {
  /// A month's grid with the days its schedules fall on: `calendar MONTH`, and 'calendar next month'.
  static func calendar(_ month: YearMonth, _ context: Context) throws(CLIError) -> Rendered {
    let today = context.today
    guard SupportedDates.contains(month) else { throw .data(SupportedDates.refusal("calendar", month.description)) }
    let schedules = try reporting { try context.store().schedules.all() }
    let items = schedules.filter { !$0.isPaused }
      .flatMap { schedule in schedule.occurrences(from: month.firstDay, to: month.lastDay).map { (schedule, $0) } }
      .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
    let marked = Set(items.map(\.1.day))
    let weekStart = context.weekStart
    let json = JSON(CalendarJSON(month: month.description, occurrences: items.map(OccurrenceJSON.init)))
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

/// `calendar --json`: the month and the dates its schedules fall on.
struct CalendarJSON: Encodable {
  let month: String
  let occurrences: [OccurrenceJSON]
}
