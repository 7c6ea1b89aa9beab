import SpendlyCore

/// What one line typed at the shell is, read once (`LineClassifier`): each case carries the value
/// parsed, so nothing is parsed a second time.
public indirect enum LineClass {
  /// `help`, `help WORD`, `?` or `+` alone: the help, on a topic if one is named.
  case help(topic: String?)
  /// A command's line: run it on the line's words.
  case command(CommandCall)
  case question(Query)
  /// A line forced to be a question (`?…`) that does not read as one; `asked` is the text after `?`.
  case notAQuestion(QueryError, asked: String)
  /// Not understood as a question, and no entry either (no amount, no entry words).
  case notUnderstood(QueryError)
  /// A complete entry and a complete question alike ("food 2025"): the person decides; `entry`
  /// is what the line is when they say entry (a transaction, or a schedule when it has a cadence word).
  case ambiguous(Query, TransactionDraft, entry: LineClass)
  case entry(TransactionDraft)
  /// A phrase with a cadence word ("netflix 649 monthly", "649 monthly"): a schedule, not a transaction.
  case schedule(ScheduleDraft)
  /// An entry phrase that does not read (an impossible date): the error, the phrase, and whether
  /// it was the schedule reading (a cadence word) that refused it.
  case unreadable(PhraseError, phrase: String, schedule: Bool)
  /// A budget setting typed as a phrase ("food budget 9000"): the budget command's arguments ("food 9000").
  case budget([String])
  /// `edit 12`: the review of that transaction.
  case review(Int64)
  /// The parsers could not be had (the database did not open): the line needed them, as a
  /// question when `question` (after `?`), else as an entry.
  case unavailable(question: Bool)
}

/// A line that runs a command, and what it is when the command refuses its words.
public struct CommandCall {
  /// The command's name (as `CommandWord.name`).
  public let name: String
  let refusal: () -> LineClass?

  init(name: String, refusal: @escaping () -> LineClass?) {
    self.name = name
    self.refusal = refusal
  }

  /// What the line is when the command refuses its words: an entry (or schedule) when the words
  /// may be one and read with an amount ("due 500 library fine cash"), else nil. Read at most once.
  public func whenRefused() -> LineClass? { refusal() }
}
