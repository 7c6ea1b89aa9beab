import SpendlyCore
import SpendlyStore

/// What `quick` offers, from the person's recent entries of the kind (newest first): the
/// method, category and merchant ranked by entries of a similar amount first, weighted by how
/// recent they are; only then by the time of day and how often each was used.
/// Deterministic for the same history, amount and clock (`--now`).
enum QuickSuggestions {
  /// How near an entry's amount is to the one typed: the same, within ±10%, half to double.
  enum Nearness: Int, CaseIterable {
    case same = 0
    case close = 1
    case within = 2

    /// The nearness of `used` to `asked` (both in minor units), or nil when farther.
    /// Compared exactly in Int128: doubling an amount may not fit its Int64.
    static func of(_ used: Int64, to asked: Int64) -> Nearness? {
      let (used, asked) = (Int128(used), Int128(asked))
      if used == asked { return .same }
      if used * 10 >= asked * 9 && used * 10 <= asked * 11 { return .close }
      if used <= asked * 2 && asked <= used * 2 { return .within }
      return nil
    }
  }

  /// One candidate's score, compared in order: amount nearness (the same amount, then ±10%,
  /// then half to double, each a sum of recency weights), entries within an hour, all entries.
  struct Score: Comparable {
    var near: [Int] = Array(repeating: 0, count: Nearness.allCases.count)
    var hour = 0
    var count = 0

    var byAmount: Bool { near.contains { $0 > 0 } }

    static func < (left: Score, right: Score) -> Bool {
      for (l, r) in zip(left.near, right.near) where l != r { return l < r }
      return (left.hour, left.count) < (right.hour, right.count)
    }
  }

  /// The scores of `key`'s values over `entries`: the newest entry of `entries.count` weighs
  /// `entries.count`, the oldest 1.
  static func scores(
    _ entries: [PastEntry], key: (PastEntry) -> String?, amount: Money, hour: Int
  ) -> [String: Score] {
    var scores: [String: Score] = [:]
    for (index, entry) in entries.enumerated() {
      guard let value = key(entry) else { continue }
      var score = scores[value] ?? Score()
      score.count += 1
      if entry.currency == amount.currency.code,
        let nearness = Nearness.of(entry.amount, to: amount.minorUnits)
      {
        score.near[nearness.rawValue] += entries.count - index
      }
      if let used = entry.hour, min(abs(used - hour), 24 - abs(used - hour)) <= 1 { score.hour += 1 }
      scores[value] = score
    }
    return scores
  }

  /// `catalog` ordered best first by `scores` (ties in catalog order); the ones never used
  /// follow in catalog order, with `fallback` first when nothing was used.
  static func rank(_ scores: [String: Score], catalog: [String], fallback: String?) -> [String] {
    var order = catalog.enumerated().filter { scores[$0.element] != nil }
      .sorted { left, right in
        let (l, r) = (scores[left.element]!, scores[right.element]!)
        return l != r ? r < l : left.offset < right.offset
      }
      .map(\.element)
    if order.isEmpty, let fallback, catalog.contains(fallback) { order.append(fallback) }
    order += catalog.filter { !order.contains($0) }
    return order
  }

  /// Methods, the suggested one first; with no history, `preferred` (the default method).
  static func methods(
    _ entries: [PastEntry], catalog: [String], amount: Money, hour: Int, preferred: String?
  ) -> [String] {
    rank(scores(entries, key: { $0.method }, amount: amount, hour: hour), catalog: catalog, fallback: preferred)
  }

  /// Categories of the side, the suggested one first; with no history, `fallback`.
  static func categories(
    _ entries: [PastEntry], catalog: [String], amount: Money, hour: Int, fallback: String?
  ) -> [String] {
    rank(scores(entries, key: { $0.category }, amount: amount, hour: hour), catalog: catalog, fallback: fallback)
  }

  /// The merchant to suggest for an entry of `category`: ranked the same way among the
  /// entries of that category, and only one that was used for a similar amount; else none.
  static func merchant(_ entries: [PastEntry], category: String, amount: Money, hour: Int) -> String? {
    let scores = scores(
      entries.filter { $0.category == category }, key: { $0.merchant }, amount: amount, hour: hour)
    let byAmount = scores.filter(\.value.byAmount)
    return byAmount.keys.sorted().max { byAmount[$0]! < byAmount[$1]! }
  }
}
