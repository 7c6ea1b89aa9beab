import SpendlyCore

/// Parses questions: "spent this week", "food last month", "top 5 merchants 2025",
/// "compare this month with last month", "spent since 1 oct by card", "dashboard".
///
/// Uses the entry lexicon for dates, categories, methods and currencies, and history for merchants.
public struct QueryParser {
  let entry: PhraseParser
  let words = QueryLexicon.standard
  /// 0 = Monday ... 6 = Sunday.
  public let weekStart: Int

  public init(entry: PhraseParser, weekStart: Int = 0) {
    self.entry = entry
    self.weekStart = weekStart
  }

  /// The question in `text`; one not understood carries the nearest question it could be, if any.
  public func parse(_ text: String, now: LocalDateTime) throws(QueryError) -> Query {
    try parse(text, now: now, suggesting: true)
  }

  func parse(_ text: String, now: LocalDateTime, suggesting: Bool) throws(QueryError) -> Query {
    // Refused by length before any work, as phrases are.
    let count = text.count
    if count > PhraseParser.maximumLength {
      throw QueryError(
        words: [], column: PhraseParser.maximumLength + 1,
        message: "question is too long (\(count) characters; at most \(PhraseParser.maximumLength))")
    }
    var run = QueryRun(parser: self, today: now.date)
    do {
      run.tokens = try Tokenizer.tokens(text)
    } catch {
      throw QueryError(words: [], column: error.column, message: error.message)
    }
    guard !run.tokens.isEmpty else { throw QueryError(words: [], column: 1, message: "empty question") }
    run.tokens = Self.joiningOver(run.tokens)
    do {
      try run.parse()
    } catch {
      var error = error
      error.structured = error.structured || run.query.structured
      if suggesting { error.suggestion = nearest(text, error: error, now: now) }
      throw error
    }
    // "spent 2025": a measure that marks entries too, with no year said as one, is no structure
    // on its own; "spent in 2025", "spent this week" and "spent 2025 by card"... the rest decide.
    if run.weakMeasure && !run.query.structured && !run.query.readBareYear { run.query.structured = true }
    // Dates outside the years a transaction may have answer nothing and invite overflow.
    var periods = [run.query.period]
    if case .compare(let other) = run.query.action { periods.append(other) }
    for case let period? in periods where period.from.year < 1970 || period.to.year > 2200 {
      throw QueryError(words: [], column: 1, message: "dates must be between 1970 and 2200")
    }
    return run.query
  }

  /// Examples shown when a question is not understood.
  public static let examples = [
    "spent this week", "food last month", "uber this year", "income this month", "by category this month",
    "top 5 merchants this year", "compare this month with last month", "monthly this year", "spent since 1 oct by card",
    "dashboard", "lifetime",
  ]
}

extension QueryParser {
  /// "month over month" read as the one word "month-over-month", whose meaning the lexicon
  /// gives (queries.txt: a comparison with the period before); any "W over W" is joined so.
  static func joiningOver(_ tokens: [Token]) -> [Token] {
    var joined: [Token] = []
    var i = 0
    while i < tokens.count {
      if i + 2 < tokens.count, !tokens[i].quoted, !tokens[i + 2].quoted, tokens[i + 1].word == "over",
        tokens[i].word == tokens[i + 2].word, !tokens[i].hasDigit
      {
        let (first, last) = (tokens[i], tokens[i + 2])
        let text = [tokens[i].text, tokens[i + 1].text, last.text].joined(separator: " ")
        joined.append(
          Token(
            text: text, lower: text.lowercased(), word: "\(first.word)-over-\(first.word)", start: first.start,
            length: last.start + last.length - first.start, quoted: false, hasDigit: false))
        i += 3
      } else {
        joined.append(tokens[i])
        i += 1
      }
    }
    return joined
  }
}
