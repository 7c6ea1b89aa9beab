import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A schedule saved from a draft (`recurring add`, the shell's schedule dialogue).
extension Context {
  /// Saves a schedule draft; "added subscription #3 Netflix ₹649.00 monthly · next 28 Feb".
  func saveSchedule(_ draft: TransactionDraft, cadence: Cadence, end: LocalDate? = nil) throws(CLIError) -> String {
    guard let fields = draft.fields else {
      throw .data("\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing")
    }
    let saved = try reporting { try ScheduleSaving(session: session).save(fields, cadence: cadence, end: end) }
    let next = saved.next.map { " · next " + RecurringView.day($0, today: today) }
    let schedule = saved.schedule
    let noun = schedule.kind == .expense ? "subscription" : "income source"
    let linked = saved.linked
    let links = linked == 0 ? "" : " · linked \(linked) \(linked == 1 ? "entry" : "entries") already stored"
    return
      "added \(noun) #\(schedule.id) \(Render.safe(schedule.name)) \(RecurringView.money(schedule.fields.amount)) \(cadence.word)\(next ?? "")"
      + links
  }
}
