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
    let saved = try reporting { try store().schedules.add(fields, cadence: cadence, end: end) }
    let next = saved.next(after: today.adding(days: -1)).map {
      " · next " + RecurringView.day($0, today: today)
    }
    let noun = saved.kind == .expense ? "subscription" : "income source"
    let linked = (try? store().schedules.linkedDates()[saved.id]?.count) ?? 0
    let links = linked == 0 ? "" : " · linked \(linked) \(linked == 1 ? "entry" : "entries") already stored"
    return
      "added \(noun) #\(saved.id) \(Render.safe(saved.name)) \(RecurringView.money(saved.fields.amount)) \(cadence.word)\(next ?? "")"
      + links
  }
}
