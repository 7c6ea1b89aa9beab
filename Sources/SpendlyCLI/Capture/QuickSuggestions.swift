import SpendlyCore
import SpendlyStore

/// What `quick` offers, from the person's recent entries of the kind (newest first): methods
/// most used first, and categories with the one suggested for this amount and hour first.
/// Deterministic for the same history, amount and clock (`--now`).
enum QuickSuggestions {
  /// Methods by how often the recent entries used them (ties in catalog order), then the ones
  /// never used, with `preferred` (the default method) first when nothing was used.
  static func methods(_ uses: [RecentUse], catalog: [String], preferred: String?) -> [String] {
    var counts: [String: Int] = [:]
    for use in uses where catalog.contains(use.method) { counts[use.method, default: 0] += 1 }
    let used = catalog.enumerated().filter { counts[$0.element] != nil }
      .sorted { (counts[$0.element]!, -$0.offset) > (counts[$1.element]!, -$1.offset) }
      .map(\.element)
    var order = used
    if order.isEmpty, let preferred, catalog.contains(preferred) { order.append(preferred) }
    order += catalog.filter { !order.contains($0) }
    return order
  }

  /// Categories of the side, the suggested one first. Each recent entry in the same currency
  /// scores for its category: 2 when its amount is within half to double of `amount`, 1 when it
  /// was recorded within an hour of `hour`. The category with the highest score is suggested
  /// (ties: more entries, then catalog order); with no score, the most used; with no history,
  /// `fallback`. The rest follow by use, then in catalog order.
  static func categories(
    _ uses: [RecentUse], catalog: [String], amount: Money, hour: Int, fallback: String?
  ) -> [String] {
    var scores: [String: Int] = [:]
    var counts: [String: Int] = [:]
    for use in uses where catalog.contains(use.category) {
      counts[use.category, default: 0] += 1
      guard use.currency == amount.currency.code else { continue }
      var score = 0
      // Compared exactly (in Int128): doubling an amount may not fit its Int64.
      let (used, asked) = (Int128(use.amount), Int128(amount.minorUnits))
      if used <= asked * 2 && asked <= used * 2 {
        score += 2
      }
      if let used = use.hour, min(abs(used - hour), 24 - abs(used - hour)) <= 1 { score += 1 }
      if score > 0 { scores[use.category, default: 0] += score }
    }
    func rank(_ key: [String: Int]) -> [String] {
      catalog.enumerated().filter { key[$0.element] != nil }
        .sorted {
          let left = (key[$0.element]!, counts[$0.element] ?? 0, -$0.offset)
          let right = (key[$1.element]!, counts[$1.element] ?? 0, -$1.offset)
          return left > right
        }
        .map(\.element)
    }
    var order: [String] = []
    if let best = rank(scores).first {
      order.append(best)
    } else if let fallback, counts.isEmpty, catalog.contains(fallback) {
      order.append(fallback)
    }
    order += rank(counts).filter { !order.contains($0) }
    order += catalog.filter { !order.contains($0) }
    return order
  }
}
