import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly import FILE`: a bank's statement (OFX, QFX, QBO, QIF, CAMT.053/052 or a CSV with a
/// mapping), matched against what was typed and imported before, as one undoable change.
struct ImportCommand: Command {
  static let name = "import"
  static let summary = "import a bank statement (OFX, QIF, CAMT, bank CSV) or Spendly's CSV/JSON"
  static let help = """
    usage: spendly import FILE [--account NAME] [--dry-run] [--json] [--yes]
                               [--mapping RULES] [--day-first] [--allow-duplicates] [--review]
           spendly import --guess FILE        a bank CSV's mapping, guessed, to check and save
           spendly import FILE.csv [--dry-run] [--sync-deletes]   Spendly's own CSV (spendly export csv)
           spendly import FILE.json [--dry-run] [--replace]   Spendly's JSON (spendly export json)

    Spendly's own files: a CSV with its header (Date, Type and Amount at least; any of
    export's columns, any order) is read a row at a time; a bad row is FILE:LINE:COLUMN and
    nothing is written; rows already here are duplicates, skipped. Names it does not know
    (categories, methods, accounts) are added and listed. A JSON export restores exactly
    into an empty database; into one with data its transactions are merged (duplicates
    skipped, one change that 'undo' takes back), or --replace replaces the database with it,
    keeping the old one beside it. A replace is not undoable: 'undo' names the copy it kept,
    and 'spendly restore COPY' goes back.

    Editing an export in a spreadsheet: 'export csv --all-fields' writes each row's Id first
    and its Revision and Database (this database's lineage) last. Imported back into the
    database it came from (the same lineage: a copy, backup or restore of it too), a row with
    an Id is that transaction: unchanged when it equals the revision it was exported at;
    updated (a new revision, see 'history ID') when it differs and the transaction is still at
    that revision; a conflict, listed and left as it is, when the transaction changed or was
    deleted since. A row without an Id, or from another database, is new (duplicates skipped).
    The summary reads '3 updated · 1 added · 549 unchanged · 1 conflict'. A row deleted in
    the sheet deletes nothing, unless --sync-deletes: then every transaction the export held
    that the file no longer has is deleted, unless it changed since (a conflict). An export of
    every transaction says in its Database cell (LINEAGE@N) how far the history had gone, so
    it held each transaction made by then. A filtered export held those with an id at most
    the file's largest Id and a date within its first and last (give --sync-deletes only to
    an export of everything in its dates): a row deleted at its edges stays, and
    'spendly delete ID' deletes it. Updates, additions and deletions are one change:
    one 'undo' takes them all back.

    Bank statements:
    The format comes from the content, never the name. Each statement goes to the account with
    its number (or last four digits), else --account (a name, a unique word or prefix of
    one), else the account already holding the file's rows, else a new account (--yes creates
    it; a CSV's currency column gives each currency its own). On a terminal it asks before
    creating one; off a terminal it creates it and names it in the summary. The same file
    again changes nothing. An older statement than one imported leaves what the newer one
    settled, and moves the account's opening back to where it began. A row already imported
    (same reference) is skipped; a row that matches a typed entry of the
    same amount within 3 days becomes that entry's bank side (the entry keeps its category,
    merchant and note), a typed transfer's too, on either of its accounts. Amount and days
    decide; the names (AMZN Mktp is Amazon) only choose between several, and the summary lists
    every match. --review asks at the terminal for each match whose names differ. The
    narration tells an ATM withdrawal (a transfer to Cash), a self transfer, a card bill and a
    salary (grammar/lexicon/statements.txt). A pending row now booked is updated; a pending row a newer statement no
    longer has is removed. A row without a reference that looks like one already imported is
    a possible duplicate, skipped unless --allow-duplicates. A payment seen on two statements
    is one transfer. New rows get a category from your history for the merchant, the card's
    MCC, the words of the payee, else Other (marked inferred). One import is one change:
    'undo' takes it all back; a file that does not read imports nothing.

    A bank CSV needs a mapping (columns by header name or number, date-format, decimal-comma,
    thousands, skip, delimiter, encoding, negate); it is saved with the account, so the next
    import from that bank needs no --mapping. --guess writes one, each choice explained in a
    '#' line ('# warning:' where it is unsure). 'skip = N' skips title lines before the header;
    'header = no' says there is none (columns are then numbers); 'skip-end = N' skips the last
    N lines; 'skip-matching = REGEX' skips lines that match. Rows of '*' or '-' are skipped;
    lines after the last row that are no rows are a footer, skipped and counted. A mapping that
    reads every row as one kind while the file has both is refused. QIF dates are month first
    unless --day-first.
    """
  static let examples = ["spendly import statement.ofx", "spendly import books.csv --dry-run"]
  static let specs: [Option] = [
    .value("account", "NAME", .account, "the account a statement without a known number goes to"),
    .flag("dry-run", "show what would be imported; write nothing"),
    .flag("yes", "create a new account without asking", short: "y"),
    .value("mapping", "RULES", .file, "a bank CSV's mapping (a file of rules; see --guess)"),
    .flag("guess", "print a guessed mapping for FILE, each choice explained"),
    .flag("day-first", "QIF dates are day first"),
    .flag("allow-duplicates", "import rows that look like ones already imported"),
    .flag("replace", "a JSON export replaces the database (the old one is kept beside it)"),
    .flag("sync-deletes", "an --all-fields CSV: delete the transactions its export held that it no longer has"),
    .flag("review", "ask at the terminal about each match whose names differ"),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "FILE")
    let path = arguments.positional[0]
    // Spendly's own files (its CSV, its JSON export) are read as they stream, never whole.
    // A mapping says the file is a bank's CSV, whatever its header.
    if let kind = arguments["mapping"] == nil
      ? try spendlyImported({ () throws(SpendlyFileImporting.Refusal) in try SpendlyFileImporting.kind(of: path) })
      : nil
    {
      do {
        try noStatementOptions(arguments, kind == .csv ? "Spendly's CSV" : "Spendly's JSON")
        var request = SpendlyFileImporting.Request(path: path)
        request.dryRun = arguments.has("dry-run")
        request.replace = arguments.has("replace")
        try syncDeletesOnlyForCSV(arguments, kind)
        request.syncDeletes = arguments.has("sync-deletes")
        var importer = SpendlyFileImporting(session: context.session, request: request)
        let size = SpendlyFileImporting.size(path)
        let progress = Progress(total: size, enabled: System.isTerminal(2) && size > 4 << 20)
        defer { progress.clear() }
        importer.progress = { bytes, rows in progress.show(bytes, rows: rows) }
        let outcome = try spendlyImported { () throws(SpendlyFileImporting.Refusal) in try importer.run(kind) }
        return SpendlyFileView.rendered(outcome)
      } catch {
        // With --json the summary still comes, its `errors` saying why nothing was imported.
        if context.json {
          context.output.line(
            JSON(
              ImportRefusedJSON(
                file: path, format: kind == .csv ? "Spendly CSV" : "Spendly JSON", dryRun: arguments.has("dry-run"),
                errors: [error.message])
            ).rendered())
        }
        throw error
      }
    }
    if arguments.has("sync-deletes") {
      throw .usage("import: --sync-deletes is for Spendly's CSV (export csv --all-fields), not a bank statement")
    }
    if arguments.has("review") && !context.interactive {
      throw .usage("import: --review asks at a terminal; run it on one")
    }
    if arguments.has("guess") {
      do {
        return .lines(try MappingGuessing(path: path).run().text.split(separator: "\n").map(String.init))
      } catch {
        throw error.cli
      }
    }
    let bytes = try Self.bytes(path)
    // The same file again changes nothing: every row of it is in already.
    if let known = try reporting({ try StatementImporting.seenBefore(bytes, in: context.session) }) {
      var outcome = StatementImporting.Outcome(file: (path as NSString).lastPathComponent, format: known.format)
      outcome.seenBefore = known.rows
      return ImportView.rendered(outcome, dryRun: false, output: context.output)
    }
    var request = StatementImporting.Request()
    request.accountName = arguments["account"]
    if let rules = arguments["mapping"] {
      request.mappingText = String(decoding: try Self.bytes(rules), as: UTF8.self)
      request.mappingName = (rules as NSString).lastPathComponent
    } else if arguments["account"] == nil,
      // A bank CSV with no mapping given: the account whose saved mapping reads it.
      let (account, saved) = try imported({ () throws(StatementImporting.Refusal) in
        try StatementSync.savedMappingAccount(bytes, in: context.session)
      })
    {
      request.accountName = account
      request.mappingText = saved
      request.mappingName = "saved mapping of \(account)"
    }
    request.dayFirst = arguments.has("day-first")
    request.allowDuplicates = arguments.has("allow-duplicates")
    request.dryRun = arguments.has("dry-run")
    // Off a terminal a statement's new account is created (and named in the summary); on one,
    // the import asks once before creating any.
    request.createAccounts = arguments.has("yes") || context.assumeYes || !context.interactive
    var importer = StatementImporting(session: context.session, request: request)
    importer.confirm =
      context.interactive && !request.createAccounts ? { names in confirmCreate(names, context) } : nil
    importer.willSave = { rows in Self.announce(rows, file: (path as NSString).lastPathComponent) }
    if arguments.has("review") && !request.dryRun {
      importer.request.refusedMatches = try review(importer, path: path, bytes: bytes, context: context)
    }
    let outcome: StatementImporting.Outcome
    do {
      outcome = try imported { () throws(StatementImporting.Refusal) in try importer.run(path: path, bytes: bytes) }
    } catch {
      // With --json the summary still comes, its `errors` saying why nothing was imported.
      if context.json {
        var failed = StatementImporting.Outcome(file: (path as NSString).lastPathComponent, format: "")
        failed.errors = [error.message]
        context.output.line(ImportView.json(failed, dryRun: request.dryRun).rendered())
      }
      throw error
    }
    return ImportView.rendered(outcome, dryRun: request.dryRun, output: context.output)
  }

  /// `--review`: the import planned (nothing written), then each match whose names differ asked
  /// about; the lines answered no, which the import then leaves unmatched.
  static func review(_ importer: StatementImporting, path: String, bytes: [UInt8], context: Context)
    throws(CLIError) -> Set<Int>
  {
    var planning = importer
    planning.request.dryRun = true
    planning.request.createAccounts = true  // asked once, by the import itself
    planning.confirm = nil
    planning.willSave = nil
    let planned = try imported { () throws(StatementImporting.Refusal) in try planning.run(path: path, bytes: bytes) }
    let uncertain = planned.plans.flatMap { plan in plan.plan.matched.filter { !$0.certain } }
    guard !uncertain.isEmpty else { return [] }
    let dialogue = ConfirmDialogue(
      context: context, input: shellInput(interactive: true, databasePath: context.databasePath))
    defer { dialogue.input.close() }
    var refused = Set<Int>()
    for match in uncertain {
      context.output.line(
        "line \(match.line): \(Render.safe(match.bank ?? "(no payee)")) ↔ #\(match.id) \(Render.safe(match.typed))")
      if !dialogue.yes("the same payment?", explain: "Enter or y matches them, n keeps the row as new") {
        refused.insert(match.line)
      }
    }
    return refused
  }

  /// Reads the file's bytes: a file that cannot be read is an error naming it.
  static func bytes(_ path: String) throws(CLIError) -> [UInt8] {
    guard let bytes = StatementImporting.bytes(path) else {
      throw CLIError(.noInput, "\(Render.safe(path)): cannot read the file")
    }
    return bytes
  }

  /// A large file takes a moment: said on a terminal before it is matched and saved.
  static func announce(_ rows: Int, file: String) {
    guard rows > 5000, System.isTerminal(2) else { return }
    FileHandle.standardError.write(
      Data("\(Render.safe(file)): \(MoneyFormat.count(rows)) rows read; matching and saving…\n".utf8))
  }

  /// Spendly's own files carry everything; the statement options do not apply to them.
  static func noStatementOptions(_ arguments: Arguments, _ what: String) throws(CLIError) {
    for option in ["account", "guess", "day-first", "allow-duplicates", "review"]
    where arguments.values[option] != nil || arguments.has(option) {
      throw .usage("import: --\(option) is for bank statements; \(what) names its own accounts and skips duplicates")
    }
  }

  /// `--sync-deletes` deletes what an `--all-fields` CSV no longer has: it means nothing for a JSON export.
  static func syncDeletesOnlyForCSV(_ arguments: Arguments, _ kind: SpendlyFileImporting.Kind) throws(CLIError) {
    guard arguments.has("sync-deletes"), kind != .csv else { return }
    throw .usage("import: --sync-deletes is for Spendly's CSV (export csv --all-fields)")
  }

  /// On a terminal, a statement for a new account is created after one yes (asked before the
  /// import, which then creates what it needs).
  static func confirmCreate(_ names: [String], _ context: Context) -> Bool {
    let list = names.map { "'\(Render.safe($0))'" }.joined(separator: ", ")
    FileHandle.standardError.write(
      Data("create account\(names.count == 1 ? "" : "s") \(list) for this statement? [y/N] ".utf8))
    guard let answer = readLine() else { return false }
    return ["y", "yes"].contains(answer.trimmingSpaces().lowercased())
  }
}

/// `import --json` of Spendly's own file when nothing was imported: the file, and why.
struct ImportRefusedJSON: Encodable {
  let file: String
  let format: String
  let dryRun: Bool
  var added = 0
  let errors: [String]
}
