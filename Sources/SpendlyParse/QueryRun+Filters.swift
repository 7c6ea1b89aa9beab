import SpendlyCore

/// The filter words of a question: a category, method, account, currency, or a merchant or note word.
extension QueryRun {
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
    if parser.entry.suggestion(word) != nil {
      query.filter.text = token.text
      index += 1
      return true
    }
    return false
  }

  /// Whether a category name starts at token `i` ("and groceries").
  func startsCategory(at i: Int) -> Bool {
    (1...min(3, tokens.count - i)).contains { n in
      parser.entry.catalog.category(named: tokens[i..<(i + n)].map(\.word).joined(separator: " ")) != nil
    }
  }
}
