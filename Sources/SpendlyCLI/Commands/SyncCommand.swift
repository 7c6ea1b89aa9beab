import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly sync DIR`: imports every statement file in a folder not imported before (known by
/// its content), a line per file and a total.
struct SyncCommand: Command {
  static let name = "sync"
  static let summary = "import every new statement file in a folder: sync ~/Downloads/statements"
  static let help = """
    usage: spendly sync DIR [--yes] [--day-first] [--dry-run] [--json]

    Each file in DIR (not in folders below it, not hidden, not *.rules) is known by its content:
    one imported before is not read again, so a daily run reads only new files. A new file is
    imported as 'spendly import' would, each one its own change ('undo' takes back the last).
    A bank CSV goes to the account whose saved mapping reads it (import it once with
    --account and --mapping). A file that does not read is reported and the others go on;
    sync then exits 65.
    """
  static let examples = ["spendly sync ~/Downloads/statements"]
  static let specs: [Arguments.Spec] = [
    .init("yes", value: false, short: "y"), .init("day-first", value: false), .init("dry-run", value: false),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "DIR")
    let directory = arguments.positional[0]
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CLIError(.noInput, "sync: '\(Render.safe(directory))' is not a folder")
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
        !$0.hasPrefix(".") && !$0.hasSuffix(".rules")
      }.sorted()
    } catch {
      throw CLIError(.noInput, "sync: cannot read '\(Render.safe(directory))'")
    }
    let store = try context.store()
    var lines: [(String, JSON)] = []
    var outcomes: [StatementImport.Outcome] = []
    var failures: [String] = []
    var seen = 0
    for name in names {
      let path = (directory as NSString).appendingPathComponent(name)
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
      let bytes: [UInt8]
      do {
        bytes = try StatementImport.bytes(path)
      } catch {
        failures.append(error.message)
        lines.append((error.message, .object([("file", .string(name)), ("error", .string(error.message))])))
        continue
      }
      if try reporting({ try store.imports.file(hash: ContentHash.file(bytes)) }) != nil {
        seen += 1
        continue
      }
      var importer = StatementImport(context: context)
      importer.dayFirst = arguments.has("day-first")
      importer.dryRun = arguments.has("dry-run")
      importer.createAccounts = arguments.has("yes") || context.assumeYes
      importer.sync = true
      do throws(CLIError) {
        if let (account, mapping) = try csvAccount(bytes, context: context) {
          importer.accountName = account
          importer.mappingText = mapping
        }
        let outcome = try importer.run(path: path, bytes: bytes)
        outcomes.append(outcome)
        lines.append(
          (ImportView.line(outcome, dryRun: importer.dryRun), ImportView.json(outcome, dryRun: importer.dryRun)))
      } catch {
        failures.append(error.message)
        lines.append((error.message, .object([("file", .string(name)), ("error", .string(error.message))])))
      }
    }
    let added = outcomes.reduce(0) { $0 + $1.added }
    let total =
      "\(outcomes.count) new file\(outcomes.count == 1 ? "" : "s") · \(arguments.has("dry-run") ? "would add \(added)" : "\(added) added") · \(seen) seen before"
      + (failures.isEmpty ? "" : " · \(failures.count) failed")
    let result = Rendered(
      text: { lines.map { Render.safe($0.0) } + [total] },
      json: {
        .object([
          ("files", .array(lines.map(\.1))), ("new", .int(Int64(outcomes.count))), ("seen", .int(Int64(seen))),
          ("added", .int(Int64(added))), ("errors", .array(failures.map { .string($0) })),
        ])
      })
    guard failures.isEmpty else {
      context.show(result)
      throw .data("sync: \(failures.count) file\(failures.count == 1 ? "" : "s") did not import")
    }
    return result
  }

  /// For a bank CSV: the account whose saved mapping reads it, with that mapping.
  static func csvAccount(_ bytes: [UInt8], context: Context) throws(CLIError) -> (String, String)? {
    let text = TextDecoding.text(bytes)
    guard StatementFormat.detect(text) == .csv || StatementFormat.detect(text) == nil else { return nil }
    let store = try context.store()
    for account in try reporting({ try store.accounts.all() }) {
      guard let saved = try reporting({ try store.imports.mapping(for: account.name) }),
        let mapping = try? BankCSVMapping(text: saved),
        (try? BankCSVFormat.read(
          TextDecoding.text(bytes, declared: mapping.encoding), mapping: mapping, currency: account.currency)) != nil
      else { continue }
      return (account.name, saved)
    }
    return nil
  }
}
