/// A stored category's id. A name is resolved to its id once, against the catalog, and the id
/// is what a write stores: a rename between reading the catalog and writing changes nothing.
public struct CategoryID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let rawValue: Int64
  public init(_ rawValue: Int64) { self.rawValue = rawValue }
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  public var description: String { "category #\(rawValue)" }
}
