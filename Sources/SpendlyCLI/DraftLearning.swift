import SpendlyCore
import SpendlyParse

extension Context {
  /// Learning from corrections: a category or method a word only guessed ("snacks" → Food)
  /// gives way to the one last saved with the draft's merchant, so a correction made in review
  /// (Food → Entertainment at Social) is what later drafts for that merchant get, as typed
  /// fields already are. Typed fields are kept; such fields are shown `? from your history`.
  func learnFromHistory(_ draft: inout TransactionDraft, parser: PhraseParser) {
    guard let merchant = draft.merchant, draft.kind != .transfer, draft.account == nil,
      !draft.inferred.isDisjoint(with: [.category, .method]),
      let store = try? store(), let use = store.merchants.merchantUse(merchant)
    else { return }
    if draft.inferred.contains(.category), let category = parser.catalog.category(named: use.category),
      category.side == draft.kind.side, category.name != draft.category
    {
      draft.category = category.name
      draft.fromHistory.insert(.category)
    }
    if draft.inferred.contains(.method), let method = parser.catalog.method(named: use.method),
      method.name != draft.method
    {
      draft.method = method.name
      draft.fromHistory.insert(.method)
      parser.reinferAccounts(&draft)
    }
  }
}
