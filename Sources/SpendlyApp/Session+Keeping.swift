import Foundation
import SpendlyCore

extension Session {
  /// Where a database that a restore (or a JSON import's replace) replaces is kept: beside it,
  /// named by the day and time, with a number after when that name is taken.
  public func keepPath() -> String {
    let now = self.now
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
