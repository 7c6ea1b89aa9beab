import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The period of a question over the whole history ("lifetime", "lifetime by category"): from
/// the first entry to the last, or to today when that is later.
extension Session {
  /// Everything recorded; nil for a store with no entry.
  public func wholeHistory() throws(StoreError) -> Period? {
    guard let (first, last) = try store().reports.dateRange() else { return nil }
    return Period(from: first, to: max(last, today), name: .wholeHistory)
  }

  /// The question's own period, else the whole history when it said "lifetime", else nil (the
  /// report's default).
  public func period(of query: Query) throws(StoreError) -> Period? {
    if let period = query.period { return period }
    return query.wholeHistory ? try wholeHistory() : nil
  }
}
