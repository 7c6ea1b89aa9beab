import SpendlyCore

/// One parse of one question.
struct QueryRun {
  let parser: QueryParser
  let today: LocalDate
  var tokens: [Token] = []
  var query = Query()
  var index = 0
  var measureGiven = false
  /// A measure word that also marks an entry ("spent", "income") was read.
  var weakMeasure = false
  /// Whether the last date read named its year (so a range is not moved back a year).
  var lastDateHadYear = false
  /// "how long" was read: a following "to", "till" or "until" says what it takes, no period.
  var howLong = false

  init(parser: QueryParser, today: LocalDate) {
    self.parser = parser
    self.today = today
  }

  var lexicon: Lexicon { parser.entry.lexicon }

  func word(_ offset: Int = 0) -> String? {
    index + offset < tokens.count ? tokens[index + offset].word : nil
  }

  func role(_ offset: Int = 0) -> QueryRole? { word(offset).flatMap(parser.words.role) }

  mutating func parse() throws(QueryError) {
    var unknown: [Token] = []
    while index < tokens.count {
      let start = index
      if try step() {
        continue
      }
      index = start
      unknown.append(tokens[index])
      index += 1
    }
    if !unknown.isEmpty {
      let list = unknown.map { "'\($0.text)'" }.joined(separator: ", ")
      throw QueryError(
        words: unknown.map(\.text), column: unknown[0].column,
        message: "not understood: \(list)")
    }
  }
}
