import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Schedules as answers: the list with next dates and monthly equivalents, what subscriptions
/// and income sources cost, what is due, what is coming, and a month's calendar.
enum RecurringView {
  static func money(_ money: Money) -> String { MoneyFormat.string(money) }

  /// "31 Jan", with the year when it is not this year's, or when it is half a year or more
  /// away (a "due 31 Jan" seen in November would read as the coming January).
  static func day(_ date: LocalDate, today: LocalDate) -> String {
    let base = "\(date.day) \(LocalDate.monthAbbreviations[date.month - 1])"
    let near = abs(date.daysSinceEpoch - today.daysSinceEpoch) < 183
    return date.year == today.year && near ? base : base + " \(date.year)"
  }

  /// Whether the schedule still runs on `today`: not paused, and an occurrence is left from
  /// today on (an end date after the last occurrence has ended it too).
  static func running(_ schedule: Schedule, today: LocalDate) -> Bool {
    RecurringReport.running(schedule, today: today)
  }

  static func state(_ schedule: Schedule, today: LocalDate) -> String {
    if schedule.isPaused { return "paused" }
    if !running(schedule, today: today) { return "ended" }
    if let end = schedule.end { return "until \(day(end, today: today))" }
    return ""
  }

  /// One schedule as `recurring --json` gives it.
  static func json(_ schedule: Schedule, today: LocalDate, linked: [LocalDate] = []) -> JSON {
    JSON(ScheduleJSON(schedule, today: today, linked: linked))
  }

  /// Every schedule: next date, amount, cadence and monthly equivalent.
  static func list(
    _ schedules: [Schedule], today: LocalDate, output: Output, linked: [Int64: [LocalDate]] = [:]
  ) -> Rendered {
    let document = JSON(
      JSONPairs([("schedules", schedules.map { ScheduleJSON($0, today: today, linked: linked[$0.id] ?? []) })]))
    guard !schedules.isEmpty else {
      return .lines(["  no schedules yet: try 'recurring add netflix 649 monthly from 31 jan cc'"], json: document)
    }
    var table = Table(
      headers: ["ID", "Name", "Amount", "Cadence", "Next", "Monthly", ""],
      alignments: [.right, .left, .right, .left, .left, .right, .left])
    for schedule in schedules {
      let amount = schedule.amount(on: today)
      let signed = MoneyFormat.signed(amount, kind: schedule.kind)
      let due = schedule.due(today: today, linked: linked[schedule.id] ?? [])
      // Today's date once it is logged is no longer next.
      let upcoming = schedule.upcoming(today: today, linked: linked[schedule.id] ?? []).map { day($0, today: today) }
      let next =
        !running(schedule, today: today)
        ? nil : due.first.map { output.style("due " + day($0, today: today), .yellow) } ?? upcoming
      table.add([
        "#\(schedule.id)", Render.safe(schedule.name), signed, schedule.cadence.word, next ?? "—",
        money(schedule.monthlyEquivalent(on: today)), state(schedule, today: today),
      ])
    }
    return .lines(table.render(indent: "  ", header: { output.style($0, .dim) }), json: document)
  }

  /// Per currency: the monthly equivalent and the yearly cost of the running schedules of `kind`.
  /// A total that does not fit is an error naming it ("the total of monthly subscriptions in INR").
  static func totals(_ schedules: [Schedule], kind: Kind, today: LocalDate) throws(CLIError)
    -> [(Currency, Int64, Int64)]
  {
    try exact { () throws(FigureTooLarge) in
      try RecurringReport.totals(schedules, kind: kind, today: today).map { ($0.currency, $0.monthly, $0.yearly) }
    }
  }

  static func totalsJSON(_ totals: [RecurringReport.Total]) -> [ScheduleTotalJSON] {
    totals.map { ScheduleTotalJSON(currency: $0.0.code, monthly: MoneyFigure($0.1, $0.0), yearly: MoneyFigure($0.2, $0.0)) }
  }

  /// Subscriptions (expense schedules) or income sources, with what they come to a month and
  /// a year per currency, and the net of both (income sources less subscriptions).
  static func costs(_ report: RecurringReport, output: Output) -> Rendered {
    let (schedules, kind, today, linked) = (report.schedules, report.kind, report.today, report.linked)
    let (subscriptions, income, net) = (report.subscriptions, report.income, report.net)
    let kinds: [Kind] = kind.map { [$0] } ?? [.expense, .income]
    let document = { () -> JSON in
      var pairs: [(String, JSON)] = []
      for shown in kinds {
        let key = shown == .expense ? "subscriptions" : "income_sources"
        pairs.append((key, JSON(schedules.filter { $0.kind == shown }.map { ScheduleJSON($0, today: today) })))
        pairs.append((key + "_totals", JSON(totalsJSON(shown == .expense ? subscriptions : income))))
      }
      pairs.append(("net", JSON(totalsJSON(net))))
      return JSON(JSONPairs(pairs))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        for shown in kinds {
          let title = shown == .expense ? "Subscriptions" : "Income sources"
          let own = schedules.filter { $0.kind == shown }
          lines.append(output.style("  \(title)", .bold))
          guard !own.isEmpty else {
            let example = shown == .expense ? "netflix 649 monthly cc" : "salary 1,20,000 monthly on 1st"
            lines.append("  none yet: try 'recurring add \(example)'")
            continue
          }
          lines += list(own, today: today, output: output, linked: linked).text()
          for (currency, monthly, yearly) in shown == .expense ? subscriptions : income {
            lines.append(
              "  \(money(Money(minorUnits: monthly, currency: currency)))/month · \(money(Money(minorUnits: yearly, currency: currency)))/year"
            )
          }
        }
        for (currency, monthly, yearly) in net where !subscriptions.isEmpty && !income.isEmpty {
          lines.append(
            "  net recurring \(MoneyFormat.string(Money(minorUnits: monthly, currency: currency), signed: true))/month · \(MoneyFormat.string(Money(minorUnits: yearly, currency: currency), signed: true))/year"
          )
        }
        return lines
      }, json: document)
  }

  /// Occurrences listed one a line: date, name, signed amount.
  static func occurrenceLines(_ items: [(Schedule, LocalDate)], today: LocalDate, output: Output) -> [String] {
    var table = Table(headers: ["Date", "ID", "Name", "Amount"], alignments: [.left, .right, .left, .right])
    for (schedule, date) in items {
      table.add([
        "\(LocalDate.weekdayAbbreviations[date.weekday]) \(day(date, today: today))", "#\(schedule.id)",
        Render.safe(schedule.name), MoneyFormat.signed(schedule.amount(on: date), kind: schedule.kind),
      ])
    }
    return table.render(indent: "  ", header: { output.style($0, .dim) })
  }

  /// "2 due: Netflix ₹649.00 (31 Jan), Rent ₹25,000.00 (1 Feb) · 'due' to review".
  static func dueNotice(_ due: [(Schedule, [LocalDate])], today: LocalDate) -> String? {
    let items = due.flatMap { schedule, dates in dates.map { (schedule, $0) } }.sorted { $0.1 < $1.1 }
    guard !items.isEmpty else { return nil }
    let shown = items.prefix(3).map { schedule, date in
      "\(Render.safe(schedule.name)) \(money(schedule.amount(on: date))) (\(day(date, today: today)))"
    }
    let more = items.count > 3 ? ", and \(items.count - 3) more" : ""
    return "\(items.count) due: \(shown.joined(separator: ", "))\(more) · 'due' to review"
  }
}

extension Answers {
  /// "what do my subscriptions cost", "income sources", "net recurring".
  func recurring(_ kind: Kind?) throws -> Rendered {
    RecurringView.costs(try RecurringReport(kind: kind, in: context.session), output: output)
  }
}
