/// The known names nearest a word someone mistyped ("lst" → list), for "did you mean" lists:
/// names it starts, and those within a small edit distance (a letter added,
/// dropped, changed or two swapped), nearest first.
public enum NearestNames {
  /// At most `limit` of `names` near `word`, compared without case, nearest first.
  public static func to(_ word: String, among names: [String], limit: Int = 3) -> [String] {
    let typed = Array(NameKey(word).text)
    guard !typed.isEmpty else { return [] }
    var scored: [(name: String, distance: Int, order: Int)] = []
    for (order, name) in names.enumerated() {
      let candidate = Array(NameKey(name).text)
      let distance: Int
      if typed.count >= 2 && candidate.starts(with: typed) {
        distance = 0
      } else {
        distance = editDistance(typed, candidate)
      }
      // Words of up to four letters allow one edit, longer ones two: "ad" is not near "log".
      if distance <= (typed.count <= 4 ? 1 : 2) { scored.append((name, distance, order)) }
    }
    scored.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
    var seen = Set<String>()
    return scored.map(\.name).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
