import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A schedule phrase ("netflix 649 monthly from 31 jan cc"): its draft with the cadence and the
/// next three dates, confirmed or reviewed like an entry (the date reviewed is the anchor).
extension Shell {
  /// Runs the dialogue for a schedule draft; false when it ended in an error.
  func scheduleEntry(_ schedule: ScheduleDraft) -> Bool {
    let entryLine = input.lineNumber
    let parser: PhraseParser
    do {
      parser = try self.parser()
    } catch {
      output.error(dialogue.scripted(error.message))
      return false
    }
    var draft = schedule.entry
    let today = context.today
    let extra = { (draft: TransactionDraft) in
      DraftView.cadenceLines(
        draft, schedule.cadence, end: schedule.end, today: today, output: self.output,
        stored: self.context.storedCharges(draft, schedule.cadence, end: schedule.end))
    }
    if let ended = dialogue.askMissing(&draft, parser: parser, entryLine: entryLine, extra: extra) { return ended }
    if !context.assumeYes {
      switch dialogue.confirm(&draft, parser: parser, entryLine: entryLine, extra: extra, offersOnce: true) {
      case .save: break
      case .once:
        // Saved once, as an ordinary entry: no schedule, the cadence word not in the note.
        return save(draft)
      case .discard:
        output.line("  discarded")
        return true
      case .abandon: return dialogue.abandon(entryLine)
      }
    } else {
      output.line(DraftView.line(draft, today: today, output: output))
      for line in extra(draft) { output.line(line) }
    }
    do {
      let line = try context.saveSchedule(draft, cadence: schedule.cadence, end: schedule.end)
      output.line("  " + line)
      dialogue.forget()
      return true
    } catch {
      output.error(dialogue.scripted(error.message))
      return false
    }
  }
}
