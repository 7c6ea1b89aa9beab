import SpendlyCore
import SpendlyStore

/// `due`: the schedules' periods that have come and are not logged yet, oldest first; `--log`
/// records their charges as one change, with what they did to the budgets.
public struct DueLogging {
  /// A schedule's period that is due, by the day it fell on.
  public typealias Item = (schedule: Schedule, date: LocalDate)

  /// The charges as logged.
  public struct Logged {
    /// The change, for the edge to word ("logged 2 recurring charges: Netflix, Spotify").
    public let fact: ChangeFact
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
    let counts = Dictionary(grouping: items, by: { $0.schedule.name }).map { NamedCount(name: $0, count: $1.count) }
    let fact = ChangeFact.recurringLogged(
      charges: counts.sorted { $0.name < $1.name }, incomes: items.filter { $0.schedule.kind == .income }.count)
    let result = try store.transactions.apply(action: .logRecurring, charges.map { .add($0) }, fact: fact)
    return Logged(
      fact: fact, transactionIDs: result.transactionIDs,
      budgets: Result { () throws(StoreError) in try watch.after(store: store) })
  }
}
