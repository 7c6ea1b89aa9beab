import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// What `open` and `log-payment` share with one-shot `add`: values given one by one on top of a
/// phrase's draft, the merchant's history, then the same confirmation and the same save.
enum Capture {
  /// The fields given values apply to, in order; the kind first, so a category is read on its side.
  /// `from` (the `.account` field here) and `to` follow the method, as `add --account --to` do.
  static let fieldOrder: [DraftField] = [
    .kind, .currency, .amount, .category, .method, .account, .to, .merchant, .note, .date, .time,
  ]

  /// The key a field's value is given under: a transfer's source is `from`.
  static func key(_ field: DraftField) -> String { field == .account ? "from" : field.rawValue }

  /// Sets each given field through `DraftEdit` (what is set counts as typed, so it wins over the
  /// phrase); a transfer's ends are `from` and `to`, each an account or a method. A category of the other side than the draft's kind is not taken: the draft keeps
  /// what it had and says it was dropped, as a phrase's contradicting category is.
  /// With a merchant given, what the person last used there fills the category and method
  /// that nothing gave, as phrases do.
  static func apply(
    _ values: [String: String], to draft: inout TransactionDraft, parser: PhraseParser, context: Context
  ) throws(CLIError) {
    for field in fieldOrder {
      guard let value = values[key(field)] else { continue }
      if field == .category, draft.kind != .transfer, let category = parser.category(named: value),
        category.side != draft.kind.side
      {
        draft.warnings.append(.droppedCategory(name: category.name, side: category.side, kind: draft.kind))
        continue
      }
      do {
        // `from` names an account, or a method when it names none (from=Cash), as `to` does.
        let from = field == .account && parser.account(named: value) == nil && parser.method(named: value) != nil
        try DraftEdit.set(from ? .method : field, to: value, in: &draft, parser: parser, today: context.today)
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

  /// What a link without a phrase or a merchant leaves open (`open 'spendly://quickadd'`,
  /// `?amount=420`): the method, category and merchant it does not give are suggested from
  /// the entries of a similar amount, as `quick` suggests them (`QuickSuggestions`), and shown
  /// `? from your history`. The draft's defaults stay when no entry is near the amount.
  static func suggestFromAmount(
    _ draft: inout TransactionDraft, open: Set<DraftField>, parser: PhraseParser, context: Context
  ) throws(CLIError) {
    guard let amount = draft.amount, draft.kind != .transfer, !open.isEmpty else { return }
    let entries = try context.store().merchants.recentEntries(kind: draft.kind)
    context.reportLookupFailure()
    guard !entries.isEmpty else { return }
    let hour = context.now.time.hour
    func suggested(_ field: DraftField) {
      draft.inferred.insert(field)
      draft.fromHistory.insert(field)
    }
    if open.contains(.method),
      let method = QuickSuggestions.methods(
        entries, catalog: parser.catalog.methods.map(\.name), amount: amount, hour: hour, preferred: draft.method
      ).first
    {
      // The default method that entries of the amount used too is from the history as well.
      let near = QuickSuggestions.scores(entries, key: { $0.method }, amount: amount, hour: hour)[method]?.byAmount
      if method != draft.method || near == true { suggested(.method) }
      if method != draft.method {
        draft.method = method
        parser.reinferAccounts(&draft)
      }
    }
    if open.contains(.category),
      let category = QuickSuggestions.categories(
        entries, catalog: parser.catalog.categories(on: draft.kind.side).map(\.name), amount: amount, hour: hour,
        fallback: draft.category
      ).first, category != draft.category
    {
      draft.category = category
      suggested(.category)
    }
    if open.contains(.merchant), draft.merchant == nil, let category = draft.category,
      let merchant = QuickSuggestions.merchant(entries, category: category, amount: amount, hour: hour)
    {
      draft.merchant = merchant
      suggested(.merchant)
    }
  }

  /// One-shot add's ending: a missing amount is asked for on a terminal (never invented) and
  /// refused elsewhere; on a terminal the draft and `save? [Y/e/n]` (the shell's dialogue),
  /// elsewhere `--yes` is required; then the one save and the saved line.
  /// `fromAmount` are the fields left to `suggestFromAmount` once the amount is known (given,
  /// or asked for first, as quick asks it, with no draft shown before it).
  static func finish(
    _ draft: inout TransactionDraft, parser: PhraseParser, yes: Bool, context: Context, source: String,
    fromAmount: Set<DraftField> = []
  ) throws(CLIError) -> Rendered {
    if draft.amount != nil { try suggestFromAmount(&draft, open: fromAmount, parser: parser, context: context) }
    let asks = !yes && !context.assumeYes
    let missingAmount = draft.amount == nil
    if !draft.missing.isEmpty || asks {
      guard context.interactive else {
        if !draft.missing.isEmpty {
          throw .data(
            "\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing in the \(source)"
              + (draft.missingEndHint.map { " (\($0))" } ?? "") + "; nothing saved (on a terminal it is asked for)")
        }
        throw .usage("not on a terminal: add --yes to save without asking; nothing saved")
      }
      let dialogue = ConfirmDialogue(
        context: context, input: shellInput(interactive: true, databasePath: context.databasePath))
      defer { dialogue.input.close() }
      if !fromAmount.isEmpty && missingAmount {
        // As quick: the amount first, before any draft (its method and category are not known
        // yet), then what the entries of a similar amount suggest.
        guard case .value = dialogue.ask(.amount, in: &draft, parser: parser, entryLine: 0) else {
          if !dialogue.abandon(0) { throw .data("amount: missing; nothing saved") }
          return .nothing
        }
        try suggestFromAmount(&draft, open: fromAmount, parser: parser, context: context)
        if !asks { for warning in draft.warnings { context.output.warning(warning.shown) } }
      }
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
      saved.transaction, draft: draft, today: context.today,
      budgets: BudgetNotice.words(saved.budgets, context: context))
  }
}
