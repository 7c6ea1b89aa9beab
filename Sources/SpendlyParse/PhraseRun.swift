import SpendlyCore

/// One parse of one phrase: the tokens, which are used, and the draft taking shape.
struct PhraseRun {
  let parser: PhraseParser
  var tokens: [Token]
  let now: LocalDateTime
  var draft: TransactionDraft

  // What the steps found, before the rules decide.
  var explicitKind: Kind?
  var signKind: Kind?
  var markerKind: Kind?
  var explicitCategory: (Category, Token)?
  var namedCategories: [(Category, Range<Int>)] = []
  var suggestedCategories: [(Category, Int)] = []
  var categoryTyped = false
  var methodTyped = false
  var dateGiven = false
  var timeGiven = false
  var explicitCurrency: Currency?
  var explicitAmount: Money?
  var explicitNote: String?
  /// Tokens used by the amount or a kind marker: "for"/"on" right after them is dropped.
  var amountOrMarker: Set<Int> = []
  /// Tokens that name a category (they may also be kind markers: "salary").
  var categoryTokens: Set<Int> = []

  init(parser: PhraseParser, tokens: [Token], now: LocalDateTime) {
    self.parser = parser
    self.tokens = tokens
    self.now = now
    draft = TransactionDraft(currency: parser.settings.currency, date: now.date)
  }

  var lexicon: Lexicon { parser.lexicon }

  mutating func parse() throws(PhraseError) {
    try explicitFields()
    try datesAndTimes()
    try amount()
    categoryWords()
    methods()
    kindMarkers()
    merchants()
    resolveKindAndCategory()
    knownMerchants()
    inferFromHistory()
    defaults()
    note()
  }

  // MARK: Explicit fields: cat:food method:upi note:"..." date:yesterday time:21:30 cur:usd kind:income

  mutating func explicitFields() throws(PhraseError) {
    for i in tokens.indices where !tokens[i].quoted {
      let token = tokens[i]
      guard let colon = token.text.firstIndex(of: ":"), colon != token.text.startIndex else { continue }
      let key = token.lower[..<colon]
      let value = String(token.text[token.text.index(after: colon)...])
      guard key.allSatisfy(\.isLetter) else { continue }
      func fail(_ message: String) -> PhraseError { PhraseError(message, column: token.column, length: token.length) }
      switch key {
      case "cat", "category":
        guard let category = parser.catalog.category(named: value) else {
          throw fail("unknown category '\(value)' (see: spendly categories)")
        }
        explicitCategory = (category, token)
      case "method", "pay", "via":
        guard let method = parser.methodWords[value.lowercased()] else {
          throw fail("unknown payment method '\(value)' (see: spendly methods)")
        }
        draft.method = method
        methodTyped = true
      case "note":
        explicitNote = value
      case "merchant", "at":
        draft.merchant = value.isEmpty ? nil : value
      case "kind", "type":
        guard let kind = Kind(rawValue: value.lowercased()) else { throw fail("kind must be expense or income") }
        explicitKind = kind
      case "cur", "currency":
        guard let currency = Currency.named(value) ?? lexicon.currencyWords[value.lowercased()] else {
          throw fail("unknown currency '\(value)'")
        }
        explicitCurrency = currency
      case "date":
        guard let date = DateWords.date(value.lowercased(), today: now.date, lexicon: lexicon) else {
          throw fail("date '\(value)': expected YYYY-MM-DD, 14/08, today or yesterday")
        }
        draft.date = date
        dateGiven = true
      case "time":
        guard let time = DateWords.time(value.lowercased(), lexicon: lexicon) else {
          throw fail("time '\(value)': expected HH:MM or 9pm")
        }
        draft.time = time
        timeGiven = true
      case "amount":
        let currency = explicitCurrency ?? parser.settings.currency
        do {
          explicitAmount = try AmountParser.parse(value, currency: currency)
        } catch {
          throw fail("amount: \(error)")
        }
      default:
        continue
      }
      tokens[i].used = true
    }
  }

  // MARK: Methods, categories, markers

  /// Finds runs of unused, unquoted tokens (longest first) that are keys of `table`.
  mutating func matches<T>(_ table: [String: T], consume: Bool) -> [(T, Range<Int>)] {
    var found: [(T, Range<Int>)] = []
    var i = 0
    while i < tokens.count {
      var matched = false
      let longest = min(parser.longestEntry, tokens.count - i)
      if longest > 0 {
        for n in stride(from: longest, through: 1, by: -1) {
          let range = i..<(i + n)
          if range.contains(where: { tokens[$0].used || tokens[$0].quoted }) { continue }
          let key = n == 1 ? tokens[i].word : range.map { tokens[$0].word }.joined(separator: " ")
          if let value = table[key] {
            found.append((value, range))
            if consume { for j in range { tokens[j].used = true } }
            i += n
            matched = true
            break
          }
        }
      }
      if !matched { i += 1 }
    }
    return found
  }

  mutating func methods() {
    guard draft.method == nil else { return }
    if let (method, range) = matches(parser.methodWords, consume: false).first {
      draft.method = method
      methodTyped = true
      for j in range { tokens[j].used = true }
      consumeFiller(before: range.lowerBound)
    }
  }

  mutating func categoryWords() {
    namedCategories = matches(parser.categoryWords, consume: true)
    for (_, range) in namedCategories { categoryTokens.formUnion(range) }
    for (category, range) in matches(parser.suggestionWords, consume: false) {
      suggestedCategories.append((category, range.lowerBound))
    }
  }

  mutating func kindMarkers() {
    for i in tokens.indices where !tokens[i].quoted {
      let word = tokens[i].word
      let isIncome = lexicon.incomeMarkers.contains(word)
      let isExpense = lexicon.expenseMarkers.contains(word)
      guard isIncome || isExpense, !tokens[i].used || categoryTokens.contains(i) else { continue }
      if markerKind == nil { markerKind = isIncome ? .income : .expense }
      tokens[i].used = true
      amountOrMarker.insert(i)
    }
  }

  /// A filler word ("via", "for", "on") right before a used field is part of it.
  mutating func consumeFiller(before index: Int) {
    let previous = index - 1
    if previous >= 0, !tokens[previous].used, !tokens[previous].quoted,
      lexicon.fillers.contains(tokens[previous].word)
    {
      tokens[previous].used = true
    }
  }
}

extension Token {
  /// The word for lexicon look-ups: lowercased, without trailing punctuation.
  var word: String {
    var word = Substring(lower)
    while let last = word.last, last == "," || last == ";" || last == "!" || last == "?" { word.removeLast() }
    return String(word)
  }
}
