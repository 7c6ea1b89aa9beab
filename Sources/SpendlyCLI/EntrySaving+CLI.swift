import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Saving an entry from the CLI (`add`, the shell, `quick`, `open`): the save as one error line,
/// and the line that reports it.
extension EntrySaving {
  /// Saves through the store's one write path (`EntrySaving`); a failure is an error, never a
  /// success line.
  static func save(
    _ fields: TransactionFields, corrections: [MerchantCorrection] = [], context: Context
  ) throws(CLIError) -> EntrySaving.Saved {
    do {
      return try EntrySaving.add(fields, corrections: corrections, in: context.session)
    } catch {
      throw error.cli
    }
  }

  /// `saved #12 · -₹420.00 Food · UPI`, which fields were inferred, and the merchant.
  /// With a budget: `· Food this month ₹6,420.00 of ₹8,000.00 (80%)`, and a line per mark crossed.
  static func report(
    _ saved: Transaction, draft: TransactionDraft, today: LocalDate,
    budgets: (words: String?, lines: [String]) = (nil, [])
  ) -> Rendered {
    let f = saved.fields
    var line =
      f.kind == .transfer || f.account != nil
      ? "saved #\(saved.id) · \(Render.amount(f)) \(f.category) · \(Render.place(f))"
      : "saved #\(saved.id) · \(Render.amount(f)) \(f.category) · \(Render.safe(f.method))"
    // A day other than today is said (one saved with --yes or from a link showed no draft).
    if f.date != today { line += " · \(f.date.readable)" }
    let inferred = [DraftField.category, .method].filter(draft.inferred.contains).filter {
      $0 == .method || f.kind != .transfer
    }
    if !inferred.isEmpty {
      let what = inferred.map {
        $0 == .category ? "category \(saved.fields.category)" : "method \(saved.fields.method)"
      }
      line += " (inferred \(what.joined(separator: " and ")))"
    }
    if let merchant = f.merchant, !merchant.isEmpty { line += " · " + Render.safe(merchant) }
    if let label = draft.recurringLabel, saved.fields.recurringID != nil, !names(label, f.merchant) {
      line += " · " + Render.safe(label)
    }
    if let words = budgets.words { line += " · " + words }
    return .lines([line] + budgets.lines, json: Render.json(saved))
  }

  /// The shell's lines for an entry saved: `  saved #12 · Social · Food this month ₹6,420.00`, the
  /// merchant, the category's month so far unless its budget says it, the schedule period linked,
  /// the budget words, and a line per mark crossed.
  static func shellReport(_ added: Saved, draft: TransactionDraft, context: Context) -> [String] {
    let saved = added.transaction
    var line = "  saved #\(saved.id)"
    if let merchant = saved.fields.merchant, !merchant.isEmpty { line += " · " + Render.safe(merchant) }
    let budgets = BudgetNotice.words(added.budgets, context: context)
    let categoryBudgeted = budgets.words?.hasPrefix(Render.safe(saved.fields.category) + " ") == true
    if !categoryBudgeted, let month = try? EntrySaving.monthTotal(of: saved.fields, in: context.session) {
      let date = saved.fields.date
      let when =
        date.year == context.today.year && date.month == context.today.month
        ? "this month" : "in \(LocalDate.monthAbbreviations[date.month - 1]) \(date.year)"
      line += " · \(saved.fields.category) \(when) \(MoneyFormat.string(month))"
    }
    if let label = draft.recurringLabel, saved.fields.recurringID != nil, !names(label, saved.fields.merchant) {
      line += " · " + Render.safe(label)
    }
    if let words = budgets.words { line += " · " + words }
    return [line] + budgets.lines.map { "  " + $0 }
  }

  /// Whether a schedule's label only repeats the merchant the line already names.
  static func names(_ label: String, _ merchant: String?) -> Bool {
    merchant.map { $0.lowercased() == label.lowercased() } ?? false
  }
}
