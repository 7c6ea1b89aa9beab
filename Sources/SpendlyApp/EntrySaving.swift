import SpendlyCore
import SpendlyStore

/// Saving entries: one add or edit through the store's one write path, with the budgets it
/// counts against watched before and after. What to say about it is the caller's.
public enum EntrySaving {
  /// An entry as saved, with what it did to the budgets (or why they could not be read).
  public struct Saved: Sendable {
    public let transaction: Transaction
    public let budgets: Result<[BudgetWatch.Change], StoreError>
  }

  /// Adds `fields`, and in the same change the fields the person corrected in review for its
  /// merchant (kept for later drafts).
  public static func add(
    _ fields: TransactionFields, corrections: [MerchantCorrection] = [], in session: Session
  ) throws(StoreError) -> Saved {
    let store = try session.store()
    let watch = BudgetWatch([fields], store: store)
    let saved = try store.transactions.add(fields, corrections: corrections)
    return Saved(transaction: saved, budgets: Result { () throws(StoreError) in try watch.after(store: store) })
  }

  /// Replaces transaction `id`'s fields with `fields`, and in the same change the fields the
  /// person corrected for its merchant.
  public static func edit(
    id: Int64, _ fields: TransactionFields, corrections: [MerchantCorrection] = [], in session: Session
  ) throws(StoreError) -> Saved {
    let store = try session.store()
    let watch = BudgetWatch([fields], store: store)
    let saved = try store.transactions.edit(id: id, fields, corrections: corrections)
    return Saved(transaction: saved, budgets: Result { () throws(StoreError) in try watch.after(store: store) })
  }

  /// The total of `fields`' kind and category in its month and currency: "Food this month ₹6,420.00".
  public static func monthTotal(of fields: TransactionFields, in session: Session) throws(StoreError) -> Money {
    let filter = TransactionFilter(
      kind: fields.kind, category: fields.category, currency: fields.amount.currency,
      from: fields.date.startOfMonth, to: fields.date.endOfMonth)
    return Money(minorUnits: try session.store().reports.total(filter), currency: fields.amount.currency)
  }
}
