import SpendlyCore
import SpendlyParse

/// `spendly report [PERIOD] --html FILE`: the period's figures as one self-contained HTML page.
struct ReportCommand: Command {
  static let name = "report"
  static let summary = "an HTML report of a period: spendly report last month --html november.html"
  static let help = """
    usage: spendly report [PERIOD] --html FILE [--json]

    Writes one self-contained HTML page (inline CSS and SVG charts, no script, nothing fetched,
    printable; dark or light as the browser prefers), a section per currency:
      - Summary cards: income, expenses, savings, savings rate (as 'dashboard' and 'query' give them);
      - expenses by month: the period's months, or for a one-month period the 12 months up to it;
      - expenses by category with shares, payment methods, top 10 merchants;
      - budgets against spent (of the period's month, or its latest month so far) when there are any;
      - subscriptions and what is scheduled in the next 30 days, and debts, when there are any.

    PERIOD as questions say it: this month (the default), last month, 2025, this year, since 1 oct.
    FILE '-' writes the page to stdout. Without --html, report says how to ask for one (a usage error).
    The file is the person's only (0600), written beside FILE and moved into place when complete.
    """
  static let examples = [
    "spendly report --html report.html", "spendly report last month --html november.html",
    "spendly report 2025 --html 2025.html && xdg-open 2025.html",
  ]
  static let specs: [Option] = [.value("html", "FILE", .file, "write the page to FILE ('-' for stdout)")]
  /// Tab offers the periods' words: this month, last year, ...
  static let argumentValues: ArgumentValues? = .after(
    ["this", "last"].map { ArgumentWord($0, .sequence([.choice(["month", "week", "year"])])) }
      + [ArgumentWord("since", .sequence([]))])

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let words = arguments.positional.joined(separator: " ")
    guard let file = arguments["html"], !file.isEmpty else {
      throw .usage(
        "report: give --html FILE (spendly report \(words.isEmpty || words.count > 60 ? "last month" : Render.safe(words)) --html report.html)")
    }
    if file != "-" { try context.refuseProtected(file, command: "report") }
    let text = words.isEmpty ? "this month" : words
    let query = try context.query("spent " + text)
    guard let period = query.period, query.action == .total, query.filter == TransactionFilter() else {
      throw .usage("report: \(Render.quoted(text)) is no period (this month, last month, 2025, this year)")
    }
    let answers = Answers(context: context)
    let figures = try reporting { try answers.reportFigures(query, period: period) }
    let page = HTMLReport(answers: answers, figures: figures).render()
    let destination = try ExportDestination(file, output: context.output, what: "html")
    do {
      try destination.write(Array(page.utf8))
      try destination.finish()
    } catch {
      destination.abandon()
      throw error
    }
    let warnings = answers.notes.take()
    guard file != "-" else { return Rendered(text: { [] }, json: nil, warnings: { warnings }) }
    let currencies = figures.sections.map(\.currency.code)
    let summary =
      "wrote the report (\(HTMLReport.title(period, answers)); "
      + (currencies.isEmpty ? "nothing recorded)" : "\(currencies.joined(separator: ", ")))")
    return Rendered(
      text: { ["\(summary) to \(Render.safe(file))"] },
      json: {
        JSON(ReportFileJSON(file: file, period: PeriodJSON(period), currencies: currencies))
      }, warnings: { warnings })
  }
}

/// `report --json`: the file written, its period and currencies.
struct ReportFileJSON: Encodable {
  let file: String
  let format = "html"
  let period: PeriodJSON
  let currencies: [String]
}
