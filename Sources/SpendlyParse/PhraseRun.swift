import SpendlyCore

/// One parse of one phrase: the tokens, which are used, and the draft taking shape.
///
/// The steps run in a fixed order; each marks the tokens it uses, and what no step used
/// becomes the note. Typed fields are settled first, then kind, merchant, and last the
/// inferred fields (lexicon, then history, then defaults).
struct PhraseRun {
  let parser: PhraseParser.Tables
  var tokens: [Token]
  let now: LocalDateTime
  var draft: TransactionDraft

  // What the steps found, before the rules decide.
  var explicitKind: Kind?
  var signKind: Kind?
  var markerKind: Kind?
  /// "for" was read: an expense unless something stronger decides.
  var weakExpenseMarked = false
  var explicitCategory: Category?
  /// Category names typed, as indexes in the catalog's categories, with their tokens.
  var namedCategories: [(index: Int, range: Range<Int>)] = []
  /// Categories suggested by words, as indexes in the catalog's categories, in typed order.
  var suggestedCategories: [Int] = []
  var dateGiven = false
  var timeGiven = false
  var explicitCurrency: Currency?
  var explicitAmount: Money?
  /// The `note:"..."` token and its text, placed in the note where it was typed.
  var explicitNote: (index: Int, text: String)?
  /// The transfer word's route, when the phrase moves money between the person's own accounts.
  var transferRoute: TransferRoute?
  /// A transfer's end named by a word that is no account ("from nosuch"): never inferred.
  var unknownEnds: (from: Bool, to: Bool) = (false, false)
  /// What history answered for the merchants looked up, so inference asks nothing twice.
  var historyUses: [MerchantUse] = []

  init(parser: PhraseParser.Tables, tokens: [Token], now: LocalDateTime) {
    self.parser = parser
    self.tokens = tokens
    for i in self.tokens.indices where !tokens[i].quoted {
      self.tokens[i].info =
        tokens[i].isLowercase
        ? parser.info(tokens[i].word) : parser.vocabulary.info(tokens[i].word, typed: Token.trimmed(tokens[i].text))
    }
    self.now = now
    draft = TransactionDraft(currency: parser.settings.currency, date: now.date)
  }

  var lexicon: Lexicon { parser.lexicon }

  mutating func parse() throws(PhraseError) {
    try explicitFields()
    try datesAndTimes()
    try amount()
    transferWords()
    accountWords()
    categoryWords()
    methods()
    liabilityPayment()
    debtPayment()
    kindMarkers()
    if transferRoute == nil || explicitKind != nil && explicitKind != .transfer {
      transferRoute = nil
      resolveKind()
      typedCategory()
      merchants()
      knownMerchants()
      inferCategory()
      inferFromHistory()
    } else {
      transferEnds()
    }
    defaults()
    inferAccounts()
    if draft.kind == .transfer, unknownEnds.from || unknownEnds.to {
      if unknownEnds.from, draft.inferred.contains(.account) { draft.account = nil }
      if unknownEnds.to, draft.inferred.contains(.to) { draft.counterAccount = nil }
      PhraseParser(tables: parser).markMissingEnds(&draft)
    }
    note()
    if draft.debtID != nil, draft.merchant == nil,
      let debt = parser.settings.debts.first(where: { $0.id == draft.debtID })
    {
      draft.merchant = debt.name
    }
    futureWarnings()
    draft.recognized =
      draft.amount != nil || tokens.contains(where: \.used) || !suggestedCategories.isEmpty || !namedCategories.isEmpty
      || !historyUses.isEmpty
  }

  /// A date after today, or a time later than now today, is allowed but said.
  mutating func futureWarnings() {
    if draft.date > now.date {
      draft.warnings.append(.futureDate("\(draft.date.readable)"))
    } else if draft.date == now.date, timeGiven, let time = draft.time, time > now.time {
      draft.warnings.append(.laterToday(time: "\(time)", now: "\(now.time)"))
    }
  }

  // MARK: Explicit fields: cat:food method:upi note:"..." date:yesterday time:21:30 cur:usd kind:income

  mutating func explicitFields() throws(PhraseError) {
    var seen: Set<DraftField> = []
    for i in tokens.indices where !tokens[i].quoted && tokens[i].text.utf8.contains(0x3A) {
      let token = tokens[i]
      guard let colon = token.text.firstIndex(of: ":"), colon != token.text.startIndex else { continue }
      // The key comes from the typed text: lowercasing may change lengths (İ), so never index `lower`.
      let key = token.text[..<colon].lowercased()
      guard let field = PhraseRun.explicitKeys[key] else { continue }
      let value = String(token.text[token.text.index(after: colon)...])
      func fail(_ message: String, seeAlso: SeeAlso? = nil) -> PhraseError {
        var error = PhraseError(message, column: token.column, length: token.length)
        error.seeAlso = seeAlso
        return error
      }
      guard seen.insert(field).inserted else { throw fail("\(field.rawValue) given twice") }
      if value.isEmpty && field != .note {
        throw fail("\(key): needs a value, like \(key):\(PhraseRun.examples[field] ?? "x")")
      }
      switch field {
      case .category:
        guard let category = parser.explicitCategory(value) else {
          throw fail("unknown category '\(value)'", seeAlso: .categories)
        }
        explicitCategory = category
      case .method:
        guard let method = parser.methodWords[NameKey(value).text] else {
          throw fail("unknown payment method '\(value)'", seeAlso: .methods)
        }
        draft.method = method
      case .note:
        explicitNote = (i, value)
      case .merchant:
        draft.merchant = canonicalMerchant(value)
      case .account:
        guard let account = parser.accountWords[NameKey(value).text] else {
          throw fail("unknown account '\(value)'", seeAlso: .accounts)
        }
        draft.account = account
      case .to:
        if let account = parser.accountWords[NameKey(value).text] {
          draft.counterAccount = account
        } else if let method = parser.methodWords[NameKey(value).text] {
          draft.counterMethod = method
        } else {
          throw fail("unknown account or method '\(value)'", seeAlso: .accounts)
        }
        transferRoute = transferRoute ?? .transfer
      case .kind:
        guard let kind = Kind(rawValue: value.lowercased()) else {
          throw fail("kind must be expense, income or transfer")
        }
        explicitKind = kind
        if kind == .transfer { transferRoute = transferRoute ?? .transfer }
      case .currency:
        guard let currency = Currency.named(value) ?? lexicon.currencyWords[value.lowercased()] else {
          throw fail("unknown currency '\(value)'")
        }
        explicitCurrency = currency
      case .date:
        guard let date = DateWords.date(value.lowercased(), today: now.date, lexicon: lexicon, nearest: true) else {
          throw fail("date '\(value)': expected YYYY-MM-DD, 14/08, today or yesterday")
        }
        draft.date = date
        dateGiven = true
      case .time:
        guard let time = DateWords.time(value.lowercased(), lexicon: lexicon) else {
          throw fail("time '\(value)': expected HH:MM or 9pm")
        }
        draft.time = time
        timeGiven = true
      case .amount:  // read as a phrase reads one (amount:1.5k)
        do {
          explicitAmount = try PhraseParser(tables: parser).amount(
            value, currency: explicitCurrency ?? parser.settings.currency)
        } catch {
          throw fail(error.message)
        }
      }
      tokens[i].used = true
    }
  }

  /// Explicit keys and the field each names.
  static let explicitKeys: [String: DraftField] = [
    "cat": .category, "category": .category, "method": .method, "pay": .method, "via": .method,
    "note": .note, "merchant": .merchant, "at": .merchant, "kind": .kind, "type": .kind,
    "cur": .currency, "currency": .currency, "date": .date, "time": .time, "amount": .amount,
    "account": .account, "acct": .account, "from": .account, "to": .to,
  ]
  /// A value for each field, shown when its key is typed without one (`cat:` → "like cat:food").
  static let examples: [DraftField: String] = [
    .category: "food", .method: "upi", .merchant: "Social", .kind: "income", .currency: "usd",
    .date: "yesterday", .time: "21:30", .amount: "420", .account: "wallet", .to: "savings",
  ]

  // MARK: Methods, categories, markers

  /// An entry of several words starting at token `i` ("credit card", "other income"),
  /// longest first, with its length; only tried when the first word starts such an entry.
  func multiWord<T>(_ table: (String) -> T?, at i: Int) -> (T, Int)? {
    guard tokens[i].info.has(.multiWordStart) else { return nil }
    var n = min(parser.longestEntry, tokens.count - i)
    while n > 1 {
      let range = i..<(i + n)
      if !range.contains(where: { tokens[$0].used || tokens[$0].quoted }),
        let value = table(range.map { tokens[$0].word }.joined(separator: " "))
      {
        return (value, n)
      }
      n -= 1
    }
    return nil
  }

  /// A method word in the phrase: where it stands, what it names, and how it was said.
  struct MethodWord {
    let range: Range<Int>
    let name: String
    /// Said with a marker: "via upi", "by card", "using gpay".
    let marked: Bool
    /// The bare word "card" (the default card), which is often a noun ("metro card").
    let generic: Bool
  }

  /// The method: explicit (`method:upi`), else the first marked one (`via X`, `by X`), else a
  /// bare word; of two bare words that disagree, a specific one beats the generic "card",
  /// else the first wins, with a warning and an inferred mark. The word used as the method
  /// (and its marker) leaves the note; a method word that lost stays in it.
  /// A word that names a category is not a method ("Other" is both).
  mutating func methods() {
    // The common phrase has one method word: `others` stays empty and allocates nothing.
    var first: MethodWord?
    var others: [MethodWord] = []
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      guard free(i), !isNamedCategory(i) else { continue }
      var length = 1
      var name: String
      if tokens[i].info.has(.multiWordStart), let (multi, n) = multiWord({ parser.methodWords[$0] }, at: i) {
        if (i..<(i + n)).contains(where: isNamedCategory) { continue }
        (name, length) = (multi, n)
      } else if tokens[i].info.method >= 0 {
        name = parser.catalog.methods[Int(tokens[i].info.method)].name
      } else {
        continue
      }
      let marked = i > 0 && free(i - 1) && tokens[i - 1].info.has(.methodMarker)
      let generic = length == 1 && tokens[i].info.has(.genericMethod)
      let word = MethodWord(range: i..<(i + length), name: name, marked: marked, generic: generic)
      if first == nil { first = word } else { others.append(word) }
      i += length - 1
    }
    guard let first else { return }
    if others.isEmpty {  // one method word: no conflict, nothing to allocate
      if let explicit = draft.method {
        if explicit != first.name {
          draft.warnings.append(.methodOverridden(took: "\(explicit)", not: "\(first.name)"))
        }
        return
      }
      draft.method = first.name
      return use(first.range)
    }
    let found = [first] + others
    let names = found.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    if let explicit = draft.method {
      if let other = names.first(where: { $0 != explicit }) {
        draft.warnings.append(.methodOverridden(took: "\(explicit)", not: "\(other)"))
      }
      return
    }
    var chosen = found.first(where: \.marked) ?? first
    if !found.contains(where: \.marked) && names.count > 1 {
      chosen = found.first(where: { !$0.generic }) ?? first
      draft.inferred.insert(.method)
      let words = found.map { "'" + tokenText($0.range) + "'" }.joined(separator: " and ")
      draft.warnings.append(.methodsUnmarked(words: words, took: "\(chosen.name)"))
    } else if names.count > 1 {
      let rest = names.filter { $0 != chosen.name }.joined(separator: ", ")
      draft.warnings.append(.methodMarked(took: "\(chosen.name)", not: rest))
    }
    draft.method = chosen.name
    for word in found where word.name == chosen.name { use(word.range) }
  }

  func isNamedCategory(_ i: Int) -> Bool { namedCategories.contains { $0.range.contains(i) } }

  /// Category names (typed) and words that suggest a category (inferred), in typed order.
  mutating func categoryWords() {
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      guard free(i) else { continue }
      let multi = tokens[i].info.has(.multiWordStart)
      if multi, let (category, length) = multiWord({ parser.categoryWords[$0] }, at: i) {
        if let index = parser.catalog.categories.firstIndex(of: category) {
          namedCategories.append((index, i..<(i + length)))
        }
        i += length - 1
      } else if multi, let (category, length) = multiWord(parser.suggestion, at: i),
        let index = parser.catalog.categories.firstIndex(of: category)
      {
        suggestedCategories.append(index)  // "uber eats": Food, not the Transport of "uber"
        i += length - 1
      } else if tokens[i].info.category >= 0 {
        namedCategories.append((Int(tokens[i].info.category), i..<(i + 1)))
      } else if tokens[i].info.suggestion >= 0 {
        suggestedCategories.append(Int(tokens[i].info.suggestion))
      }
    }
  }

  /// Kind markers. The first expense or income marker decides (a payee counts as an expense
  /// marker); else an income word (salary, refund); else a weak expense word ("for"). Markers
  /// are used (dropped from the note); payees stay, and so do income words that lost.
  mutating func kindMarkers() {
    var strong: Kind?
    var incomeWord = false
    var weakExpense = false
    var tax = false
    for i in tokens.indices where free(i) {
      let info = tokens[i].info
      // "income tax": an income word right before a tax word is the tax's name, not income.
      let namesTax = i + 1 < tokens.count && tokens[i + 1].info.has(.tax)
      if info.has(.tax) {
        tax = true
      } else if info.has(.incomeMarker) || info.has(.expenseMarker) {
        if strong == nil { strong = info.has(.incomeMarker) ? .income : .expense }
        tokens[i].used = true
        tokens[i].amountOrMarker = true
      } else if info.has(.payee) {
        if strong == nil { strong = .expense }
      } else if info.has(.incomeWord) && !namesTax {
        incomeWord = true
      } else if info.has(.weakExpense) {
        weakExpense = true
      }
    }
    if strong == nil && incomeWord { strong = .income }
    if strong == nil && tax { strong = .expense }
    // Income words leave the note only when the phrase is income ("salary 150000 credited").
    if incomeWord, strong == .income, (explicitKind ?? signKind ?? .income) == .income {
      for i in tokens.indices
      where free(i) && tokens[i].info.has(.incomeWord) && !(i + 1 < tokens.count && tokens[i + 1].info.has(.tax)) {
        tokens[i].used = true
        tokens[i].amountOrMarker = true
      }
    }
    markerKind = strong
    weakExpenseMarked = weakExpense
  }

  /// True when token `i` is neither used nor quoted.
  func free(_ i: Int) -> Bool { !tokens[i].used && !tokens[i].quoted }

  /// Marks `range` used, with a filler word ("via", "for", "on") right before it.
  mutating func use(_ range: Range<Int>) {
    for j in range { tokens[j].used = true }
    let previous = range.lowerBound - 1
    if previous >= 0, free(previous), tokens[previous].info.has(.filler) {
      tokens[previous].used = true
    }
  }
}
