import SpendlyCore
import SpendlyStore

/// `due`: the schedules' periods that have come and are not logged yet, oldest first; `--log`
/// records their charges as one change, with what they did to the budgets.
public struct DueLogging {
  /// A schedule's period that is due, by the day it fell on.
  public typealias Item = (schedule: Schedule, date: LocalDate)

  /// The charges as logged.
  public struct Logged {
    /// The change's words: "logged 2 recurring charges: Netflix, Spotify".
    public let summary: String
    public let transactionIDs: [Int64]
    /// What the charges did to the budgets they count against (or why those could not be read).
    public let budgets: Result<[BudgetWatch.Change], StoreError>
  }

  public let session: Session

  public init(session: Session) { self.session = session }

  /// What is due today, oldest first (then by schedule).
  public func due() throws(StoreError) -> [Item] {
    let due = try session.store().schedules.due(today: session.today)
    return due.flatMap { schedule, dates in dates.map { (schedule, $0) } }.sorted {
      ($0.1, $0.0.id) < ($1.1, $1.0.id)
    }
  }

  /// Logs `items` (not empty) as one change.
  public func log(_ items: [Item]) throws(StoreError) -> Logged {
    let store = try session.store()
    let charges = items.map { $0.schedule.charge(on: $0.date) }
    let watch = BudgetWatch(charges, store: store)
    let names = Dictionary(grouping: items, by: { $0.schedule.name }).map { name, all in
      all.count > 1 ? "\(name) ×\(all.count)" : name
    }
    .sorted()
    let incomes = items.filter { $0.schedule.kind == .income }.count
    let what =
      incomes == 0
      ? "recurring charge\(items.count == 1 ? "" : "s")"
      : incomes == items.count ? "recurring income entr\(items.count == 1 ? "y" : "ies")" : "recurring entries"
    let summary = "logged \(items.count) \(what): \(names.joined(separator: ", "))"
    let result = try store.transactions.apply(action: .logRecurring, charges.map { .add($0) }, summary: summary)
    return Logged(
      summary: summary, transactionIDs: result.transactionIDs,
      budgets: Result { () throws(StoreError) in try watch.after(store: store) })
  }
}
