import SpendlyCore
import SpendlyParse

/// Questions a command answers already: net worth and the accounts, what is due, a month's calendar.
extension Answers {
  /// "net worth", "assets", "liabilities": the accounts' list, with its per-currency totals.
  func accounts() throws(CLIError) -> Rendered { try AccountView.list(context) }

  /// "what's due", "bills due this week": the unlogged occurrences up to today; with a period
  /// that ends ahead, also what comes until its end (as `upcoming` lists it).
  func due(_ query: Query) throws(CLIError) -> Rendered {
    let due = try DueCommand.run(try Arguments([], specs: DueCommand.specs, command: "due"), context)
    guard let end = query.period?.to, end > today else { return due }
    let days = String(end.daysSinceEpoch - today.daysSinceEpoch)
    let coming = try UpcomingCommand.run(
      try Arguments([days], specs: UpcomingCommand.specs, command: "upcoming"), context)
    return Rendered(
      text: { due.text() + coming.text() },
      json: { .object([("due", due.json?() ?? .null), ("upcoming", coming.json?() ?? .null)]) },
      warnings: { due.warnings() + coming.warnings() })
  }

  /// "calendar next month": the grid of the period's first month (this month when none).
  func calendar(_ query: Query) throws(CLIError) -> Rendered {
    let month = YearMonth(query.period?.from ?? today).description
    return try CalendarCommand.run(try Arguments([month], specs: CalendarCommand.specs, command: "calendar"), context)
  }
}
