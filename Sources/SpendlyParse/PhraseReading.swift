import SpendlyCore

/// One phrase read as an entry at most once: its transaction draft and its schedule, each parsed
/// when first asked for, so a line's classification and its entry share one parse.
final class PhraseReading {
  let parser: PhraseParser
  let text: String
  let now: LocalDateTime

  init(_ text: String, parser: PhraseParser, now: LocalDateTime) {
    self.text = text
    self.parser = parser
    self.now = now
  }

  lazy var draft: Result<TransactionDraft, PhraseError> = Result { () throws(PhraseError) in
    try parser.parse(text, now: now)
  }

  lazy var schedule: Result<ScheduleDraft?, PhraseError> = Result { () throws(PhraseError) in
    try parser.schedule(text, now: now)
  }

  /// The phrase as an entry: a schedule when it has a cadence word, else a transaction; or the
  /// error that refuses it.
  var entry: LineClass {
    switch schedule {
    case .failure(let error): return .unreadable(error, phrase: text, schedule: true)
    case .success(let schedule?): return .schedule(schedule)
    case .success(nil): break
    }
    switch draft {
    case .success(let draft): return .entry(draft)
    case .failure(let error): return .unreadable(error, phrase: text, schedule: false)
    }
  }
}
