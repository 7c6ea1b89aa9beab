import Foundation
import SpendlyCore
import SpendlyStore

/// `spendly backup FILE`: a consistent copy of the database, taken while others may write.
struct BackupCommand: Command {
  static let name = "backup"
  static let summary = "copy the database to a file (safe while Spendly is in use)"
  static let help = """
    usage: spendly backup FILE [--force]

    Copies the database with SQLite's online backup API: one consistent snapshot even while
    another Spendly writes. The file is readable by you only (0600) and is checked after it
    is written. An existing FILE is refused unless --force. 'spendly restore FILE' puts it back.
    """
  static let specs: [Arguments.Spec] = [.init("force", value: false)]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "FILE")
    let path = arguments.positional[0]
    let store = try context.store()
    if FileManager.default.fileExists(atPath: path), !arguments.has("force") {
      throw CLIError(.cannotCreate, "\(Render.safe(path)): exists; --force replaces it")
    }
    if (path as NSString).standardizingPath == (context.databasePath as NSString).standardizingPath {
      throw .usage("backup: \(Render.safe(path)) is the database itself")
    }
    let info = try reporting { try store.backup(to: path, replace: arguments.has("force")) }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    return Rendered(
      text: {
        [
          "backed up \(MoneyFormat.count(info.transactions)) transaction\(info.transactions == 1 ? "" : "s") to \(Render.safe(path)) (\(BackupCommand.bytes(size)), checked)"
        ]
      },
      json: {
        .object([
          ("file", .string(path)), ("transactions", .int(Int64(info.transactions))), ("bytes", .int(Int64(size))),
          ("schema", .int(Int64(info.schema))),
        ])
      })
  }

  static func bytes(_ count: Int) -> String {
    count >= 1 << 20 ? "\(count >> 20) MB" : count >= 1 << 10 ? "\(count >> 10) KB" : "\(count) bytes"
  }
}

/// `spendly restore FILE`: a backup put back, checked first, the replaced database kept.
struct RestoreCommand: Command {
  static let name = "restore"
  static let summary = "replace the database with a backup (the old one is kept beside it)"
  static let help = """
    usage: spendly restore FILE

    Checks FILE first (SQLite's integrity_check, Spendly's tables, a version this Spendly
    reads); nothing is replaced when any check fails. The database it replaces is kept beside
    it, as DATABASE.before-restore-DATE-TIME, and the line says where. An older backup is
    brought up to date.
    """
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "FILE")
    let path = arguments.positional[0]
    if (path as NSString).standardizingPath == (context.databasePath as NSString).standardizingPath {
      throw .usage("restore: \(Render.safe(path)) is the database itself")
    }
    // Checked before the database is even opened: a damaged file changes nothing.
    do {
      _ = try Store.check(path)
    } catch .damagedFile(_, let detail) {
      throw .data(
        "\(Render.safe(path)): damaged (\(Render.safe(detail))): nothing was restored; the database is as it was")
    } catch .notADatabase(_, let reason) {
      throw .data("\(Render.safe(path)): \(Render.safe(reason)): nothing was restored")
    } catch .missing {
      throw CLIError(.noInput, "\(Render.safe(path)): no such file")
    } catch .newerDatabase(let version) {
      throw .data(
        "\(Render.safe(path)): made by a newer Spendly (schema \(version)): nothing was restored; update Spendly")
    } catch {
      throw error.cli
    }
    let store = try context.store()
    let now = context.now
    let stamp =
      now.date.description.replacingOccurrences(of: "-", with: "") + "-"
      + String(format: "%02d%02d", now.time.hour, now.time.minute)
    var keep = context.databasePath + ".before-restore-" + stamp
    var n = 2
    while FileManager.default.fileExists(atPath: keep) {
      keep = context.databasePath + ".before-restore-\(stamp)-\(n)"
      n += 1
    }
    let info = try reporting { try store.restore(from: path, keepingAt: keep) }
    return Rendered(
      text: {
        [
          "restored \(MoneyFormat.count(info.transactions)) transaction\(info.transactions == 1 ? "" : "s") from \(Render.safe(path))",
          "  the database it replaced is kept at \(Render.safe(keep)) (spendly restore that file to go back)",
        ]
      },
      json: {
        .object([
          ("file", .string(path)), ("transactions", .int(Int64(info.transactions))), ("kept", .string(keep)),
        ])
      })
  }
}
