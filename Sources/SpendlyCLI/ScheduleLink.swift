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
        && (TransactionFilter.sameName(draft.merchant, schedule.name) || words.contains(schedule.name.lowercased()))
    }
    guard !candidates.isEmpty, let linked = try? store().schedules.linkedDates() else { return }
    for schedule in candidates {
      guard let occurrence = schedule.cadence.latest(onOrBefore: draft.date, anchor: schedule.anchor),
        schedule.end.map({ occurrence <= $0 }) ?? true, !schedule.skips.contains(occurrence)
      else { continue }
      let period = schedule.period(of: occurrence)
      let logged = (linked[schedule.id] ?? []).contains { $0 >= period.start && $0 < period.end }
      guard !logged else { continue }
      draft.recurringID = schedule.id
      let month = LocalDate.monthAbbreviations[occurrence.month - 1]
      let year = occurrence.year == today.year ? "" : " \(occurrence.year)"
      draft.recurringLabel = "\(schedule.name) · \(month)\(year) period"
      return
    }
  }
}
