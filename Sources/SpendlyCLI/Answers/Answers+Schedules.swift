import SpendlyCore
import SpendlyParse

/// Questions a command answers already (net worth, what is due, a month's calendar): the answer
/// is that command's, run by its name from the routes as if typed.
extension Answers {
  /// "net worth", "assets", "liabilities": the accounts' list, with its per-currency totals.
  func accounts() throws(CLIError) -> Rendered { try AccountView.list(context) }

  /// "what's due", "bills due this week": the unlogged occurrences up to today (`due`); with a
  /// period that ends ahead, also what comes until its end (`upcoming DAYS`).
  func due(_ query: Query) throws(CLIError) -> Rendered {
    let due = try run("due", [])
    guard let end = query.period?.to, end > today else { return due }
    let coming = try run("upcoming", [String(end.daysSinceEpoch - today.daysSinceEpoch)])
    return Rendered(
      text: { due.text() + coming.text() },
      json: { .object([("due", due.json?() ?? .null), ("upcoming", coming.json?() ?? .null)]) },
      warnings: { due.warnings() + coming.warnings() })
  }

  /// "calendar next month": the grid of the period's first month (this month when none).
  func calendar(_ query: Query) throws(CLIError) -> Rendered {
    try run("calendar", [YearMonth(query.period?.from ?? today).description])
  }

  /// The command named `name` on `words`, as the command line runs it.
  private func run(_ name: String, _ words: [String]) throws(CLIError) -> Rendered {
    guard let command = command(named: name) else { throw CLIError(.software, "no command \(name)") }
    return try command.run(try Arguments(words, specs: command.specs, command: name), context)
  }
}
