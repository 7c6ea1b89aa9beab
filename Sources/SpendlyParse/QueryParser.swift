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

  /// Question or entry, decided by both parsers. A line the question parser reads completely
  /// with question structure (a measure, how much, top/last N, compare, an amount bound, a
  /// period in words) is a question: its numbers are years, counts or days, never amounts.
  /// One it reads completely without structure (filters, a bare year) is an entry when the
  /// phrase parser finds entry words in it ("coffee at starbucks" asks for its amount), and
  /// ambiguous when that entry is complete too ("food 2025"). A line the question
  /// parser cannot read is an entry when the phrase parser finds an amount or any entry word
  /// ("coffee at starbucks" asks for its amount), and not understood otherwise.
  ///
  /// A line with a cadence word and an amount is a schedule, unless its only number reads as a
  /// year ("monthly 2025", "food monthly 2026") or it reads as a listing, a comparison or
  /// another answer a total or a trend is not ("top 5 merchants monthly").
  public func read(_ line: String, now: LocalDateTime) -> LineReading {
    let text = line.trimmingSpaces()
    let reading = readQuestionOrEntry(text, now: now)
    guard let schedule = try? entry.schedule(text, now: now), let amount = schedule.entry.amount,
      !Self.isBareYear(amount, in: text)
    else { return reading }
    if case .question(let query) = reading {
      switch query.action {
      case .total, .trend: break
      default: return reading
      }
    }
    return .schedule(schedule)
  }

  /// An amount typed as a bare year: a whole number from 1970 to 2200 written as such.
  static func isBareYear(_ amount: Money, in text: String) -> Bool {
    var scale: Int64 = 1
    for _ in 0..<amount.currency.exponent { scale *= 10 }
    guard amount.minorUnits % scale == 0, (1970...2200).contains(amount.minorUnits / scale) else { return false }
    return text.split(separator: " ").contains { $0 == String(amount.minorUnits / scale) }
  }

  func readQuestionOrEntry(_ text: String, now: LocalDateTime) -> LineReading {
    do {
      let query = try parse(text, now: now)
      if query.structured { return .question(query) }
      // Filters alone ("coffee at starbucks", "food") are an entry still missing its amount.
      guard let draft = try? entry.parse(text, now: now), draft.recognized else { return .question(query) }
      return draft.missing.isEmpty && draft.amount != nil ? .ambiguous(query, draft) : .entry
    } catch {
      // A phrase error (an impossible date) is the entry path's to report, with its caret.
      guard let draft = try? entry.parse(text, now: now) else {
        return error.structured ? .notUnderstood(error) : .entry
      }
      // "spent 60 on chai", "1500 rent for 2 months": the question stumbled on a number, so that
      // number is no year, count or day of a question; the entry has it (or asks which is meant).
      if error.words.contains(where: { $0.contains(where: \.isNumber) }) { return .entry }
      if error.structured { return .notUnderstood(error) }
      return draft.amount != nil || draft.recognized ? .entry : .notUnderstood(error)
    }
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
    do {
      try run.parse()
    } catch {
      var error = error
      error.structured = error.structured || run.query.structured
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

  /// Reads one construct at `index`; false when the word means nothing here.
  mutating func step() throws(QueryError) -> Bool {
    guard let current = word() else { return false }
    let start = index
    let currentRole = parser.words.role(current)
    switch currentRole {
    case .measureSpent, .measureIncome, .measureSavings:
      query.measure = currentRole == .measureIncome ? .income : currentRole == .measureSavings ? .savings : .spent
      measureGiven = true
      // "spent" and "income" also mark entries ("spent 2025 on food"): weak structure alone.
      if lexicon.incomeMarkers.contains(current) || lexicon.expenseMarkers.contains(current)
        || lexicon.incomeWords.contains(current)
      {
        weakMeasure = true
      } else {
        query.structured = true
      }
      index += 1
      return true
    case .ask:
      // how much, what, show: words only a question has.
      query.structured = true
      index += 1
      return true
    case .average:
      index += 1
      query.structured = true
      // avg daily spend, average per day, average monthly spending
      var unit: Grouping = .day
      if let perUnit = role()?.averageUnit {
        unit = perUnit
        index += 1
      } else if word() == "per" || word() == "a", let perUnit = role(1)?.averageUnit {
        unit = perUnit
        index += 2
      }
      query.action = .average(unit)
      return true
    case .moreThan where role(1) == .budget:
      // "am i over budget": the budgets, not an amount bound
      index += 1
      return true
    case .moreThan, .lessThan:
      return try amountBound(over: currentRole == .moreThan)
    case .largest, .smallest, .recent:
      // biggest expenses, largest 3 expenses, smallest expense, latest 10 transactions
      index += 1
      let order: ListOrder = currentRole == .recent ? .newest : currentRole == .smallest ? .smallest : .largest
      return try listing(order, count: nil, defaultCount: order == .newest ? 10 : 5)
    case .items:
      // "transactions over 1000", "how many transactions": every kind
      if !measureGiven { query.measure = .savings }
      query.structured = true
      index += 1
      return true
    case .between where amountAhead:
      // spent between 100 and 500
      return try amountRange()
    case .debts:
      // "debts", "total debt", "when will i be debt free"
      query.action = .debts(free: role(1) == .free)
      query.structured = true
      index += role(1) == .free ? 2 : 1
      return true
    case .free where true:
      // "debt-free when", "free of debt": the plan
      query.action = .debts(free: true)
      query.structured = true
      index += 1
      return true
    case .transfers:
      // "transfers this month": money moved between the person's accounts, never a total of spending
      query.action = .list(.newest, limit: 100, kind: .transfer)
      query.structured = true
      index += 1
      return true
    case .pending:
      // "pending", "pending this week": rows not yet settled
      query.filter.statuses = [.pending, .authorized]
      if query.action == .total { query.action = .list(.newest, limit: 100, kind: nil) }
      query.structured = true
      index += 1
      return true
    case .subscriptions:
      // "subscriptions", "what do my subscriptions cost"
      query.action = .recurring(.expense)
      query.structured = true
      index += 1
      return true
    case .sources:
      // "income sources", "recurring sources": income schedules (with "income"), else all and the net
      query.action = .recurring(query.measure == .income ? .income : nil)
      query.structured = true
      index += 1
      return true
    case .budget:
      // "budget", "how much is left for food", "budget food this year"
      query.action = .budget
      query.structured = true
      index += 1
      return true
    case .dashboard:
      query.action = .dashboard
      query.structured = true
      index += 1
      return true
    case .lifetime:
      query.action = .lifetime
      query.structured = true
      index += 1
      return true
    case .trend:
      if case .trend = query.action {} else { query.action = .trend(.month) }
      query.structured = true
      index += 1
      return true
    case .compare:
      query.action = .compare(with: nil)
      query.structured = true
      index += 1
      return true
    case .versus where measureGiven && role(1)?.isKindMeasure == true,
      .and where measureGiven && role(1)?.isKindMeasure == true:
      // income vs expenses: both, and what is left
      query.measure = .savings
      query.structured = true
      index += 2
      return true
    case .versus where true, .and where isComparing:
      // "compare this month with last month", "this month vs last month", "compare ... to ..."
      guard query.period != nil || isComparing else { break }
      if !isComparing { query.action = .compare(with: nil) }
      query.structured = true
      index += 1
      guard let other = try period() else { return false }
      query.action = .compare(with: other)
      return true
    case .top:
      index += 1
      query.structured = true
      var count = 5
      if let text = word(), let n = Int(text), n >= 1 {
        count = n
        index += 1
      }
      // top 3 expenses, top 3 food expenses: single transactions, largest first
      if itemAhead(from: index, counted: true) { return try listing(.largest, count: count, defaultCount: count) }
      guard let group = role().flatMap({ QueryLexicon.groupings[$0] }), !group.isTime else { return false }
      query.action = .breakdown(group, top: count)
      index += 1
      return true
    case .by:
      index += 1
      // "average spend per day": the unit of the average, not a chart
      if case .average = query.action, let unit = role()?.averageUnit {
        query.action = .average(unit)
        index += 1
        return true
      }
      if let group = role().flatMap({ QueryLexicon.groupings[$0] }) {
        query.action = group.isTime ? .trend(group) : .breakdown(group, top: nil)
        query.structured = true
        index += 1
        return true
      }
      return filterWord()  // "by card", "by upi"
    case .groupCategory, .groupMethod, .groupMerchant, .groupAccount, .groupCurrency:
      // "categories this month": a plural group word alone asks for a breakdown.
      if current.hasSuffix("s") || current.hasSuffix("ies") {
        query.action = .breakdown(QueryLexicon.groupings[currentRole!]!, top: nil)
        query.structured = true
        index += 1
        return true
      }
    case .groupDay, .groupWeek, .groupMonth, .groupYear:
      // "monthly", "weekly" (but "month"/"week" alone belong to periods, handled below)
      if ["daily", "weekly", "monthly", "yearly"].contains(current) {
        query.action = .trend(QueryLexicon.groupings[currentRole!]!)
        query.structured = true
        index += 1
        return true
      }
    case .filler:
      index += 1
      return true
    case .last where itemAhead(from: index + 1, counted: false):
      // last 5 transactions, last 5 food expenses, last expense, last 10
      index += 1
      return try listing(.newest, count: nil, defaultCount: 1)
    default:
      // 5 biggest expenses, 3 largest expenses this year, 10 latest transactions
      if let n = Int(current), let order = role(1)?.listOrder {
        index += 2
        return try listing(order, count: try checkedCount(n), defaultCount: n)
      }
    }
    if let found = try period() {
      if case .compare(nil) = query.action, query.period != nil {
        query.action = .compare(with: found)
      } else if query.period != nil {
        // Two periods without 'compare' ("food 2025 yesterday") is not a question.
        index = start
        return false
      } else {
        query.period = found
      }
      // Any period but a bare year ("food 2025") is question structure.
      let bareYear = index == start + 1 && tokens[start].word.utf8.count == 4 && Int(tokens[start].word) != nil
      if !bareYear { query.structured = true }
      return true
    }
    return filterWord()
  }

  /// Whether a category name starts at token `i` ("and groceries").
  func startsCategory(at i: Int) -> Bool {
    (1...min(3, tokens.count - i)).contains { n in
      parser.entry.catalog.category(named: tokens[i..<(i + n)].map(\.word).joined(separator: " ")) != nil
    }
  }

  /// Whether a listing's item word (expenses, income, transactions) comes at `start`, after an
  /// optional count (unless `counted`) and filter words ("5 food expenses"); or, after a count,
  /// nothing at all ("last 10").
  func itemAhead(from start: Int, counted: Bool) -> Bool {
    var i = start
    var sawCount = counted
    if !counted, i < tokens.count, Int(tokens[i].word) != nil {
      i += 1
      sawCount = true
    }
    while i < tokens.count {
      let word = tokens[i].word
      if let role = parser.words.role(word) {
        return role.isListItem
      }
      guard
        parser.entry.catalog.category(named: word) != nil || parser.entry.method(named: word) != nil
          || parser.entry.suggestionWords[word] != nil
      else { return false }
      i += 1
    }
    return sawCount && i == tokens.count && i > start
  }

  /// A listing's count: 1 to 100,000, else an error (a question, not an amount).
  func checkedCount(_ n: Int) throws(QueryError) -> Int {
    guard (1...100_000).contains(n) else {
      throw QueryError(
        words: [], column: tokens[max(0, index - 1)].column, message: "a count is 1 to 100,000, not \(n)",
        structured: true)
    }
    return n
  }

  /// After top/largest/last/latest: an optional count, filter words, then what is listed
  /// (expenses, income, transactions; "last 10" alone lists transactions). Sets the listing.
  mutating func listing(_ order: ListOrder, count given: Int?, defaultCount: Int) throws(QueryError) -> Bool {
    var count = given ?? defaultCount
    var counted = given != nil
    if !counted, let text = word(), let n = Int(text) {
      count = try checkedCount(n)
      counted = true
      index += 1
    }
    while index < tokens.count, role()?.isListItem != true, filterWord() {}
    var kind: Kind?
    if let item = word(), let itemRole = role(), itemRole.isListItem {
      kind = itemRole == .measureSpent ? .expense : itemRole == .measureIncome ? .income : nil
      // "biggest expense": one; "biggest expenses": the default count.
      if !counted && !item.hasSuffix("s") { count = 1 }
      index += 1
    } else if !(counted && index == tokens.count) {
      return false
    }
    query.measure = kind == .income ? .income : .spent
    measureGiven = true
    query.action = .list(order, limit: count, kind: kind)
    query.structured = true
    return true
  }

  /// "between 100 and 500" reads amounts, not dates, when the words after it are no date.
  var amountAhead: Bool {
    guard let next = word(1), next.contains(where: \.isNumber),
      DateWords.date(next, today: today, lexicon: lexicon) == nil
    else { return false }
    return !(word(2).map { lexicon.months[$0] != nil } ?? false)
  }

  /// between AMOUNT and AMOUNT: both bounds, inclusive.
  mutating func amountRange() throws(QueryError) -> Bool {
    let start = index
    index += 1
    guard let low = try amountHere(), ["and", "to"].contains(word() ?? "") || role() == .and else {
      index = start
      return false
    }
    index += 1
    guard let high = try amountHere() else {
      index = start
      return false
    }
    guard low.currency == high.currency, low.minorUnits <= high.minorUnits else {
      throw QueryError(
        words: [], column: tokens[start].column, message: "the range ends before it starts", structured: true)
    }
    query.filter.currency = low.currency
    query.filter.minimumAmount = low.minorUnits
    query.filter.maximumAmount = high.minorUnits
    query.structured = true
    return true
  }

  /// The amount at `index` (moving past it), or nil when the word has no digit.
  mutating func amountHere() throws(QueryError) -> Money? {
    guard index < tokens.count, tokens[index].hasDigit else { return nil }
    let token = tokens[index]
    do {
      let money = try parser.entry.amount(token.text, currency: query.filter.currency ?? parser.entry.settings.currency)
      index += 1
      return money
    } catch {
      throw QueryError(words: [token.text], column: token.column, message: error.message, structured: true)
    }
  }

  /// over 1000, above ₹500, more than 2k, under 100, less than $20: bounds on the amount.
  mutating func amountBound(over: Bool) throws(QueryError) -> Bool {
    let start = index
    index += 1
    if word() == "than" { index += 1 }
    guard index < tokens.count else {
      index = start
      return false
    }
    let token = tokens[index]
    // A word with no digit is no amount ("over lots"): not understood, not an error.
    guard let money = try amountHere() else {
      index = start
      return false
    }
    if let currency = query.filter.currency, currency != money.currency {
      throw QueryError(
        words: [token.text], column: token.column,
        message: "the amount is in \(money.currency.code) and the question in \(currency.code)")
    }
    query.filter.currency = money.currency
    if over {
      query.filter.minimumAmount = money.minorUnits + 1
    } else {
      query.filter.maximumAmount = money.minorUnits - 1
    }
    query.structured = true
    return true
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
      if let account = parser.entry.account(named: phrase) {
        query.filter.account = account
        index += n
        return true
      }
      if let category = parser.entry.catalog.category(named: phrase) {
        if !query.filter.categories.contains(category.name) { query.filter.categories.append(category.name) }
        if !measureGiven && category.side == .income { query.measure = .income }
        index += n
        // food and groceries: a second category joins the first
        if role() == .and, index + 1 < tokens.count, startsCategory(at: index + 1) { index += 1 }
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
    // A currency word, or any ISO 4217 code in capitals ("in CHF"; "pen" is a pen).
    if let currency = lexicon.currencyWords[word]
      ?? (Vocabulary.capitalCode(Token.trimmed(token.text)) >= 0 ? Currency.named(word) : nil)
    {
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
