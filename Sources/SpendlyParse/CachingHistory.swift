import SpendlyCore

/// Remembers what a history answered, known merchant or not, so a long-lived parser (a
/// shell session, a benchmark) asks the database once per name. It never notices writes on
/// its own: call `forget()` after saving a transaction, or the next phrase may miss a
/// merchant just added. Names are one entry by their `NameKey`, as the store matches them.
public final class CachingHistory: MerchantHistory {
  private let base: any MerchantHistory
  private var uses: [NameKey: MerchantUse?] = [:]
  private let capacity: Int

  /// `capacity` bounds the memory: when full, the cache starts over.
  public init(_ base: any MerchantHistory, capacity: Int = 100_000) {
    self.base = base
    self.capacity = capacity
  }

  public func merchantUse(_ name: String) -> MerchantUse? {
    let key = NameKey(name)
    if let known = uses[key] { return known }
    let use = base.merchantUse(name)
    if uses.count >= capacity { uses.removeAll(keepingCapacity: true) }
    uses[key] = .some(use)
    return use
  }

  public func knownMerchant(_ name: String) -> String? { merchantUse(name)?.merchant }

  public func lastUse(of merchant: String) -> (category: String, method: String)? {
    merchantUse(merchant).map { ($0.category, $0.method) }
  }

  /// Drops every remembered answer (after a write).
  public func forget() { uses.removeAll() }
}
