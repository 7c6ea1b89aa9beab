import SpendlyCore

/// Why a store operation failed. Each case reads as one line for the person.
public enum StoreError: Error, CustomStringConvertible {
  case invalid(ValidationError)
  case notFound(Int64)
  case nothingToUndo
  case duplicateName(String, String)
  case unknown(String, String)
  case newerDatabase(Int)
  case cannotOpen(String, String)
  case database(DatabaseError)

  public var description: String {
    switch self {
    case .invalid(let error): return error.description
    case .notFound(let id): return "id '\(id)': no transaction #\(id)"
    case .nothingToUndo: return "nothing to undo"
    case .duplicateName(let what, let name): return "\(what) '\(name)' already exists"
    case .unknown(let what, let name): return "\(what) '\(name)': not found"
    case .newerDatabase(let version):
      return "database schema version \(version) is newer than this spendly understands (\(Schema.latestVersion))"
    case .cannotOpen(let path, let reason): return "cannot open database '\(path)': \(reason)"
    case .database(let error): return error.description
    }
  }

  /// True when the error comes from what the person asked for rather than from the system.
  public var isDataError: Bool {
    switch self {
    case .database, .cannotOpen: return false
    default: return true
    }
  }
}
