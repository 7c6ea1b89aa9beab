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
  /// A read found no database at the path (and created none).
  case missing(String)
  /// The path holds something that is not a Spendly database; it is left as it was.
  case notADatabase(String, String)
  /// A write was asked of a database this user cannot write.
  case readOnly(String)
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
    case .missing(let path): return "no database at '\(path)' (adding a transaction creates it)"
    case .notADatabase(let path, let reason):
      return "'\(path)' is not a spendly database (\(reason)); it was left as it was"
    case .readOnly(let path): return "database '\(path)' is read-only for you: nothing can be saved"
    case .database(let error): return error.description
    }
  }

  /// True when the error comes from what the person asked for rather than from the system.
  public var isDataError: Bool {
    switch self {
    case .database, .cannotOpen, .missing, .notADatabase, .readOnly: return false
    default: return true
    }
  }
}
