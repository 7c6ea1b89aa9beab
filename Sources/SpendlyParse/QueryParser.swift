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

  /// How the shell reads a line that is not a command.
  public enum LineReading: Sendable {
    case question(Query)
    /// A question with words not understood (the line has no number, so it is no entry).
    case notUnderstood(QueryError)
    case entry
  }

  /// Question or entry? A line that parses as a question is one, unless its only number could
  /// be an amount ("food 2025") and its first word is not a question word ("spent 2025").
  /// A line with a number that is not a question is an entry; one without is not understood.
  public func read(_ line: String, now: LocalDateTime) -> LineReading {
    let hasNumber = line.contains(where: \.isNumber) || line.hasPrefix("+")
    do {
      let query = try parse(line, now: now)
      let onlyAYear = line.trimmingSpaces().count == 4
      if startsLikeQuestion(line) || !query.readBareYear || onlyAYear { return .question(query) }
      return .entry
    } catch {
      return hasNumber ? .entry : .notUnderstood(error)
    }
  }

  /// True when the first word can only start a question.
  func startsLikeQuestion(_ text: String) -> Bool {
    guard let first = text.split(separator: " ").first?.lowercased() else { return false }
    if let role = words.role(first), role != "filler", role != "from", role != "and" { return true }
    return ["today", "yesterday", "weekly", "monthly", "daily", "yearly"].contains(first)
  }

  public func parse(_ text: String, now: LocalDateTime) throws(QueryError) -> Query {
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
    try run.parse()
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

/// One parse of one question.
struct QueryRun {
  let parser: QueryParser
  let today: LocalDate
  var tokens: [Token] = []
  var query = Query()
  var index = 0
  var measureGiven = false
  /// Whether the last date read named its year (so a range is not moved back a year).
  var lastDateHadYear = false

  init(parser: QueryParser, today: LocalDate) {
    self.parser = parser
    self.today = today
  }

  var lexicon: Lexicon { parser.entry.lexicon }

  func word(_ offset: Int = 0) -> String? {
    index + offset < tokens.count ? tokens[index + offset].word : nil
  }

  func role(_ offset: Int = 0) -> String? { word(offset).flatMap(parser.words.role) }

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

  /// Reads one construct at `index`; false when the word means nothing here.
  mutating func step() throws(QueryError) -> Bool {
    guard let current = word() else { return false }
    let currentRole = parser.words.role(current)
    switch currentRole {
    case "measure-spent", "measure-income", "measure-savings":
      query.measure = currentRole == "measure-income" ? .income : currentRole == "measure-savings" ? .savings : .spent
      measureGiven = true
      index += 1
      return true
    case "average":
      index += 1
      if word() == "per" || word() == "a", let unit = role(1),
        ["group-day", "group-week", "group-month"].contains(unit)
      {
        index += 2
      }
      return true
    case "dashboard":
      query.action = .dashboard
      index += 1
      return true
    case "lifetime":
      query.action = .lifetime
      index += 1
      return true
    case "trend":
      if case .trend = query.action {} else { query.action = .trend(.month) }
      index += 1
      return true
    case "compare":
      query.action = .compare(with: nil)
      index += 1
      return true
    case "versus" where true, "and" where isComparing:
      // "compare this month with last month", "this month vs last month", "compare ... to ..."
      guard query.period != nil || isComparing else { break }
      if !isComparing { query.action = .compare(with: nil) }
      index += 1
      guard let other = try period() else { return false }
      query.action = .compare(with: other)
      return true
    case "top":
      index += 1
      var count = 5
      if let text = word(), let n = Int(text), n >= 1 {
        count = n
        index += 1
      }
      guard let group = role().flatMap({ QueryLexicon.groupings[$0] }), !group.isTime else { return false }
      query.action = .breakdown(group, top: count)
      index += 1
      return true
    case "by":
      index += 1
      if let group = role().flatMap({ QueryLexicon.groupings[$0] }) {
        query.action = group.isTime ? .trend(group) : .breakdown(group, top: nil)
        index += 1
        return true
      }
      return filterWord()  // "by card", "by upi"
    case "group-category", "group-method", "group-merchant", "group-currency":
      // "categories this month": a plural group word alone asks for a breakdown.
      if current.hasSuffix("s") || current.hasSuffix("ies") {
        query.action = .breakdown(QueryLexicon.groupings[currentRole!]!, top: nil)
        index += 1
        return true
      }
    case "group-day", "group-week", "group-month", "group-year":
      // "monthly", "weekly" (but "month"/"week" alone belong to periods, handled below)
      if ["daily", "weekly", "monthly", "yearly"].contains(current) {
        query.action = .trend(QueryLexicon.groupings[currentRole!]!)
        index += 1
        return true
      }
    case "filler":
      index += 1
      return true
    default:
      break
    }
    if let found = try period() {
      if case .compare(nil) = query.action, query.period != nil {
        query.action = .compare(with: found)
      } else if query.period != nil {
        // Two periods without 'compare' ("food 2000 yesterday") is not a question.
        index -= 1
        return false
      } else {
        query.period = found
      }
      return true
    }
    return filterWord()
  }

  var isComparing: Bool {
    if case .compare = query.action { return true }
    return false
  }

  /// A category, method, currency, or a merchant or note word.
  mutating func filterWord() -> Bool {
    guard index < tokens.count else { return false }
    let token = tokens[index]
    let word = token.word
    // Multi-word names first ("credit card", "other income", "DB Ferry").
    for n in stride(from: min(3, tokens.count - index), through: 1, by: -1) {
      let phrase = tokens[index..<(index + n)].map(\.word).joined(separator: " ")
      let typed = tokens[index..<(index + n)].map(\.text).joined(separator: " ")
      if let category = parser.entry.catalog.category(named: phrase) {
        query.filter.category = category.name
        if !measureGiven && category.side == .income { query.measure = .income }
        index += n
        return true
      }
      if let method = parser.entry.method(named: phrase) {
        query.filter.method = method
        index += n
        return true
      }
      if let known = parser.entry.history?.knownMerchant(typed) {
        query.filter.merchant = known
        index += n
        return true
      }
    }
    if let currency = lexicon.currencyWords[word] ?? Currency.named(word) {
      query.filter.currency = currency
      index += 1
      return true
    }
    if parser.entry.suggestionWords[word] != nil {
      query.filter.text = token.text
      index += 1
      return true
    }
    return false
  }
}
