/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fully specified random generator, so generated
/// test and benchmark data is the same on every machine (the standard library's is unspecified).
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<n.
  public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// A number in [0, 1).
  public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// True `percent` times in a hundred.
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
