import SpendlyCore
import SpendlyStore

/// A schedule saved from its fields (`recurring add`, the shell's schedule dialogue), with the
/// entries already stored that saving it links as its periods' charges.
public struct ScheduleSaving {
  /// The schedule as saved.
  public struct Saved: Sendable {
    public let schedule: Schedule
    /// Its next day on or after today, if it has one.
    public let next: LocalDate?
    /// How many entries already stored it linked (0 when they could not be read).
    public let linked: Int
  }

  public let session: Session

  public init(session: Session) { self.session = session }

  public func save(_ fields: TransactionFields, cadence: Cadence, end: LocalDate? = nil) throws(StoreError) -> Saved {
    let store = try session.store()
    let saved = try store.schedules.add(fields, cadence: cadence, end: end)
    let linked = (try? store.schedules.linkedDates()[saved.id]?.count) ?? 0
    return Saved(schedule: saved, next: saved.next(after: session.today.adding(days: -1)), linked: linked)
  }

  /// The occurrences whose periods saving `fields` as a schedule would link to entries already
  /// stored; none when they cannot be read.
  public func storedCharges(_ fields: TransactionFields, cadence: Cadence, end: LocalDate?) -> [LocalDate] {
    guard let charges = try? session.store().schedules.storedCharges(adding: fields, cadence: cadence, end: end)
    else { return [] }
    return charges.map(\.occurrence)
  }

  /// The schedule an entry typed by hand is a period's charge of: same kind and currency, its
  /// name as the merchant (or a word of the note), and the billing period of the entry's date
  /// not yet logged. Nil when none (or the schedules cannot be read).
  public func matching(
    kind: Kind, amount: Money, merchant: String?, note: String?, category: String?, date: LocalDate
  ) -> (schedule: Schedule, occurrence: LocalDate)? {
    guard let store = try? session.store(), let schedules = try? store.schedules.all(), !schedules.isEmpty else {
      return nil
    }
    let candidates = schedules.filter {
      $0.names(kind: kind, currency: amount.currency, merchant: merchant, note: note, category: category)
    }
    guard !candidates.isEmpty, let linked = try? store.schedules.linkedDates() else { return nil }
    for schedule in candidates {
      // The period the entry's date falls in (what a linked charge logs), when it has none yet.
      guard let occurrence = schedule.occurrence(holding: date),
        schedule.due(today: date, linked: linked[schedule.id] ?? []).contains(occurrence)
      else { continue }
      return (schedule, occurrence)
    }
    return nil
  }
}
