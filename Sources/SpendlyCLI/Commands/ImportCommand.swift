import Foundation
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
                               [--mapping RULES] [--day-first] [--allow-duplicates]
           spendly import --guess FILE        a bank CSV's mapping, guessed, to check and save
           spendly import FILE.csv [--dry-run]           Spendly's own CSV (spendly export csv)
           spendly import FILE.json [--dry-run] [--replace]   Spendly's JSON (spendly export json)

    Spendly's own files: a CSV with its header (Date, Type and Amount at least; any of
    export's columns, any order) is read a row at a time; a bad row is FILE:LINE:COLUMN and
    nothing is written; rows already here are duplicates, skipped. Names it does not know
    (categories, methods, accounts) are added and listed. A JSON export restores exactly
    into an empty database; into one with data its transactions are merged (duplicates
    skipped, one change that 'undo' takes back), or --replace replaces the database with it,
    keeping the old one beside it. A replace is not undoable: 'undo' names the copy it kept,
    and 'spendly restore COPY' goes back.

    Bank statements:
    The format comes from the content, never the name. Each statement goes to the account with
    its number (or last four digits), else --account, else a new account (--yes creates it).
    On a terminal it asks before creating one; off a terminal it creates it and names it in
    the summary. The same file again changes nothing. A row already imported (same reference) is skipped; a row that matches a typed entry of the
    same amount within 3 days becomes that entry's bank side (the entry keeps its category,
    merchant and note); a pending row now booked is updated; a pending row a newer statement no
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
  static let specs: [Arguments.Spec] = [
    .init("account"), .init("dry-run", value: false), .init("yes", value: false, short: "y"), .init("mapping"),
    .init("guess", value: false), .init("day-first", value: false), .init("allow-duplicates", value: false),
    .init("replace", value: false),
  ]

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "FILE")
    let path = arguments.positional[0]
    // Spendly's own files (its CSV, its JSON export) are read as they stream, never whole.
    // A mapping says the file is a bank's CSV, whatever its header.
    if let kind = arguments["mapping"] == nil ? try SpendlyFileKind.of(path) : nil {
      do {
        try noStatementOptions(arguments, kind == .csv ? "Spendly's CSV" : "Spendly's JSON")
        if kind == .csv {
          return try CSVImport.run(path: path, dryRun: arguments.has("dry-run"), context: context)
        }
        return try JSONImport.run(
          path: path, dryRun: arguments.has("dry-run"), replace: arguments.has("replace"), context: context)
      } catch {
        // With --json the summary still comes, its `errors` saying why nothing was imported.
        if context.json {
          context.output.line(
            JSON.object([
              ("file", .string(path)), ("format", .string(kind == .csv ? "Spendly CSV" : "Spendly JSON")),
              ("dry_run", .bool(arguments.has("dry-run"))), ("added", .int(0)),
              ("errors", .array([.string(error.message)])),
            ]).rendered())
        }
        throw error
      }
    }
    let bytes = try StatementImport.bytes(path)
    if arguments.has("guess") {
      return .lines(BankCSVFormat.guessed(TextDecoding.text(bytes)).text.split(separator: "\n").map(String.init))
    }
    // The same file again changes nothing: every row of it is in already.
    let store = try context.store()
    if let known = try reporting({ try store.imports.file(hash: ContentHash.file(bytes)) }) {
      var outcome = StatementImport.Outcome(file: (path as NSString).lastPathComponent, format: known.format)
      outcome.seenBefore = known.rows
      return ImportView.rendered(outcome, dryRun: false, output: context.output)
    }
    var mappingText: String?
    var mappingName = "mapping"
    if let rules = arguments["mapping"] {
      mappingText = String(decoding: try StatementImport.bytes(rules), as: UTF8.self)
      mappingName = (rules as NSString).lastPathComponent
    }
    var importer = StatementImport(context: context)
    importer.accountName = arguments["account"]
    importer.mappingText = mappingText
    importer.mappingName = mappingName
    // A bank CSV with no mapping given: the account whose saved mapping reads it.
    if mappingText == nil, arguments["account"] == nil,
      let (account, saved) = try SyncCommand.csvAccount(bytes, context: context)
    {
      importer.accountName = account
      importer.mappingText = saved
      importer.mappingName = "saved mapping of \(account)"
    }
    importer.dayFirst = arguments.has("day-first")
    importer.allowDuplicates = arguments.has("allow-duplicates")
    importer.dryRun = arguments.has("dry-run")
    // Off a terminal a statement's new account is created (and named in the summary); on one,
    // the import asks once before creating any.
    importer.createAccounts = arguments.has("yes") || context.assumeYes || !context.interactive
    importer.confirm =
      context.interactive && !importer.createAccounts ? { names in confirmCreate(names, context) } : nil
    let outcome: StatementImport.Outcome
    do {
      outcome = try importer.run(path: path, bytes: bytes)
    } catch {
      // With --json the summary still comes, its `errors` saying why nothing was imported.
      if context.json {
        var failed = StatementImport.Outcome(file: (path as NSString).lastPathComponent, format: "")
        failed.errors = [error.message]
        context.output.line(ImportView.json(failed, dryRun: importer.dryRun).rendered())
      }
      throw error
    }
    // A bank CSV's footer lines, counted for the summary (read again: the outcome does not carry them).
    let footer = importer.mappingText.map { BankCSVFormat.footerLines(bytes, mappingText: $0) } ?? 0
    return ImportView.rendered(outcome, dryRun: importer.dryRun, output: context.output, footer: footer)
  }

  /// Spendly's own files carry everything; the statement options do not apply to them.
  static func noStatementOptions(_ arguments: Arguments, _ what: String) throws(CLIError) {
    for option in ["account", "guess", "day-first", "allow-duplicates"]
    where arguments.values[option] != nil || arguments.has(option) {
      throw .usage("import: --\(option) is for bank statements; \(what) names its own accounts and skips duplicates")
    }
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

/// How an import's outcome reads: a line of counts, the matches, the balance check.
enum ImportView {
  static func counts(_ outcome: StatementImport.Outcome) -> [(String, Int)] {
    [
      ("added", outcome.added), ("duplicates", outcome.seenBefore ?? outcome.total { $0.duplicates }),
      ("possible_duplicates", outcome.total { $0.possibleDuplicates.count }),
      ("matched", outcome.total { $0.matched.count }), ("updated", outcome.total { $0.updated.count }),
      ("removed", outcome.total { $0.removals.count }), ("transfers", outcome.total { $0.transfers }),
    ]
  }

  static func line(_ outcome: StatementImport.Outcome, dryRun: Bool, footer: Int = 0) -> String {
    if let rows = outcome.seenBefore {
      return
        "\(Render.safe(outcome.file)) (\(outcome.format)): imported before (\(MoneyFormat.count(rows)) row\(rows == 1 ? "" : "s")); nothing changed"
    }
    let parts = counts(outcome).filter { $0.1 > 0 || $0.0 == "added" }.map {
      "\($0.1) \($0.0.replacingOccurrences(of: "_", with: " "))"
    }
    let rebuilt = outcome.rebuilt.map { " · rebuilt \(Render.safe($0)) (this file replaces rows imported before)" }
    let created = outcome.created.map { " · new account \(Render.safe($0))" }
    let skipped = footer > 0 ? " · skipped \(footer) footer line\(footer == 1 ? "" : "s")" : ""
    return "\(Render.safe(outcome.file)) (\(outcome.format)): " + (dryRun ? "would be " : "")
      + parts.joined(separator: " · ") + skipped + created.joined() + rebuilt.joined()
  }

  static func rendered(_ outcome: StatementImport.Outcome, dryRun: Bool, output: Output, footer: Int = 0) -> Rendered {
    Rendered(
      text: {
        var lines = [line(outcome, dryRun: dryRun, footer: footer)]
        for name in outcome.created {
          lines.append("  new account \(Render.safe(name)) (rename it: spendly accounts rename)")
        }
        for name in outcome.rebuilt {
          lines.append(
            output.style(
              "  \(Render.safe(name)): this file replaces rows imported before; its imported rows were rebuilt from all its files",
              .yellow))
        }
        var sources: [CategorySource: Int] = [:]
        for (_, plan) in outcome.plans {
          for (source, count) in plan.categorySources { sources[source, default: 0] += count }
        }
        if !sources.isEmpty {
          lines.append(
            "  categories: "
              + CategorySource.allCases.compactMap { source in sources[source].map { "\($0) from \(source.rawValue)" } }
              .joined(separator: " · "))
        }
        for (account, plan) in outcome.plans {
          for (line, id) in plan.matched {
            lines.append("  line \(line) is typed entry #\(id) (\(Render.safe(account)))")
          }
          for (line, id) in plan.possibleDuplicates {
            lines.append(
              output.style("  line \(line) looks like #\(id): skipped (--allow-duplicates keeps it)", .yellow))
          }
          for warning in plan.warnings { lines.append(output.style("  " + Render.safe(warning), .yellow)) }
        }
        for check in outcome.checks {
          let statement = AccountView.money(check.statement, check.currency)
          let computed = AccountView.money(check.computed, check.currency)
          lines.append(
            check.statement == check.computed
              ? "  \(Render.safe(check.account)) \(check.date.readable): statement \(statement) · computed \(computed) · "
                + output.style("agrees", .green)
              : "  \(Render.safe(check.account)) \(check.date.readable): statement \(statement) · computed \(computed) · "
                + output.style(
                  "differs by \(MoneyFormat.string(Money(minorUnits: check.statement - check.computed, currency: check.currency), signed: true))",
                  .yellow))
        }
        if !dryRun && outcome.added + outcome.total({ $0.updates.count + $0.removals.count }) > 0 {
          lines.append(output.style("  'undo' takes this import back", .dim))
        }
        return lines
      },
      json: { json(outcome, dryRun: dryRun, footer: footer) })
  }

  static func json(_ outcome: StatementImport.Outcome, dryRun: Bool, footer: Int = 0) -> JSON {
    var pairs: [(String, JSON)] = [
      ("file", .string(outcome.file)), ("format", .string(outcome.format)), ("dry_run", .bool(dryRun)),
    ]
    for (key, count) in counts(outcome) { pairs.append((key, .int(Int64(count)))) }
    pairs.append(("skipped_footer_lines", .int(Int64(footer))))
    pairs.append(("errors", .array(outcome.errors.map { .string($0) })))
    var categories: [(String, JSON)] = []
    for source in CategorySource.allCases {
      let count = outcome.plans.reduce(0) { $0 + ($1.plan.categorySources[source] ?? 0) }
      categories.append((source.rawValue, .int(Int64(count))))
    }
    pairs.append(("categories", .object(categories)))
    pairs.append(("created_accounts", .array(outcome.created.map { .string($0) })))
    pairs.append(("rebuilt_accounts", .array(outcome.rebuilt.map { .string($0) })))
    var matches: [JSON] = []
    for (account, plan) in outcome.plans {
      for (line, id) in plan.matched {
        matches.append(.object([("account", .string(account)), ("line", .int(Int64(line))), ("id", .int(id))]))
      }
    }
    pairs.append(("matches", .array(matches)))
    var accounts: [JSON] = []
    for (account, plan) in outcome.plans {
      let check = outcome.checks.first { $0.account == account }
      var entry: [(String, JSON)] = [("account", .string(account)), ("added", .int(Int64(plan.adds.count)))]
      entry.append(("statement_balance", check.map { AccountView.amount($0.statement, $0.currency) } ?? .null))
      entry.append(("computed_balance", check.map { AccountView.amount($0.computed, $0.currency) } ?? .null))
      entry.append(("as_of", .optional(check?.date.description)))
      entry.append(("agrees", check.map { .bool($0.statement == $0.computed) } ?? .null))
      accounts.append(.object(entry))
    }
    pairs.append(("accounts", .array(accounts)))
    return .object(pairs)
  }
}
