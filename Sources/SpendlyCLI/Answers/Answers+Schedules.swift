import SpendlyApp
import SpendlyCore
import SpendlyParse

/// Questions a command answers already (net worth, what is due, a month's calendar): the answer
/// is that command's view, given the question's values (no command line is made).
extension Answers {
  /// "net worth", "assets", "liabilities": the accounts' list, with its per-currency totals.
  func accounts() throws(CLIError) -> Rendered { try AccountView.list(context) }

  /// "what's due", "bills due this week": the unlogged occurrences up to today (`due`); with a
  /// period that ends ahead, also what comes until its end (`upcoming DAYS`).
  func due(_ query: Query) throws(CLIError) -> Rendered {
    let due = RecurringView.due(try reporting { try DueLogging(session: context.session).due() }, context)
    guard let end = query.period?.to, end > today else { return due }
    let coming = try RecurringView.upcoming(days: end.daysSinceEpoch - today.daysSinceEpoch, context)
    return Rendered(
      text: { due.text() + coming.text() },
      json: { JSON(DueAheadJSON(due: due.json?(), upcoming: coming.json?())) },
      warnings: { due.warnings() + coming.warnings() })
  }

  /// "calendar next month": the grid of the period's first month (this month when none).
  func calendar(_ query: Query) throws(CLIError) -> Rendered {
    try RecurringView.calendar(YearMonth(query.period?.from ?? today), context)
  }
}

/// "bills due this week" as JSON: what is due (as `due` gives it) and what comes (as `upcoming`).
struct DueAheadJSON: Encodable {
  let due: JSON?
  let upcoming: JSON?
}
