import SpendlyCore

extension TransactionDraft {
  /// What the person corrected in review, this draft being the reviewed one and `shown` the
  /// draft as first shown: each category or method that was inferred there (a word's guess,
  /// history or a default) and that they chose otherwise, for the merchant of the entry. Kept
  /// through the store, they are what later drafts for that merchant take (`inferFromHistory`).
  /// A transfer, or an entry without a merchant, corrects nothing.
  public func corrections(since shown: TransactionDraft) -> [MerchantCorrection] {
    var offered: [MerchantCorrection.Field: String?] = [:]
    if shown.inferred.contains(.category) { offered[.category] = shown.category }
    if shown.inferred.contains(.method) { offered[.method] = shown.method }
    return corrections(of: offered)
  }

  /// What an edit of a stored entry corrected: its stored category or method, changed to one
  /// the person chose (`edit ID`, at the prompt or one-shot). The stored fields are what the
  /// tool kept for the merchant, so changing one is a correction as in review.
  public func corrections(editing stored: TransactionFields) -> [MerchantCorrection] {
    corrections(of: [.category: stored.category, .method: stored.method])
  }

  /// The one rule under both: each field `offered` (what the tool put there) that this draft
  /// has chosen otherwise, by the person (not inferred again), for its merchant.
  /// `quick` passes the category and method it suggested.
  public func corrections(of offered: [MerchantCorrection.Field: String?]) -> [MerchantCorrection] {
    guard kind != .transfer, let merchant, !merchant.isEmpty else { return [] }
    var result: [MerchantCorrection] = []
    for field in MerchantCorrection.Field.allCases {
      guard let was = offered[field] else { continue }
      let (draftField, chosen) = field == .category ? (DraftField.category, category) : (.method, method)
      if !inferred.contains(draftField), let chosen, chosen != was {
        result.append(MerchantCorrection(merchant: merchant, field: field, value: chosen))
      }
    }
    return result
  }
}
