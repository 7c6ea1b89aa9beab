import CSQLite
import SpendlyCore

/// Why a store operation failed. Each case reads as one line for the person.
public enum StoreError: Error, CustomStringConvertible {
  case invalid(ValidationError)
  /// A figure (a total, a balance) that no longer fits an amount: named, never capped.
  case tooLarge(FigureTooLarge)
  case notFound(Int64)
  case nothingToUndo
  case nothingToRedo
  /// The latest change replaced the whole database (its fact, and the copy kept, if any).
  case replaceNotUndoable(ChangeFact?, kept: String?)
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
  /// A stored row that does not read back (`show` of it; listings report these and go on).
  case damaged(DamagedRow)
  /// SQLite reports the file malformed (path, what it said): it takes no writes until repaired.
  case damagedFile(String, String)
  case diskFull
  /// Another process held the database past the busy timeout.
  case busy
  /// Reading or writing the file failed (what the system said).
  case ioError(String)
  /// Any other failure of SQLite (or of reading the store), as its plain message.
  case database(String)

  public var description: String {
    switch self {
    case .invalid(let error): return error.description
    case .tooLarge(let error): return error.message
    case .notFound(let id): return "id '\(id)': no transaction #\(id)"
    case .nothingToUndo: return "nothing to undo"
    case .replaceNotUndoable(_, let kept):
      return "the last change replaced the whole database (a restore or import --replace), and that is not undoable"
        + (kept.map { ": the database it replaced is kept at \($0)" }
          ?? ": there was no database before it")
    case .nothingToRedo: return "nothing to redo (a change made after an undo ends what can be redone)"
    case .duplicateName(let what, let name): return "\(what) '\(name)' already exists"
    case .unknown(let what, let name): return "\(what) '\(name)': not found"
    case .newerDatabase(let version):
      return "database schema version \(version) is newer than this spendly understands (\(Schema.latestVersion))"
    case .cannotOpen(let path, let reason): return "cannot open database '\(path)': \(reason)"
    case .missing(let path): return "no database at '\(path)' (adding a transaction creates it)"
    case .notADatabase(let path, let reason):
      return "'\(path)' is not a spendly database (\(reason)); it was left as it was"
    case .readOnly(let path): return "database '\(path)' is read-only for you: nothing can be saved"
    case .damaged(let row): return row.description
    case .damagedFile(let path, let detail):
      return "the database file is damaged (\(StoreError.damage(detail))): nothing is saved to it; check it with "
        + "sqlite3 '\(path)' 'PRAGMA integrity_check', or restore a backup"
    case .diskFull: return "the disk is full: nothing was saved"
    case .busy: return "the database is busy (another spendly is using it): nothing was saved; try again"
    case .ioError(let detail): return "the database file could not be read or written (\(detail)): nothing was saved"
    case .database(let message): return "the database file did not answer as a spendly database does (\(StoreError.plain(message))): nothing was changed"
    }
  }

  /// True when the error comes from what the person asked for rather than from the system.
  public var isDataError: Bool {
    switch self {
    case .database, .cannotOpen, .missing, .notADatabase, .readOnly, .damagedFile, .diskFull, .busy, .ioError:
      return false
    default: return true
    }
  }
}

extension StoreError {
  /// Runs money arithmetic whose overflow is a `FigureTooLarge`, as a store error.
  static func exact<T>(_ body: () throws(FigureTooLarge) -> T) throws(StoreError) -> T {
    do {
      return try body()
    } catch {
      throw .tooLarge(error)
    }
  }

  /// What SQLite's report of a damaged file (a failed call or `integrity_check`) says, as a
  /// phrase about the file: never SQLite's own lines, which name pages, cells and indexes.
  public static func damage(_ detail: String) -> String {
    let text = detail.lowercased()
    if text.contains("not a database") || text.contains("file is encrypted") { return "its header is not a database's" }
    if text.contains("index") && (text.contains("missing from") || text.contains("wrong # of entries")) {
      return "an index is out of step with its table"
    }
    if text.contains("page") || text.contains("malformed") || text.contains("btree") || text.contains("freelist") {
      return "some of its pages do not read back"
    }
    return "SQLite's check of it failed"
  }

  /// SQLite's message as a phrase about the file, never its SQL: a missing table or column
  /// means the file was made or changed by another program, or is damaged.
  static func plain(_ message: String) -> String {
    let text = message.lowercased()
    for (marker, what) in [("no such table: ", "table"), ("no such column: ", "column"), ("has no column named ", "column")] {
      let parts = text.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false)
      if parts.count == 2 {
        // The name alone (never the statement): letters, digits, _ and . up to 40 characters.
        let name = parts[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.prefix(40)
        return "its \(what) '\(name)' is missing: made by another program, or damaged?"
      }
    }
    if text.contains("constraint failed") { return "a stored record conflicts with this change" }
    if text.contains("too big") || text.contains("out of memory") { return "it ran out of room for a value" }
    return "a step of reading or writing it failed"
  }

  /// What a failed SQLite call means for the person, from its result code (never the SQL).
  static func from(_ error: DatabaseError, path: String) -> StoreError {
    // A sum past Int64 that the caller did not name more closely.
    if error.isSumTooLarge { return .tooLarge(FigureTooLarge(figure: "total of the amounts asked for")) }
    switch error.resultCode {
    case .corrupt, .notADatabase: return .damagedFile(path, error.message)
    case .full: return .diskFull
    case .busy, .locked: return .busy
    case .readOnly: return .readOnly(path)
    case .ioError: return .ioError(error.message)
    case .cannotOpen, .permission: return .cannotOpen(path, error.message)
    default: return .database(error.message)
    }
  }
}
