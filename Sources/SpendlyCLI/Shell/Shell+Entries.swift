import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The shell's entries: draft → the confirmation dialogue → one save, and `edit ID`.
extension Shell {
  /// Runs the dialogue for one entry, its draft as the line classifier read it; false when it
  /// ended in an error.
  ///
  /// Off a terminal, a line that does not answer `save?` and input that ends before it is
  /// answered are errors naming the line (nothing is dropped silently); `--yes` saves every
  /// complete draft without asking.
  func entry(_ read: TransactionDraft) -> Bool {
    context.reportLookupFailure()
    let entryLine = input.lineNumber
    let parser: PhraseParser
    var draft = read
    do throws(CLIError) {
      parser = try self.parser()
    } catch {
      output.error(dialogue.scripted(error.message))
      return false
    }
    context.offerSchedule(&draft)
    if let ended = dialogue.askMissing(&draft, parser: parser, entryLine: entryLine) { return ended }
    if context.assumeYes {
      output.line(DraftView.line(draft, today: context.today, output: output))
      return save(draft)
    }
    let shown = draft
    switch dialogue.confirm(&draft, parser: parser, entryLine: entryLine) {
    case .save, .once: return save(draft, corrections: draft.corrections(since: shown))
    case .discard:
      output.line("  discarded")
      return true
    case .abandon: return dialogue.abandon(entryLine)
    }
  }

  /// Saves through the store (`EntrySaving`), with the fields corrected in review for the
  /// merchant in the same change, and shows what it did (`EntrySaving.shellReport`).
  func save(_ draft: TransactionDraft, corrections: [MerchantCorrection] = []) -> Bool {
    guard let fields = draft.fields else {
      output.error("\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing")
      return false
    }
    let added: EntrySaving.Saved
    do {
      added = try EntrySaving.save(fields, corrections: corrections, context: context)
    } catch {
      output.error(error.message)
      return false
    }
    for line in EntrySaving.shellReport(added, draft: draft, context: context) { output.line(line) }
    dialogue.forget()
    return true
  }

  /// `edit ID` at the prompt: the review of a stored transaction, then one edit through the store,
  /// with a category or method changed there kept for the merchant in the same change.
  func reviewExisting(_ id: Int64) -> Bool {
    let parser: PhraseParser
    let old: TransactionFields
    do {
      parser = try self.parser()
      old = try TransactionReference.existing(id, try context.store()).fields
    } catch {
      output.error(error.message)
      return false
    }
    var draft = TransactionDraft(old)
    let entryLine = input.lineNumber
    output.line(DraftView.line(draft, today: context.today, output: output))
    guard dialogue.review(&draft, parser: parser, entryLine: entryLine) else { return dialogue.abandon(entryLine) }
    switch dialogue.confirm(&draft, parser: parser, entryLine: entryLine) {
    case .discard:
      output.line("  #\(id) unchanged")
      return true
    case .abandon:
      return dialogue.abandon(entryLine)
    case .save, .once:
      break
    }
    guard let fields = draft.fields else { return dialogue.abandon(entryLine) }
    guard fields != old else {
      output.line("  #\(id) unchanged")
      return true
    }
    let edited: EntrySaving.Saved
    do {
      edited = try EntrySaving.edit(
        id: id, fields, corrections: draft.corrections(editing: old), in: context.session)
    } catch {
      output.error(error.cli.message)
      return false
    }
    let budgets = BudgetNotice.words(edited.budgets, context: context)
    output.line("  updated #\(id)" + (budgets.words.map { " · " + $0 } ?? ""))
    for warning in budgets.lines { output.line("  " + warning) }
    dialogue.forget()
    return true
  }
}
