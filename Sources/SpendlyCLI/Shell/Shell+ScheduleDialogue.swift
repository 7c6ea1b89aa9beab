import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A schedule phrase ("netflix 649 monthly from 31 jan cc"): its draft with the cadence and the
/// next three dates, confirmed or reviewed like an entry (the date reviewed is the anchor).
extension Shell {
  /// The draft's cadence line: "monthly from Sat 31 Jan 2026 · next 28 Feb, 31 Mar, 30 Apr".
  static func cadenceLines(
    _ draft: TransactionDraft, _ cadence: Cadence, end: LocalDate? = nil, today: LocalDate, output: Output,
    stored: [LocalDate] = []
  ) -> [String] {
    let anchor = draft.date
    var next: [LocalDate] = [cadence.next(after: today.adding(days: -1), anchor: anchor)]
    while next.count < 3 { next.append(cadence.next(after: next.last!, anchor: anchor)) }
    if let end { next = next.filter { $0 <= end } }
    let until = end.map { " until \($0.readable)" } ?? ""
    var lines = [
      "  \(cadence.word) from \(anchor.readable)\(until)"
        + (next.isEmpty ? "" : " · next " + next.map { RecurringView.day($0, today: today) }.joined(separator: ", "))
    ]
    // Entries already stored that saving links to their periods (`storedCharges`): not due again.
    if !stored.isEmpty {
      lines.append("  links \(stored.count) \(stored.count == 1 ? "entry" : "entries") already stored")
    }
    let linked = Set(stored)
    let past = cadence.occurrences(from: anchor, to: today.adding(days: -1), anchor: anchor)
      .filter { !linked.contains($0) }.count
    if past > 0 {
      lines.append(
        output.style(
          "  \(past) earlier date\(past == 1 ? "" : "s") will be due ('due' lists them, 'recurring skip' skips one)",
          .dim))
    }
    return lines
  }

  /// Runs the dialogue for a schedule draft; false when it ended in an error.
  func scheduleEntry(_ schedule: ScheduleDraft) -> Bool {
    let entryLine = input.lineNumber
    let parser: PhraseParser
    do {
      parser = try self.parser()
    } catch {
      output.error(scripted(error.message))
      return false
    }
    var draft = schedule.entry
    let today = context.today
    let extra = { (draft: TransactionDraft) in
      Shell.cadenceLines(
        draft, schedule.cadence, end: schedule.end, today: today, output: self.output,
        stored: self.context.storedCharges(draft, schedule.cadence, end: schedule.end))
    }
    if let ended = askMissing(&draft, parser: parser, entryLine: entryLine, extra: extra) { return ended }
    if !context.assumeYes {
      switch confirm(&draft, parser: parser, entryLine: entryLine, extra: extra, offersOnce: true) {
      case .save: break
      case .once:
        // Saved once, as an ordinary entry: no schedule, the cadence word not in the note.
        return save(draft)
      case .discard:
        output.line("  discarded")
        return true
      case .abandon: return abandon(entryLine)
      }
    } else {
      output.line(DraftView.line(draft, today: today, output: output))
      for line in extra(draft) { output.line(line) }
    }
    do {
      let line = try RecurringCommand.save(draft, cadence: schedule.cadence, end: schedule.end, context: context)
      output.line("  " + line)
      cachedParser = nil
      return true
    } catch {
      output.error(scripted(error.message))
      return false
    }
  }
}
