/// The fields of a stored transaction as an export reads them, by name.
public enum TransactionField: Int, CaseIterable, Sendable {
  case date, time, kind, amount, currency, category, method, merchant, note, account, status, postedDate,
    foreignAmount, foreignCurrency, rate, externalReference, importSource, recurring, counterAccount, counterMethod,
    entry, mcc, counterReference,
    /// The transaction's id and its current revision's (`--all-fields` Id and Revision).
    id, revision
}

/// A stored transaction's fields read in place, as the bytes the store holds (names already
/// joined in): the fast path for exports of a million rows, valid only while it is handed over.
/// Text is empty for none; `amount`, `foreignAmount`, `recurring`, `mcc`, `id` and `revision` are integers.
public protocol StoredRow {
  func bytes(_ field: TransactionField) -> UnsafeRawBufferPointer
  func integer(_ field: TransactionField) -> Int64?
}
