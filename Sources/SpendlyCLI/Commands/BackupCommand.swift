import Foundation
import SpendlyApp
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
  static let examples = ["spendly backup ~/spendly-backup.db"]
  static let specs: [Option] = [.flag("force", "replace an existing FILE")]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "FILE")
    let path = arguments.positional[0]
    var request = BackingUp.Request(path: path)
    request.force = arguments.has("force")
    let info: BackingUp.Outcome
    do {
      info = try BackingUp(session: context.session, request: request).run()
    } catch {
      throw error.cli(path, database: context.databasePath)
    }
    let size = info.bytes
    return Rendered(
      text: {
        [
          "backed up \(MoneyFormat.count(info.transactions)) transaction\(info.transactions == 1 ? "" : "s") to \(Render.safe(path)) (\(BackupCommand.bytes(size)), checked)"
        ]
      },
      json: {
        JSON(BackupJSON(file: path, transactions: info.transactions, bytes: size, schema: info.schema))
      })
  }

  static func bytes(_ count: Int) -> String {
    count >= 1 << 20 ? "\(count >> 20) MB" : count >= 1 << 10 ? "\(count >> 10) KB" : "\(count) bytes"
  }
}

/// `backup --json`: the file written, what it holds and its size.
struct BackupJSON: Encodable {
  let file: String
  let transactions: Int
  let bytes: Int
  let schema: Int
}
