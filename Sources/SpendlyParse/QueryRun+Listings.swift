import SpendlyCore

/// The rules of listings: top N, the biggest, the latest, last N, "5 biggest expenses".
extension QueryRun {
  /// biggest expenses, largest 3 expenses, smallest expense, latest 10 transactions.
  mutating func ordered(_ role: QueryRole) throws(QueryError) -> Bool {
    index += 1
    let order: ListOrder = role == .recent ? .newest : role == .smallest ? .smallest : .largest
    return try listing(order, count: nil, defaultCount: order == .newest ? 10 : 5)
  }

  /// top 5 merchants, top 3 expenses, top 3 food expenses (single transactions, largest first).
  mutating func top() throws(QueryError) -> Bool {
    index += 1
    query.structured = true
    var count = 5
    if let text = word(), let n = Int(text), n >= 1 {
      count = n
      index += 1
    }
    if itemAhead(from: index, counted: true) { return try listing(.largest, count: count, defaultCount: count) }
    guard let group = role().flatMap({ QueryLexicon.grouping($0) }), !group.isTime else { return false }
    query.action = .breakdown(group, top: count)
    index += 1
    return true
  }

  /// last 5 transactions, last 5 food expenses, last expense, last 10; else "last" may start a
  /// period ("last month"), so nil.
  mutating func last(_ word: String) throws(QueryError) -> Bool? {
    guard itemAhead(from: index + 1, counted: false) else { return try countedListing(word) }
    index += 1
    return try listing(.newest, count: nil, defaultCount: 1)
  }

  /// 5 biggest expenses, 3 largest expenses this year, 10 latest transactions; nil when `word`
  /// is no count before an order word.
  mutating func countedListing(_ word: String) throws(QueryError) -> Bool? {
    guard let n = Int(word), let order = role(1)?.listOrder else { return nil }
    index += 2
    return try listing(order, count: try checkedCount(n), defaultCount: n)
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
          || parser.entry.suggestion(word) != nil
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
}
