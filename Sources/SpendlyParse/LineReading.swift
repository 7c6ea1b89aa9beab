import SpendlyCore

/// What a line that is not a command is: a question, an entry, both, a schedule, or none of
/// them (`QueryParser.read`). The shell's routes say when a line starting with a command's word is read so.
public enum LineReading: Sendable {
  case question(Query)
  /// Not understood as a question, and no entry either (no amount, no entry words).
  case notUnderstood(QueryError)
  /// A complete entry and a complete question alike ("food 2025"): the person decides.
  case ambiguous(Query, TransactionDraft)
  case entry
  /// A phrase with a cadence word and an amount ("netflix 649 monthly", "649 monthly"): a
  /// schedule, not a transaction.
  case schedule(ScheduleDraft)
}
