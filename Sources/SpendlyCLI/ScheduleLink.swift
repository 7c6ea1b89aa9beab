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
      let schedules = try? store().schedules.all(), !schedules.isEmpty
    else { return }
    let words = Set((draft.note ?? "").lowercased().split(separator: " ").map(String.init))
    let candidates = schedules.filter { schedule in
      schedule.kind == draft.kind && schedule.fields.amount.currency == amount.currency && !schedule.isPaused
        && (TransactionFilter.sameName(draft.merchant, schedule.name) || words.contains(schedule.name.lowercased())
          || (draft.merchant == nil && schedule.name.lowercased() == draft.category?.lowercased()))
    }
    guard !candidates.isEmpty, let linked = try? store().schedules.linkedDates() else { return }
    for schedule in candidates {
      // The period the entry's date falls in (what a linked charge logs), when it has none yet.
      guard let occurrence = schedule.cadence.latest(onOrBefore: draft.date, anchor: schedule.anchor),
        schedule.end.map({ occurrence <= $0 }) ?? true, !schedule.skips.contains(occurrence),
        schedule.due(today: draft.date, linked: linked[schedule.id] ?? []).contains(occurrence)
      else { continue }
      draft.recurringID = schedule.id
      draft.recurringLabel = "\(schedule.name) · " + Self.periodName(schedule, occurrence, today: today)
      return
    }
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
