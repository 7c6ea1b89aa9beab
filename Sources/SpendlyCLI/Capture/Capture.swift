import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// What `open` and `log-payment` share with one-shot `add`: values given one by one on top of a
/// phrase's draft, the merchant's history, then the same confirmation and the same save.
enum Capture {
  /// The fields given values apply to, in order; the kind first, so a category is read on its side.
  static let fieldOrder: [DraftField] = [.kind, .currency, .amount, .category, .method, .merchant, .note, .date, .time]

  /// Sets each given field through `DraftEdit` (what is set counts as typed, so it wins over the
  /// phrase). A category of the other side than the draft's kind is not taken: the draft keeps
  /// what it had and says it was dropped, as a phrase's contradicting category is.
  /// With a merchant given, what the person last used there fills the category and method
  /// that nothing gave, as phrases do.
  static func apply(
    _ values: [String: String], to draft: inout TransactionDraft, parser: PhraseParser, context: Context
  ) throws(CLIError) {
    for field in fieldOrder {
      guard let value = values[field.rawValue] else { continue }
      if field == .category, draft.kind != .transfer, let category = parser.category(named: value),
        category.side != draft.kind.side
      {
        draft.warnings.append(.droppedCategory(name: category.name, side: category.side, kind: draft.kind))
        continue
      }
      do {
        try DraftEdit.set(field, to: value, in: &draft, parser: parser, today: context.today)
      } catch {
        throw CLIError(error.kind, error.message + "; nothing saved")
      }
    }
    if values["date"] != nil && values["time"] == nil { draft.time = nil }
    if values["merchant"] != nil { try inferFromHistory(&draft, parser: parser, context: context) }
  }

  /// The category and method last used with the draft's merchant fill the ones that are only
  /// inferred (never typed ones); the merchant takes its spelling from history.
  static func inferFromHistory(_ draft: inout TransactionDraft, parser: PhraseParser, context: Context)
    throws(CLIError)
  {
    guard let merchant = draft.merchant, draft.kind != .transfer else { return }
    let inferred = draft.inferred
    func open(_ field: DraftField, _ value: String?) -> Bool { value == nil || inferred.contains(field) }
    guard open(.category, draft.category) || open(.method, draft.method) else { return }
    let use = try context.store().merchants.merchantUse(merchant)
    context.reportLookupFailure()
    guard let use else { return }
    draft.merchant = use.merchant
    if open(.category, draft.category), let category = parser.catalog.category(named: use.category),
      category.side == draft.kind.side
    {
      draft.category = category.name
      draft.inferred.insert(.category)
    }
    if open(.method, draft.method), let method = parser.catalog.method(named: use.method) {
      draft.method = method.name
      draft.inferred.insert(.method)
      parser.reinferAccounts(&draft)
    }
  }

  /// One-shot add's ending: a missing amount is asked for on a terminal (never invented) and
  /// refused elsewhere; on a terminal the draft and `save? [Y/e/n]` (the shell's dialogue),
  /// elsewhere `--yes` is required; then the one save and the saved line.
  static func finish(
    _ draft: inout TransactionDraft, parser: PhraseParser, yes: Bool, context: Context, source: String
  ) throws(CLIError) -> Rendered {
    let asks = !yes && !context.assumeYes
    if !draft.missing.isEmpty || asks {
      guard context.interactive else {
        if !draft.missing.isEmpty {
          throw .data(
            "\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing in the \(source); nothing saved "
              + "(on a terminal it is asked for)")
        }
        throw .usage("not on a terminal: add --yes to save without asking; nothing saved")
      }
      let dialogue = ConfirmDialogue(
        context: context, input: shellInput(interactive: true, databasePath: context.databasePath))
      defer { dialogue.input.close() }
      if let ended = dialogue.askMissing(&draft, parser: parser, entryLine: 0) {
        if !ended { throw .data("amount: missing; nothing saved") }
        return .nothing
      }
      if asks {
        if let unsaved = dialogue.unsaved(dialogue.confirm(&draft, parser: parser, entryLine: 0)) { return unsaved }
      }
    } else {
      for warning in draft.warnings { context.output.warning(warning.shown) }
    }
    guard let fields = draft.fields else {
      throw .data("\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing; nothing saved")
    }
    let saved = try EntrySaving.save(fields, context: context)
    return EntrySaving.report(
      saved.transaction, draft: draft, budgets: BudgetNotice.words(saved.budgets, context: context))
  }
}
