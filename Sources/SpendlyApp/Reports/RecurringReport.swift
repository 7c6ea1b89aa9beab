import SpendlyCore
import SpendlyStore

/// "what do my subscriptions cost", "income sources", "net recurring": the schedules, and per
/// currency what the running ones come to a month and a year, for subscriptions (expense
/// schedules), income sources and their net (income less subscriptions).
/// The CLI renders it as text and JSON.
public struct RecurringReport: Sendable {
  /// One currency's monthly equivalent and yearly cost.
  public typealias Total = (currency: Currency, monthly: Int64, yearly: Int64)

  public let today: LocalDate
  /// The kind asked about; nil for both.
  public let kind: Kind?
  /// Every schedule, of either kind.
  public let schedules: [Schedule]
  /// Per schedule id, the dates already logged.
  public let linked: [Int64: [LocalDate]]
  public let subscriptions: [Total]
  public let income: [Total]
  /// Income sources less subscriptions, per currency.
  public let net: [Total]

  /// Throws `StoreError`, or `FigureTooLarge` for a total that does not fit (named).
  public init(kind: Kind?, in session: Session) throws {
    let store = try session.store()
    let today = session.today
    self.today = today
    self.kind = kind
    schedules = try store.schedules.all()
    linked = try store.schedules.linkedDates()
    let subscriptions = try Self.totals(schedules, kind: .expense, today: today)
    let income = try Self.totals(schedules, kind: .income, today: today)
    var sum = MoneyTotals("monthly net recurring", "yearly net recurring")
    for (currency, monthly, yearly) in income {
      try sum.add(Money(minorUnits: monthly, currency: currency), Money(minorUnits: yearly, currency: currency))
    }
    for (currency, monthly, yearly) in subscriptions {
      try sum.add(Money(minorUnits: -monthly, currency: currency), Money(minorUnits: -yearly, currency: currency))
    }
    self.subscriptions = subscriptions
    self.income = income
    net = sum.rows.map { ($0.currency, $0.values[0].minorUnits, $0.values[1].minorUnits) }
  }

  /// Whether the schedule still runs on `today`: not paused, and an occurrence is left from
  /// today on (an end date after the last occurrence has ended it too).
  public static func running(_ schedule: Schedule, today: LocalDate) -> Bool {
    !schedule.isPaused && schedule.next(after: today.adding(days: -1)) != nil
  }

  /// Per currency: the monthly equivalent and the yearly cost of the running schedules of `kind`.
  /// A total that does not fit is an error naming it ("the total of monthly subscriptions in INR").
  public static func totals(_ schedules: [Schedule], kind: Kind, today: LocalDate) throws(FigureTooLarge) -> [Total] {
    let what = kind == .expense ? "subscriptions" : "income sources"
    var result = MoneyTotals("monthly \(what)", "yearly \(what)")
    for schedule in schedules where schedule.kind == kind && running(schedule, today: today) {
      let monthly = schedule.monthlyEquivalent(on: today)
      try result.add(monthly, try schedule.cadence.yearly(schedule.amount(on: today)))
    }
    return result.rows.map { ($0.currency, $0.values[0].minorUnits, $0.values[1].minorUnits) }
  }
}
