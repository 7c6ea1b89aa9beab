/// One stored value as a whole-database export carries it: what SQLite keeps in Spendly's
/// tables (integers, text, null; money is integer minor units, never a float).
public enum ArchiveValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case text(String)
}

/// One table of a whole-database export: its name and its columns, in order.
public struct ArchiveTable: Sendable, Hashable {
  public let name: String
  public let columns: [String]

  public init(name: String, columns: [String]) {
    self.name = name
    self.columns = columns
  }
}
