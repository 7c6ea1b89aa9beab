import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly sync DIR`: imports every statement file in a folder not imported before (known by
/// its content), a line per file and a total.
struct SyncCommand: Command {
  static let name = "sync"
  static let summary = "import every new statement file in a folder: sync ~/Downloads/statements"
  static let help = """
    usage: spendly sync DIR [--account NAME] [--yes] [--day-first] [--dry-run] [--json]

    Each file in DIR (not in folders below it, not hidden, not *.rules) is known by its content:
    one imported before is not read again, so a daily run reads only new files. A new file is
    imported as 'spendly import' would, each one its own change ('undo' takes back the last),
    the oldest statement period first, each statement's balance check under its file's line.
    A bank CSV goes to the account whose saved mapping reads it (import it once with
    --account and --mapping). A file that names no account goes to the account already
    holding its rows, else to --account NAME, else to a new account. A file that does not read
    is reported and the others go on; sync then exits 65.
    """
  static let examples = ["spendly sync ~/Downloads/statements"]
  static let specs: [Option] = [
    .value("account", "NAME", .account, "the account for a file that names none and matches no rows"),
    .flag("yes", "create new accounts without asking", short: "y"),
    .flag("day-first", "QIF dates are day first"),
    .flag("dry-run", "show what would be imported; write nothing"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "DIR")
    let directory = arguments.positional[0]
    var request = StatementImporting.Request()
    request.accountName = arguments["account"]
    request.dayFirst = arguments.has("day-first")
    request.dryRun = arguments.has("dry-run")
    request.createAccounts = arguments.has("yes") || context.assumeYes
    let sync = StatementSync(session: context.session, request: request)
    let (results, seen): ([StatementSync.FileResult], Int)
    do throws(StatementSync.Refusal) {
      (results, seen) = try sync.run(directory)
    } catch {
      switch error {
      case .notAFolder(let path): throw CLIError(.noInput, "sync: '\(Render.safe(path))' is not a folder")
      case .cannotList(let path): throw CLIError(.noInput, "sync: cannot read '\(Render.safe(path))'")
      case .importing(let refusal): throw refusal.cli
      }
    }
    // A file's lines (safe to print already) and its JSON.
    var lines: [([String], SyncFileJSON)] = []
    var outcomes: [StatementImporting.Outcome] = []
    var failures: [String] = []
    // A dry run's file that needs an account (--account or --yes) did not fail: it is told.
    var needing = 0
    for result in results {
      switch result {
      case .imported(let outcome):
        outcomes.append(outcome)
        let text =
          [ImportView.line(outcome, dryRun: request.dryRun)] + ImportView.checks(outcome, output: context.output)
        lines.append((text, .imported(StatementImportJSON(outcome, dryRun: request.dryRun))))
      case .failed(let file, let refusal):
        let message = refusal.cli.message
        if request.dryRun, case .needsAccounts = refusal {
          needing += 1
        } else {
          failures.append(message)
        }
        lines.append(([Render.safe(message)], .failed(file: file, error: message)))
      case .unreadable(let file):
        let message = "\(Render.safe((directory as NSString).appendingPathComponent(file))): cannot read the file"
        failures.append(message)
        lines.append(([Render.safe(message)], .failed(file: file, error: message)))
      }
    }
    let added = outcomes.reduce(0) { $0 + $1.added }
    let total =
      "\(outcomes.count) new file\(outcomes.count == 1 ? "" : "s") · \(request.dryRun ? "would add \(added)" : "\(added) added") · \(seen) seen before"
      + (needing == 0 ? "" : " · \(needing) would need an account (--account NAME, or --yes to create it)")
      + (failures.isEmpty ? "" : " · \(failures.count) failed")
    let result = Rendered(
      text: { lines.flatMap(\.0) + [total] },
      json: {
        JSON(SyncJSON(files: lines.map(\.1), new: outcomes.count, seen: seen, added: added, errors: failures))
      })
    guard failures.isEmpty else {
      context.show(result)
      throw .data("sync: \(failures.count) file\(failures.count == 1 ? "" : "s") did not import")
    }
    return result
  }
}

/// `sync DIR --json`: each new file's import (or why it failed), the counts, and the failures.
struct SyncJSON: Encodable {
  let files: [SyncFileJSON]
  let new: Int
  let seen: Int
  let added: Int
  let errors: [String]
}

/// One file of a sync: its import's JSON, or the file and why it did not import.
enum SyncFileJSON: Encodable {
  case imported(StatementImportJSON)
  case failed(file: String, error: String)

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .imported(let outcome): try outcome.encode(to: encoder)
    case .failed(let file, let error):
      var container = encoder.container(keyedBy: JSONKey.self)
      try container.encode(file, forKey: "file")
      try container.encode(error, forKey: "error")
    }
  }
}
