import Foundation
import SpendlyCore
import SpendlyStore

/// The files `backup`, `restore` and a JSON import name: the checks before one is opened, and
/// where a replaced database is kept.
extension Context {
  /// Whether FILE exists, refusing the database itself (however spelled), its companion files
  /// and a directory: the checks backup and restore both make before anything is opened.
  func existingFile(_ path: String, command: String, kind: CLIError.Kind) throws(CLIError) -> Bool {
    do {
      try ProtectedFile.check(path, database: databasePath, allowingDatabases: true)
    } catch {
      throw CLIError(kind, "\(command): \(Render.safe(path)) \(error.reason)")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
    if isDirectory.boolValue { throw CLIError(kind, "\(Render.safe(path)): is a directory") }
    return true
  }

  /// Where the database a restore replaces is kept: beside it, named by the day and time.
  func restoreKeepPath() -> String {
    let stamp =
      now.date.description.replacingOccurrences(of: "-", with: "") + "-"
      + String(format: "%02d%02d", now.time.hour, now.time.minute)
    var keep = databasePath + ".before-restore-" + stamp
    var n = 2
    while FileManager.default.fileExists(atPath: keep) {
      keep = databasePath + ".before-restore-\(stamp)-\(n)"
      n += 1
    }
    return keep
  }
}
