import SpendlyCore

extension TransactionDraft {
  /// What the person corrected in review, this draft being the reviewed one and `shown` the
  /// draft as first shown: each category or method that was inferred there (a word's guess,
  /// history or a default) and that they chose otherwise, for the merchant of the entry. Kept
  /// through the store, they are what later drafts for that merchant take (`inferFromHistory`).
  /// A transfer, or an entry without a merchant, corrects nothing.
  public func corrections(since shown: TransactionDraft) -> [MerchantCorrection] {
    guard kind != .transfer, let merchant, !merchant.isEmpty else { return [] }
    var result: [MerchantCorrection] = []
    if shown.inferred.contains(.category), !inferred.contains(.category), let category, category != shown.category {
      result.append(MerchantCorrection(merchant: merchant, field: .category, value: category))
    }
    if shown.inferred.contains(.method), !inferred.contains(.method), let method, method != shown.method {
      result.append(MerchantCorrection(merchant: merchant, field: .method, value: method))
    }
    return result
  }
}
