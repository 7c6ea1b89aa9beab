import Foundation
import SpendlyStore

/// The checks `backup` and `restore` make of the FILE they name before anything is opened.
public enum DatabaseFile {
  /// Why FILE is refused.
  public enum Refusal: Error, Sendable {
    /// It is the database itself (however spelled) or one of its companion files.
    case protected(ProtectedFile)
    case isADirectory
  }

  /// Whether `path` exists, refusing the database at `database`, its companion files and a directory.
  public static func exists(_ path: String, database: String) throws(Refusal) -> Bool {
    do {
      try ProtectedFile.check(path, database: database, allowingDatabases: true)
    } catch {
      throw .protected(error)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
    if isDirectory.boolValue { throw .isADirectory }
    return true
  }
}
