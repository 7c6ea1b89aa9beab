import SpendlyCore

/// One schedule as `recurring --json` gives it: its fields, amount today, cadence, next and
/// oldest due dates, monthly equivalent, price changes and skips.
struct ScheduleJSON: Encodable {
  /// A price from a date on.
  struct Price: Encodable {
    let from: String
    let money: Inline<MoneyJSON>
  }

  let id: Int64
  let kind: String
  let name: String
  let category: String
  let method: String
  let note: String?
  let money: Inline<MoneyJSON>
  let cadence: String
  let anchor: String
  let end: String?
  let paused: Bool
  let next: String?
  /// The oldest occurrence up to today with no charge logged in its period.
  let oldestDue: String?
  let monthly: MoneyFigure
  let prices: [Price]
  let skips: [String]

  init(_ schedule: Schedule, today: LocalDate, linked: [LocalDate] = []) {
    let now = schedule.amount(on: today)
    id = schedule.id
    kind = schedule.kind.rawValue
    name = schedule.name
    category = schedule.fields.category
    method = schedule.fields.method
    note = schedule.fields.note
    money = Inline(MoneyJSON(now))
    cadence = schedule.cadence.word
    anchor = schedule.anchor.description
    end = schedule.end?.description
    paused = schedule.isPaused
    next =
      RecurringView.running(schedule, today: today) ? schedule.next(after: today.adding(days: -1))?.description : nil
    oldestDue = schedule.due(today: today, linked: linked).first?.description
    let monthly = schedule.monthlyEquivalent(on: today)
    self.monthly = MoneyFigure(monthly.minorUnits, monthly.currency)
    prices = schedule.prices.map {
      Price(from: $0.from.description, money: Inline(MoneyJSON($0.minorUnits, now.currency)))
    }
    skips = schedule.skips.sorted().map(\.description)
  }
}

/// What the running schedules of one kind come to in one currency, a month and a year.
struct ScheduleTotalJSON: Encodable {
  let currency: String
  let monthly: MoneyFigure
  let yearly: MoneyFigure
}

/// One date a schedule falls on, with the amount it charges then.
struct OccurrenceJSON: Encodable {
  let scheduleId: Int64
  let name: String
  let kind: String
  let date: String
  let money: Inline<MoneyJSON>
  let category: String
  let method: String

  init(_ schedule: Schedule, _ date: LocalDate) {
    scheduleId = schedule.id
    name = schedule.name
    kind = schedule.kind.rawValue
    self.date = date.description
    money = Inline(MoneyJSON(schedule.amount(on: date)))
    category = schedule.fields.category
    method = schedule.fields.method
  }
}
