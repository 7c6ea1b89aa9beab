/// A stored payment method's id (see `CategoryID`).
public struct MethodID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let rawValue: Int64
  public init(_ rawValue: Int64) { self.rawValue = rawValue }
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  public var description: String { "method #\(rawValue)" }
}
