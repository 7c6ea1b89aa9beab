import SpendlyCore

/// The question grammar as one rule per word role: each reads the construct its word starts,
/// in a small function of its own (QueryRun+WordRules, +Listings, +Amounts, +Filters, +Periods).
extension QueryRun {
  /// Reads one construct at `index`; false when the word means nothing here. The rule of the
  /// word's role first; a word with no role may start a counted listing ("5 biggest expenses");
  /// then a period, then a filter.
  mutating func step() throws(QueryError) -> Bool {
    guard let current = word() else { return false }
    let start = index
    let read: Bool?
    if let role = parser.words.role(current) {
      read = try rule(role, current)
    } else {
      read = try countedListing(current)
    }
    if let read { return read }
    return try periodOrFilter(from: start)
  }

  /// The rule of each role: true when its word started a construct, false when the word means
  /// nothing here, nil when the role has nothing to say (the word may start a period or be a filter).
  mutating func rule(_ role: QueryRole, _ word: String) throws(QueryError) -> Bool? {
    switch role {
    case .measureSpent, .measureIncome, .measureSavings: measure(word, role)
    case .ask: marked()
    case .average: average()
    case .moreThan: try bound(over: true)
    case .lessThan: try bound(over: false)
    case .largest, .smallest, .recent: try ordered(role)
    case .items: items()
    case .between: try between(word)
    case .debts: debts()
    case .free: answer(.debts(free: true))
    case .payoff: payOff(word)
    case .long: askedHowLong()
    case .worth: answer(.accounts)
    case .due: answer(.due)
    case .calendar: answer(.calendar)
    case .transfers: answer(.list(.newest, limit: 100, kind: .transfer))
    case .pending: pending()
    case .subscriptions: answer(.recurring(.expense))
    case .sources: answer(.recurring(query.measure == .income ? .income : nil))
    case .budget: answer(.budget)
    case .dashboard: answer(.dashboard)
    case .lifetime: lifetime()
    case .trend: trendWord()
    case .compare: answer(.compare(with: nil))
    case .versus: try versus()
    case .and: try and(word)
    case .top: try top()
    case .by: by()
    case .groupCategory, .groupMethod, .groupMerchant, .groupAccount, .groupCurrency: pluralGroup(word, role)
    case .groupDay, .groupWeek, .groupMonth, .groupQuarter, .groupYear: cadenceWord(word, role)
    case .filler: filler()
    case .last: try last(word)
    case .this, .next, .since, .from: try countedListing(word)
    }
  }

  /// A period ("last month", "2025", "since 1 oct"), else a filter word.
  mutating func periodOrFilter(from start: Int) throws(QueryError) -> Bool {
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

  /// A word only a question has (how much, what, show): structure, nothing more.
  mutating func marked() -> Bool {
    query.structured = true
    index += 1
    return true
  }

  /// A word that names the answer ("budget", "dashboard", "subscriptions"): that action.
  mutating func answer(_ action: Query.Action) -> Bool {
    query.action = action
    return marked()
  }

  /// lifetime: everything since the first entry; with a grouping before or after it ("top 3
  /// merchants lifetime", "lifetime by category") that grouping over the whole history.
  mutating func lifetime() -> Bool {
    query.wholeHistory = true
    if case .total = query.action { return answer(.lifetime) }
    return marked()
  }

  /// Filler ("me", "my", "the"): read, nothing else.
  mutating func filler() -> Bool {
    index += 1
    return true
  }
}
