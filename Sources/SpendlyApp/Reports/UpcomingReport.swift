import SpendlyCore
import SpendlyStore

/// What the next days hold (`upcoming`, "bills due this week"): the running schedules'
/// occurrences from tomorrow, in date order, and per currency their income, charges and net.
/// The CLI renders it as text and JSON.
public struct UpcomingReport: Sendable {
  /// One currency's income and charges of the coming days, and their net.
  public struct Total: Sendable {
    public let currency: Currency
    public let income: Int64
    public let expenses: Int64
    public let net: Money
  }

  /// Why there is no report.
  public enum Refusal: Error, Sendable {
    /// The last day is past the dates Spendly keeps.
    case beyondSupportedDates(LocalDate)
    case store(StoreError)
    /// A total that does not fit, named.
    case tooLarge(FigureTooLarge)
  }

  public let days: Int
  /// Tomorrow.
  public let from: LocalDate
  /// `days` days from today.
  public let to: LocalDate
  public let today: LocalDate
  public let occurrences: [(schedule: Schedule, date: LocalDate)]
  public let totals: [Total]

  public init(days: Int, in session: Session) throws(Refusal) {
    let today = session.today
    let last = today.adding(days: days)
    guard SupportedDates.contains(last) else { throw .beyondSupportedDates(last) }
    let schedules: [Schedule]
    do {
      schedules = try session.store().schedules.all()
    } catch {
      throw .store(error)
    }
    let items = schedules.filter { RecurringReport.running($0, today: today) }
      .flatMap { schedule in schedule.occurrences(from: today.adding(days: 1), to: last).map { (schedule, $0) } }
      .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
    // Each currency's income and charges, and their net, through `Money`: one that does not fit
    // is an error naming it.
    var sums = MoneyTotals("upcoming income", "upcoming charges")
    var totals: [Total] = []
    do {
      for (schedule, date) in items {
        let amount = schedule.amount(on: date)
        let zero = Money.zero(amount.currency)
        let income = schedule.kind == .income
        try sums.add(income ? amount : zero, income ? zero : amount)
      }
      for row in sums.rows {
        let net = try row.values[0].subtracting(
          row.values[1], or: FigureTooLarge(figure: "upcoming net in \(row.currency.code)"))
        totals.append(
          Total(
            currency: row.currency, income: row.values[0].minorUnits, expenses: row.values[1].minorUnits, net: net))
      }
    } catch {
      throw .tooLarge(error)
    }
    self.days = days
    self.today = today
    from = today.adding(days: 1)
    to = last
    occurrences = items
    self.totals = totals
  }
}
