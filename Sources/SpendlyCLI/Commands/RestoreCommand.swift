import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore

/// `spendly restore FILE`: a backup put back, checked first, the replaced database kept.
struct RestoreCommand: Command {
  static let name = "restore"
  static let summary = "replace the database with a backup (the old one is kept beside it)"
  static let help = """
    usage: spendly restore FILE

    Checks FILE first (SQLite's integrity_check, Spendly's tables, a version this Spendly
    reads); nothing is replaced when any check fails. The database it replaces is kept beside
    it, as DATABASE.before-restore-DATE-TIME, and the line says where. An older backup is
    brought up to date. Another Spendly saving meanwhile waits, and its entry is in the kept
    copy or the restored database. A restore is not undoable: 'undo' names the kept copy, and
    'spendly restore COPY' goes back.
    """
  static let examples = ["spendly restore ~/spendly-backup.db"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "FILE")
    let path = arguments.positional[0]
    let info: Restoring.Outcome
    do {
      info = try Restoring(session: context.session, request: Restoring.Request(path: path)).run()
    } catch {
      throw error.cli(path)
    }
    let keep = info.kept
    return Rendered(
      text: {
        [
          "restored \(MoneyFormat.count(info.transactions)) transaction\(info.transactions == 1 ? "" : "s") from \(Render.safe(path))",
          keep.map { "  the database it replaced is kept at \(Render.safe($0)) (spendly restore that file to go back)" }
            ?? "  there was no database here before",
        ]
      },
      json: {
        JSON(RestoreJSON(file: path, transactions: info.transactions, kept: keep))
      })
  }
}

/// `restore --json`: the backup put back and where the replaced database is kept (null: none).
struct RestoreJSON: Encodable {
  let file: String
  let transactions: Int
  let kept: String?
}
