import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

extension Context {
  /// Offers an entry typed by hand as a period's charge of the schedule it matches: same
  /// kind and currency, its name as the merchant (or a word of the note), and the billing
  /// period of the entry's date not yet logged. The draft then says "Netflix · Jan period" and
  /// saving links it, so `due` no longer offers that period.
  func offerSchedule(_ draft: inout TransactionDraft) {
    guard draft.recurringID == nil, draft.base == nil, let amount = draft.amount,
      let (schedule, occurrence) = ScheduleSaving(session: session).matching(
        kind: draft.kind, amount: amount, merchant: draft.merchant, note: draft.note, category: draft.category,
        date: draft.date)
    else { return }
    draft.recurringID = schedule.id
    draft.recurringLabel = "\(schedule.name) · " + Self.periodName(schedule, occurrence, today: today)
  }

  /// The occurrences whose periods saving a schedule draft links to entries already stored
  /// (the store's `storedCharges(adding:)`); none when the draft is incomplete or unreadable.
  func storedCharges(_ draft: TransactionDraft, _ cadence: Cadence, end: LocalDate?) -> [LocalDate] {
    guard let fields = draft.fields else { return [] }
    return ScheduleSaving(session: session).storedCharges(fields, cadence: cadence, end: end)
  }

  /// "Jan period" for a monthly (or longer) cadence, "period from 25 Dec" for a shorter one.
  static func periodName(_ schedule: Schedule, _ occurrence: LocalDate, today: LocalDate) -> String {
    switch schedule.cadence {
    case .daily, .weekly, .biweekly:
      return "period from \(RecurringView.day(occurrence, today: today))"
    default:
      let month = LocalDate.monthAbbreviations[occurrence.month - 1]
      return "\(month)\(occurrence.year == today.year ? "" : " \(occurrence.year)") period"
    }
  }
}
