import SpendlyCore

/// The rules of the words that say what is measured, what is answered and how it is grouped.
extension QueryRun {
  /// spent, income, savings: the measure. "spent" and "income" also mark entries ("spent 2025
  /// on food"): weak structure alone.
  mutating func measure(_ word: String, _ role: QueryRole) -> Bool {
    query.measure = role == .measureIncome ? .income : role == .measureSavings ? .savings : .spent
    measureGiven = true
    if lexicon.incomeMarkers.contains(word) || lexicon.expenseMarkers.contains(word)
      || lexicon.incomeWords.contains(word)
    {
      weakMeasure = true
    } else {
      query.structured = true
    }
    index += 1
    return true
  }

  /// avg daily spend, average per day, average monthly spending: the average per day or month.
  mutating func average() -> Bool {
    index += 1
    query.structured = true
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
  }

  /// "transactions over 1000", "how many transactions": every kind.
  mutating func items() -> Bool {
    if !measureGiven { query.measure = .savings }
    return marked()
  }

  /// "debts", "total debt", "when will i be debt free".
  mutating func debts() -> Bool {
    let free = role(1) == .free
    // "pay off my debts", "how long to clear the debt": the plan asked for already stays.
    if case .debts(free: true) = query.action {} else { query.action = .debts(free: free) }
    query.structured = true
    index += free ? 2 : 1
    return true
  }

  /// "pay off", "payoff", "repay": when the debts are paid off (the plan); "pay" alone means nothing here.
  mutating func payOff(_ word: String) -> Bool? {
    guard word != "pay" || self.word(1) == "off" || self.word(1) == "back" else { return nil }
    index += word == "pay" ? 2 : 1
    return answer(.debts(free: true))
  }

  /// "how long": a question; its "to", "till" or "until" ("how long to pay off") is no period's end.
  mutating func askedHowLong() -> Bool {
    howLong = true
    return marked()
  }

  /// "pending", "pending this week": rows not yet settled.
  mutating func pending() -> Bool {
    query.filter.statuses = [.pending, .authorized]
    if query.action == .total { query.action = .list(.newest, limit: 100, kind: nil) }
    return marked()
  }

  /// "trend": by month, unless a trend was already asked for.
  mutating func trendWord() -> Bool {
    if case .trend = query.action {} else { query.action = .trend(.month) }
    return marked()
  }

  /// "categories this month": a plural group word alone asks for a breakdown; nil for "category".
  mutating func pluralGroup(_ word: String, _ role: QueryRole) -> Bool? {
    guard word.hasSuffix("s") || word.hasSuffix("ies"), let group = QueryLexicon.grouping(role) else { return nil }
    return answer(.breakdown(group, top: nil))
  }

  /// "monthly", "weekly", "quarterly": a trend; "month" and "week" alone belong to periods (nil).
  mutating func cadenceWord(_ word: String, _ role: QueryRole) -> Bool? {
    guard ["daily", "weekly", "monthly", "quarterly", "yearly"].contains(word), let group = QueryLexicon.grouping(role)
    else {
      return nil
    }
    return answer(.trend(group))
  }

  /// by category, by month, by card; after an average, its unit ("average spend by day").
  mutating func by() -> Bool {
    index += 1
    if case .average = query.action, let unit = role()?.averageUnit {
      query.action = .average(unit)
      index += 1
      return true
    }
    if let group = role().flatMap({ QueryLexicon.grouping($0) }) {
      query.action = group.isTime ? .trend(group) : .breakdown(group, top: nil)
      query.structured = true
      index += 1
      return true
    }
    return filterWord()  // "by card", "by upi"
  }

  /// vs: income vs expenses (both, and what is left), or this month vs last month.
  mutating func versus() throws(QueryError) -> Bool? {
    if let both = bothKinds() { return both }
    return try compared()
  }

  /// and: income and expenses, or the second period of a comparison ("compare ... and ...").
  mutating func and(_ word: String) throws(QueryError) -> Bool? {
    if howLong && word != "and" { return filler() }
    if let both = bothKinds() { return both }
    if isComparing { return try compared() }
    return try countedListing(word)
  }

  /// income vs expenses: both, and what is left; nil when no kind measure is on both sides.
  mutating func bothKinds() -> Bool? {
    guard measureGiven && role(1)?.isKindMeasure == true else { return nil }
    query.measure = .savings
    query.structured = true
    index += 2
    return true
  }

  /// "compare this month with last month", "this month vs last month", "compare ... to ...":
  /// the other period; nil when there is nothing to compare with yet.
  mutating func compared() throws(QueryError) -> Bool? {
    guard query.period != nil || isComparing else { return nil }
    if !isComparing { query.action = .compare(with: nil) }
    query.structured = true
    index += 1
    guard let other = try period() else { return false }
    query.action = .compare(with: other)
    return true
  }

  var isComparing: Bool {
    if case .compare = query.action { return true }
    return false
  }
}
