import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly recurring`: schedules (subscriptions and income sources) and their occurrences.
struct RecurringCommand: Command {
  static let name = "recurring"
  static let aliases = ["schedules"]
  static let summary = "subscriptions and income sources: recurring add netflix 649 monthly cc"
  static let help = """
    usage: spendly recurring [--json]                       every schedule: next date, monthly cost
           spendly recurring add PHRASE... [--yes]          netflix 649 monthly from 31 jan cc
           spendly recurring dates ID --from DATE --to DATE [--json]
           spendly recurring skip ID [DATE]                 skip one occurrence (the oldest due, else the next)
           spendly recurring pause ID | resume ID
           spendly recurring end ID DATE                    no occurrence after DATE (or 'never')
           spendly recurring edit ID [--amount A [--from DATE]] [--category C] [--method M]
                                     [--name N] [--note T]
           spendly recurring delete ID                      its logged charges stay

    Cadences: daily, weekly, biweekly (every 2 weeks, fortnightly), monthly, quarterly
    (every 3 months), semiannual (every 6 months, half-yearly) and yearly. Occurrence n is
    the anchor plus n steps, clamped to the month: from 31 Jan it is 28 Feb (29 in a leap
    year), 31 Mar, 30 Apr. The anchor is 'from DATE', 'starting DATE' or 'on DATE' (on a day
    without a year: the next one), else today.

    A new amount applies from --from (today when not given): earlier periods keep theirs.
    'due' lists the occurrences not yet logged; 'due --log' records them.
    """
  static let examples = ["spendly recurring add netflix 649 monthly from 31 jan cc", "spendly recurring"]
  static let subcommands = [
    Subcommand(
      "add", summary: "a subscription or income source from a phrase: name, amount, cadence, anchor",
      options: [.flag("yes", "save without asking", short: "y")]),
    Subcommand("list", summary: "every schedule with its next date and monthly cost"),
    Subcommand(
      "dates", summary: "a schedule's occurrences between two days",
      options: [
        .value("from", "DATE", .date, "the first day listed"), .value("to", "DATE", .date, "the last day listed"),
      ]),
    Subcommand("skip", summary: "skip one occurrence: the oldest due, else the next, or the DATE given"),
    Subcommand("pause", summary: "stop a schedule's occurrences until it is resumed"),
    Subcommand("resume", summary: "start a paused schedule again"),
    Subcommand("end", summary: "no occurrence after DATE (or 'never' to take the end away)"),
    Subcommand(
      "edit", summary: "change a schedule's amount (from a day on), category, method, name or note",
      options: [
        .value("amount", "AMOUNT", .amount, "a new amount"),
        .value("from", "DATE", .date, "the day the new amount applies from (default: today)"),
        .value("category", "NAME", .category, "a category"), .value("method", "NAME", .method, "a payment method"),
        .value("name", "NAME", .text, "a new name"), .value("note", "TEXT", .text, "a note"),
      ]),
    Subcommand("delete", summary: "remove a schedule; its logged charges stay"),
  ]
  static let specs = Option.union(subcommands.map(\.options)).map {
    $0.name == "from" ? $0.helped("dates: the first day listed; edit: the day a new amount applies from") : $0
  }
  static let defaultSubcommand: String? = "list"

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var words = arguments.positional
    let action = words.first?.lowercased() ?? "list"
    if !words.isEmpty { words.removeFirst() }
    switch action {
    case "list":
      let (schedules, linked) = try reporting {
        (try context.store().schedules.all(), try context.store().schedules.linkedDates())
      }
      return RecurringView.list(schedules, today: context.today, output: context.output, linked: linked)
    case "add": return try add(words.joined(separator: " "), arguments, context)
    case "dates": return try dates(words, arguments, context)
    default:
      guard actions.contains(action) else {
        throw .usage("recurring: unknown action \(Render.quoted(action)) (\(actions.joined(separator: ", ")))")
      }
      return try change(action, words, arguments, context)
    }
  }

  // MARK: Add

  static func add(_ phrase: String, _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    guard !phrase.isEmpty else {
      throw .usage("recurring add: give a phrase, like: recurring add netflix 649 monthly cc")
    }
    let parser = try context.phraseParser()
    let schedule: ScheduleDraft
    do {
      schedule = try ScheduleReading(parser: parser).read(phrase, now: context.now)
    } catch {
      switch error {
      case .unreadable(let error): throw .data(error.message)
      case .noCadence:
        throw .data("recurring add: say how often, like 'netflix 649 monthly' (daily, weekly, monthly, yearly…)")
      case .missing(let fields): throw .data("\(fields.map(\.rawValue).joined(separator: ", ")): missing")
      }
    }
    var draft = schedule.entry
    let output = context.output
    let extra = { (draft: TransactionDraft) in
      DraftView.cadenceLines(
        draft, schedule.cadence, end: schedule.end, today: context.today, output: output,
        stored: context.storedCharges(draft, schedule.cadence, end: schedule.end))
    }
    if !arguments.has("yes") && !context.assumeYes {
      guard context.interactive else { throw .usage("not on a terminal: add --yes to save without asking") }
      // The one confirmation dialogue: Enter saves, e reviews (the date is the anchor), n discards.
      let dialogue = ConfirmDialogue(
        context: context, input: shellInput(interactive: true, databasePath: context.databasePath))
      defer { dialogue.input.close() }
      if let unsaved = dialogue.unsaved(dialogue.confirm(&draft, parser: parser, entryLine: 0, extra: extra)) {
        return unsaved
      }
      return .lines([try context.saveSchedule(draft, cadence: schedule.cadence, end: schedule.end)])
    }
    let lines = [DraftView.line(draft, today: context.today, output: output)] + extra(draft)
    return .lines(lines + [try context.saveSchedule(draft, cadence: schedule.cadence, end: schedule.end)])
  }

  // MARK: Dates

  static func dates(_ words: [String], _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    guard words.count == 1 else {
      throw .usage("recurring dates: give one schedule id, like: recurring dates 3 --from 2026-01-01 --to 2026-12-31")
    }
    let schedule = try existing(words[0], context)
    let from = try arguments.date("from", context: context) ?? context.today
    let to = try arguments.date("to", context: context) ?? from.adding(months: 12)
    guard from <= to else { throw .usage("recurring dates: --from is after --to") }
    guard to.daysSinceEpoch - from.daysSinceEpoch <= 366 * 200 else {
      throw .usage("recurring dates: at most 200 years at a time")
    }
    let dates = schedule.occurrences(from: from, to: to)
    let json = JSON(
      ScheduleDatesJSON(
        id: schedule.id, name: schedule.name, cadence: schedule.cadence.word, anchor: schedule.anchor.description,
        from: from.description, to: to.description, dates: dates.map(\.description)))
    guard !dates.isEmpty else { return .lines(["  no dates of #\(schedule.id) from \(from) to \(to)"], json: json) }
    return .lines(
      RecurringView.occurrenceLines(dates.map { (schedule, $0) }, today: context.today, output: context.output),
      json: json)
  }

  // MARK: Changes

  static func change(_ action: String, _ words: [String], _ arguments: Arguments, _ context: Context) throws(CLIError)
    -> Rendered
  {
    guard let first = words.first else {
      throw .usage("recurring \(action): give a schedule id (see: spendly recurring)")
    }
    let schedule = try existing(first, context)
    let rest = Array(words.dropFirst())
    let scheduleAction: ScheduleChanging.Action
    switch action {
    case "skip":
      var day: LocalDate?
      if let text = rest.first {
        guard let given = try FieldOptions.date(rest.joined(separator: " "), context: context) else {
          throw CLIError.usage("recurring skip: \(Render.quoted(text)) is no date")
        }
        day = given
      }
      scheduleAction = .skip(day)
    case "pause": scheduleAction = .pause
    case "resume": scheduleAction = .resume
    case "end":
      guard let text = rest.first else {
        throw CLIError.usage("recurring end: give the last date, like: recurring end \(schedule.id) 2027-03-31")
      }
      if text.lowercased() == "never" {
        scheduleAction = .end(nil)
      } else {
        guard let day = try FieldOptions.date(rest.joined(separator: " "), context: context) else {
          throw CLIError.usage("recurring end: \(Render.quoted(text)) is no date")
        }
        scheduleAction = .end(day)
      }
    case "edit":
      let summary = try edit(schedule, arguments, context)
      return .lines([Render.safe(summary)], json: JSON(ScheduleChangeJSON(id: schedule.id, summary: summary)))
    default: scheduleAction = .delete
    }
    let outcome: ScheduleChanging.Outcome
    do {
      outcome = try ScheduleChanging(session: context.session, schedule: schedule).run(scheduleAction)
    } catch {
      switch error {
      case .notADate(let given, let nearest):
        let near = nearest.map(\.description).joined(separator: " or ")
        throw .data("date: \(given) is no date of #\(schedule.id) \(schedule.name) (nearest: \(near))")
      case .nothingToSkip: throw .data("#\(schedule.id) has no date left to skip")
      case .store(let error): throw error.cli
      }
    }
    let summary: String
    switch outcome {
    case .skipped(let day): summary = "skipped \(schedule.name) on \(day.readable)"
    case .paused(let stillDue):
      summary =
        "paused \(schedule.name): no new date comes due until 'recurring resume \(schedule.id)'"
        + (stillDue == 0
          ? ""
          : "; \(stillDue) earlier date\(stillDue == 1 ? " is" : "s are") still due ('due' lists them, "
            + "'recurring skip \(schedule.id)' skips one)")
    case .resumed(let next): summary = "resumed \(schedule.name)" + (next.map { " · next \($0.readable)" } ?? "")
    case .ended(nil): summary = "\(schedule.name) runs on with no end"
    case .ended(let day?): summary = "\(schedule.name) ends on \(day.readable)"
    case .deleted: summary = "deleted #\(schedule.id) \(schedule.name) (its logged charges stay; 'undo' brings it back)"
    }
    return .lines([Render.safe(summary)], json: JSON(ScheduleChangeJSON(id: schedule.id, summary: summary)))
  }

  static func edit(_ schedule: Schedule, _ arguments: Arguments, _ context: Context) throws(CLIError) -> String {
    var request = ScheduleEditing.Request()
    if let category = try arguments.category(context) { request.category = category.name }
    if let method = try arguments.method(context) { request.method = method }
    if let name = arguments["name"] {
      let trimmed = name.trimmingSpaces()
      guard !trimmed.isEmpty else { throw .usage("recurring edit: --name is empty; give the schedule a name") }
      // The name is kept as the charges' merchant: refused here in the option's own words.
      do {
        _ = try Validator.cleaned(trimmed, field: "--name", limit: TextLimits.merchant)
      } catch {
        throw .data(error.description)
      }
      request.name = trimmed
    }
    request.note = arguments["note"]
    request.amount = try arguments.amount("amount", schedule.fields.amount.currency, context)
    request.from = try arguments.date("from", context: context)
    let outcome: ScheduleEditing.Outcome
    do {
      outcome = try ScheduleEditing(session: context.session, schedule: schedule, request: request).run()
    } catch {
      switch error {
      case .nothingGiven:
        throw .usage(
          "recurring edit: give --amount, --category, --method, --name or --note (see: spendly recurring --help)")
      case .fromWithoutAmount: throw .usage("recurring edit: --from goes with --amount (a price change from a date)")
      case .wrongCurrency(let amount, let keeps):
        throw .data("amount: #\(schedule.id) is in \(keeps.code), not \(amount.currency.code)")
      case .store(let error): throw error.cli
      }
    }
    if outcome.alreadySo { return "nothing changed: #\(schedule.id) \(schedule.name) already reads so" }
    if let amount = outcome.amountUnchanged, !outcome.editedFields {
      return "nothing changed: #\(schedule.id) \(schedule.name) is already \(RecurringView.money(amount))"
    }
    var done = outcome.editedFields ? ["edited #\(schedule.id)"] : []
    if let price = outcome.price {
      done.append("\(schedule.name) is \(RecurringView.money(price.amount)) from \(price.from.readable)")
    }
    return done.joined(separator: "; ")
  }

  static func existing(_ text: String, _ context: Context) throws(CLIError) -> Schedule {
    guard let id = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text), id > 0 else {
      throw .usage("\(Render.quoted(text)) is no schedule id (see: spendly recurring)")
    }
    guard let schedule = try reporting({ try context.store().schedules.schedule(id: id) }) else {
      throw .data("no schedule #\(id) (see: spendly recurring)")
    }
    return schedule
  }
}

/// `recurring dates ID --json`: a schedule's dates from one day to another.
struct ScheduleDatesJSON: Encodable {
  let id: Int64
  let name: String
  let cadence: String
  let anchor: String
  let from: String
  let to: String
  let dates: [String]
}

/// A schedule changed (`recurring skip|pause|resume|end|edit|delete --json`): its id, the change in words.
struct ScheduleChangeJSON: Encodable {
  let id: Int64
  let summary: String
}
