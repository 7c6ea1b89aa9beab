import SpendlyCore

/// The rules of amount bounds: over 1000, under ₹500, between 100 and 500.
extension QueryRun {
  /// over, more than, under, less than: a bound on the amount; "am i over budget" is the
  /// budgets, not a bound.
  mutating func bound(over: Bool) throws(QueryError) -> Bool {
    if over && role(1) == .budget {
      index += 1
      return true
    }
    return try amountBound(over: over)
  }

  /// "between 100 and 500": an amount range; "between 1 oct and 5 oct" may be a period (nil).
  mutating func between(_ word: String) throws(QueryError) -> Bool? {
    guard amountAhead else { return try countedListing(word) }
    return try amountRange()
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
}
