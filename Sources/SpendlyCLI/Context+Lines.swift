import SpendlyCore
import SpendlyParse

/// Lines and phrases read once (`LineClassifier`): the classifier on the person's parsers, and
/// the error an unreadable phrase is.
extension Context {
  /// The classifier on `parser` (and the question parser on it), with the routes' command words.
  func lineClassifier(parser: PhraseParser) -> LineClassifier {
    let weekStart = self.weekStart
    return LineClassifier(commands: commandTable, now: now) { QueryParser(entry: parser, weekStart: weekStart) }
  }

  /// An entry phrase that does not read, as a data error: a schedule's in its words, a
  /// transaction's with its position (after any failed look-up of history is reported).
  func refusal(_ error: PhraseError, phrase: String, schedule: Bool) -> CLIError {
    if schedule { return .data(error.message) }
    reportLookupFailure()
    return .data(error.rendered(input: phrase, advice: error.seeAlso?.advice))
  }
}
