import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly export FORMAT [FILE]`: the transactions (or, as JSON, everything) in a format
/// another program reads: a spreadsheet, ledger, hledger, beancount, or Spendly again.
struct ExportCommand: Command {
  static let name = "export"
  static let summary = "export as CSV, JSON, an Excel workbook, or a ledger/hledger/beancount journal"
  static let help = """
    usage: spendly export csv [FILE] [--all-fields] [--excel] [filters]
           spendly export json [FILE]
           spendly export xlsx FILE [PERIOD] [filters]
           spendly export ledger|hledger|beancount [FILE] [filters]

    FILE '-' or none writes to stdout (not for xlsx). A file is written whole, then moved into
    place, readable by you only; a failed export leaves what was there.

      csv         Date,Time,Type,Amount,Currency,Category,Payment Method,Merchant,Note, oldest
                  first; RFC 4180 quoting, UTF-8. --all-fields adds Account, Status, Posted Date,
                  Foreign Amount, Foreign Currency, Rate, External Reference, Import Source,
                  Recurring. A transfer names its two ends in one cell, from → to: Payment
                  Method 'Bank Transfer → Cash', Account 'HDFC Savings → Wallet'.
                  --excel adds a byte order mark and CRLF line ends. Text a spreadsheet would
                  run as a formula (=, +, -, @, tab, CR first) gets a leading '.
                  'spendly import FILE.csv' reads it back.
      json        everything: transactions with every revision, the change log, categories,
                  methods, aliases, settings, budgets, schedules, debts, accounts, balance
                  history. 'spendly import FILE.json' restores it into an empty database.
      xlsx        a workbook: Transactions, Category Summary, Payment Method Summary, Summary
                  (income, expenses, savings, savings rate per currency); PERIOD as questions
                  say it (this month, last year, 2025).
      ledger, hledger, beancount
                  a journal the tool accepts: Expenses:Food, Income:Salary, Assets:… and
                  Liabilities:… for accounts and methods, transfers between them.

    The filters are list's.
    """
  static let examples = [
    "spendly export csv spendly.csv --all-fields", "spendly export csv --from 2026-01-01 --category food > food.csv",
    "spendly export xlsx november.xlsx last month",
    "spendly export beancount books.beancount && bean-check books.beancount",
  ]

  static let formats = ["csv", "json", "xlsx", "ledger", "hledger", "beancount"]
  static let firstWords: [String]? = formats
  static let filters = FilterOptions.options
  static let subcommands = [
    Subcommand(
      "csv", summary: "the transactions as CSV, the import layout (--all-fields: every column)",
      options: [
        .flag("all-fields", "the other columns too: Account, Status, Posted Date, ..."),
        .flag("excel", "a byte order mark and CRLF line ends, for Excel"),
      ] + filters),
    Subcommand("json", summary: "everything, with every revision and the change log: a restorable archive"),
    Subcommand("xlsx", summary: "an Excel workbook with category, method and overall summaries", options: filters),
    Subcommand("ledger", summary: "a journal for ledger", options: filters),
    Subcommand("hledger", summary: "a journal for hledger", options: filters),
    Subcommand("beancount", summary: "a journal for beancount", options: filters),
  ]
  static let specs = Option.union(subcommands.map(\.options))

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    guard let format = arguments.positional.first?.lowercased() else {
      throw .usage("export: which format? \(formats.joined(separator: ", ")) (spendly export csv FILE)")
    }
    guard formats.contains(format) else {
      throw .usage("export \(Render.quoted(format)): \(formats.joined(separator: ", "))")
    }
    let rest = Array(arguments.positional.dropFirst())
    let file = rest.first
    let period = rest.dropFirst().joined(separator: " ")
    if format != "xlsx", rest.count > 1 {
      throw .usage("export \(format): one FILE, then options (\(Render.quoted(rest[1])) is extra)")
    }
    if format == "json", !arguments.values.isEmpty || !arguments.flags.isEmpty {
      throw .usage("export json: writes everything, so it takes no filters or options")
    }
    if format != "csv", arguments.has("all-fields") || arguments.has("excel") {
      throw .usage("export \(format): --all-fields and --excel are for csv")
    }
    let command = "export \(format)"
    do {
      try Exporting.checkFile(file, in: context.session)
    } catch {
      throw error.cli(command)
    }
    var request = Exporting.Request(format: Exporting.Format(rawValue: format)!, file: file)
    request.filter = try FilterOptions.filter(arguments, context)
    if !period.isEmpty {
      guard let span = try context.query("spent " + period).period else {
        throw .usage("export xlsx: \(Render.quoted(period)) is no period (this month, last year, 2025)")
      }
      request.period = span
    }
    request.allFields = arguments.has("all-fields")
    request.excel = arguments.has("excel")
    // Written to stdout, the data follows what the output holds.
    if file == nil || file == "-" { context.output.flush() }
    let outcome: Exporting.Outcome
    do {
      outcome = try Exporting(session: context.session, request: request).run()
    } catch {
      throw error.cli(command)
    }
    let summary = ExportView.summary(outcome)
    // Written to stdout, the data is the output; to a file, a line says what was written.
    guard let file, file != "-" else {
      // The data is stdout's; what it left out is said on stderr.
      let note = ExportView.leftOutNote(outcome)
      return Rendered(text: { [] }, json: nil, warnings: { note.map { [$0] } ?? [] })
    }
    return Rendered(
      text: { ["\(summary) to \(Render.safe(file))"] + (ExportView.leftOutNote(outcome).map { ["  " + $0] } ?? []) },
      json: {
        JSON(
          ExportJSON(
            file: file, format: format, rows: outcome.rows, summary: summary, leftOut: outcome.leftOut,
            note: ExportView.leftOutNote(outcome)))
      })
  }
}

/// `export … FILE --json`: what was written where, and what was left out (the note null when nothing).
struct ExportJSON: Encodable {
  let file: String
  let format: String
  let rows: Int
  let summary: String
  let leftOut: Int
  let note: String?
}
