import SpendlyCore

/// Everything the parser knows about one lowercased word, merged from every lexicon table
/// and the person's catalog, so each token is looked up once (one hash) instead of once per
/// table per step. Plain values only: copying one costs no reference counting.
struct WordInfo {
  struct Flags: OptionSet {
    let rawValue: UInt32
    static let incomeMarker = Flags(rawValue: 1 << 0)
    static let expenseMarker = Flags(rawValue: 1 << 1)
    static let merchantMarker = Flags(rawValue: 1 << 2)
    static let filler = Flags(rawValue: 1 << 3)
    static let lead = Flags(rawValue: 1 << 4)
    static let last = Flags(rawValue: 1 << 5)
    static let ago = Flags(rawValue: 1 << 6)
    /// The first word of an entry of several words ("credit" of "credit card").
    static let multiWordStart = Flags(rawValue: 1 << 7)
    /// The first word of a relative day ("today", "day" of "day before yesterday").
    static let relativeStart = Flags(rawValue: 1 << 8)
    /// A word with a meaning of its own: a merchant's name after `at` stops before it.
    static let meaningful = Flags(rawValue: 1 << 9)
    /// A word naming income (salary, refund): weaker than an expense marker.
    static let incomeWord = Flags(rawValue: 1 << 10)
    /// Someone one pays (maid): an expense marker that stays in the note.
    static let payee = Flags(rawValue: 1 << 11)
    /// "for": an expense over a category of the other side only.
    static let weakExpense = Flags(rawValue: 1 << 12)
    /// "via", "by": the method word after it is marked.
    static let methodMarker = Flags(rawValue: 1 << 13)
    /// "card": the default card, a generic method word that is often a noun.
    static let genericMethod = Flags(rawValue: 1 << 14)
    /// "a", "of": a lower-case word inside a capitalised name.
    static let nameJoiner = Flags(rawValue: 1 << 15)
    /// The first word of a time of several words ("this" of "this morning").
    static let timeStart = Flags(rawValue: 1 << 16)
    /// The first word of a transfer word ("atm", "cc" of "cc bill").
    static let transferStart = Flags(rawValue: 1 << 17)
    /// The first word of a name of one of the person's accounts ("hdfc" of "hdfc card").
    static let accountStart = Flags(rawValue: 1 << 18)
    /// A tax one pays (tax, gst, tds): an expense unless an income word says otherwise.
    static let tax = Flags(rawValue: 1 << 19)
    /// A payment to a loan or a card (emi, instalment): with a liability named, a transfer to it.
    static let loanPayment = Flags(rawValue: 1 << 20)
  }

  var flags: Flags = []
  /// Index in the catalog's methods, or -1.
  var method: Int16 = -1
  /// Index in the catalog's categories of a category this word names (typed), or -1.
  var category: Int16 = -1
  /// Index in the catalog's categories of a category this word suggests (inferred), or -1.
  var suggestion: Int16 = -1
  /// Index in `Currency.all` of a currency word or symbol, or -1.
  var currency: Int16 = -1
  /// 1...12 for a month name, else 0.
  var month: Int8 = 0
  /// 0 (Monday) ... 6 for a weekday name, else -1.
  var weekday: Int8 = -1
  /// Minutes since midnight of a time word (noon), or -1.
  var time: Int16 = -1
  /// Days in a unit word (day, week), or 0.
  var dayUnit: Int16 = 0
  /// Amount multiplier of a suffix word (k, lakh), or 0.
  var multiplier: Int64 = 0

  static let none = WordInfo()

  func has(_ flag: Flags) -> Bool { flags.contains(flag) }
}

/// The single-word table and what it is built from.
struct Vocabulary {
  var words: [String: WordInfo] = [:]
  /// Currency symbols that may touch a number (₹, $, s$), as bytes, longest first, with
  /// their index in `Currency.all`.
  var currencySymbols: [([UInt8], Int)] = []

  init(
    lexicon: Lexicon, catalog: Catalog, settings: ParseSettings, accountWords: [String: String] = [:],
    ambiguousAccountWords: [String: [String]] = [:]
  ) {
    // Every word of the lexicon and the catalog is merged here, for every parser: spaces are
    // found over bytes, not Characters.
    func firstWord(_ key: String) -> String? { key.utf8.firstIndex(of: 0x20).map { String(key[..<$0]) } }
    func edit(_ key: String, _ change: (inout WordInfo) -> Void) {
      if let first = firstWord(key) {
        words[first, default: WordInfo()].flags.insert(.multiWordStart)
      } else {
        change(&words[key, default: WordInfo()])
      }
    }
    func flag(_ keys: some Sequence<String>, _ flag: WordInfo.Flags) {
      for key in keys { edit(key) { $0.flags.insert(flag) } }
    }
    // Sized once for every word it may take (a word of several tables counts more than once).
    let sets = [
      lexicon.incomeMarkers, lexicon.expenseMarkers, lexicon.loanPaymentWords, lexicon.incomeWords, lexicon.payeeWords,
      lexicon.taxWords, lexicon.weakExpenseWords, lexicon.methodMarkers, lexicon.nameJoiners, lexicon.merchantMarkers,
      lexicon.fillers, lexicon.leadWords, lexicon.lastWords, lexicon.agoWords,
    ]
    let tables = [
      lexicon.methodWords.count, lexicon.categorySuggestions.count, lexicon.currencyWords.count,
      lexicon.currencySymbols.count, lexicon.suffixes.count, lexicon.months.count, lexicon.weekdays.count,
      lexicon.timeWords.count, lexicon.dayUnits.count, lexicon.relativeDays.count, lexicon.transferRoutes.count,
      accountWords.count, ambiguousAccountWords.count,
    ]
    let catalogWords = (catalog.methods.map { 1 + $0.aliases.count } + catalog.categories.map { 1 + $0.aliases.count })
    words.reserveCapacity(
      sets.reduce(0) { $0 + $1.count } + tables.reduce(0, +) + catalogWords.reduce(0, +))
    let methodIndex = Dictionary(
      catalog.methods.enumerated().map { ($1.name, Int16($0)) }, uniquingKeysWith: { a, _ in a })
    for (word, target) in lexicon.methodWords {
      let name: String
      switch target {
      case .named(let named): name = named
      case .defaultCard: name = settings.card
      }
      guard let method = catalog.method(named: name), let index = methodIndex[method.name] else { continue }
      edit(word) {
        $0.method = index
        if target == .defaultCard { $0.flags.insert(.genericMethod) }
      }
    }
    for (index, method) in catalog.methods.enumerated() {
      for word in [method.name] + method.aliases { edit(NameKey(word).text) { $0.method = Int16(index) } }
    }
    for (index, category) in catalog.categories.enumerated() {
      for word in [category.name] + category.aliases {
        edit(NameKey(word).text) { if $0.category < 0 { $0.category = Int16(index) } }
      }
    }
    let categoryIndex = Dictionary(
      catalog.categories.enumerated().map { (NameKey($1.name).text, Int16($0)) }, uniquingKeysWith: { a, _ in a })
    // Many words suggest one category: each hint's category is looked up once (-1: none).
    var hintIndex: [String: Int16] = [:]
    for (word, hint) in lexicon.categorySuggestions {
      let index: Int16
      if let known = hintIndex[hint.name] {
        index = known
      } else {
        // Through the catalog, so a renamed category (its old name now an alias) keeps its words.
        index = catalog.category(named: hint.name).flatMap { categoryIndex[NameKey($0.name).text] } ?? -1
        hintIndex[hint.name] = index
      }
      guard index >= 0 else { continue }
      edit(word) { if $0.category < 0 { $0.suggestion = index } }
    }
    for (word, currency) in lexicon.currencyWords {
      edit(word) { $0.currency = Int16(Currency.all.firstIndex(of: currency) ?? -1) }
    }
    for (symbol, currency) in lexicon.currencySymbols {
      guard let index = Currency.all.firstIndex(of: currency) else { continue }
      currencySymbols.append((Array(symbol.utf8), index))
      if words[symbol]?.currency ?? -1 < 0 { edit(symbol) { $0.currency = Int16(index) } }
    }
    for (word, multiplier) in lexicon.suffixes { edit(word) { $0.multiplier = multiplier } }
    for (word, month) in lexicon.months { edit(word) { $0.month = Int8(month) } }
    for (word, weekday) in lexicon.weekdays { edit(word) { $0.weekday = Int8(weekday) } }
    for (word, time) in lexicon.timeWords {
      if let first = firstWord(word) { words[first, default: WordInfo()].flags.insert(.timeStart) }
      edit(word) { $0.time = Int16(time.hour * 60 + time.minute) }
    }
    for (word, days) in lexicon.dayUnits { edit(word) { $0.dayUnit = Int16(days) } }
    for key in lexicon.relativeDays.keys {
      if let first = firstWord(key) {
        words[first, default: WordInfo()].flags.insert(.relativeStart)
      } else {
        words[key, default: WordInfo()].flags.insert([.relativeStart, .meaningful])
      }
    }
    for key in lexicon.transferRoutes.keys {
      words[firstWord(key) ?? key, default: WordInfo()].flags.insert(.transferStart)
    }
    for key in accountWords.keys {
      words[firstWord(key) ?? key, default: WordInfo()].flags.insert([.accountStart, .meaningful])
    }
    for key in ambiguousAccountWords.keys where !key.utf8.contains(0x20) {
      words[key, default: WordInfo()].flags.insert(.accountStart)
    }
    flag(lexicon.incomeMarkers, .incomeMarker)
    flag(lexicon.expenseMarkers, .expenseMarker)
    flag(lexicon.loanPaymentWords, .loanPayment)
    flag(lexicon.incomeWords, .incomeWord)
    flag(lexicon.payeeWords, .payee)
    flag(lexicon.taxWords, .tax)
    flag(lexicon.weakExpenseWords, .weakExpense)
    flag(lexicon.methodMarkers, .methodMarker)
    flag(lexicon.nameJoiners, .nameJoiner)
    flag(lexicon.merchantMarkers, .merchantMarker)
    flag(lexicon.fillers, .filler)
    flag(lexicon.leadWords, .lead)
    flag(lexicon.lastWords, .last)
    flag(lexicon.agoWords, .ago)
    // In place: iterating `words` while setting them by key would copy the table.
    for index in words.values.indices {
      let info = words.values[index]
      if info.method >= 0 || info.category >= 0 || info.suggestion >= 0 || info.weekday >= 0 || info.time >= 0
        || info.has(.incomeMarker) || info.has(.expenseMarker) || info.has(.incomeWord) || info.has(.last)
      {
        words.values[index].flags.insert(.meaningful)
      }
    }
  }

  /// Index in `Currency.all` of an ISO 4217 code typed in capitals ("CHF", "BRL"), or -1. Any code
  /// marks an amount so; in lower case only the words of currencies.txt do, since codes like
  /// PEN, TOP and CUP are words too ("pen 50" is a pen).
  static func capitalCode(_ typed: some StringProtocol) -> Int16 {
    let bytes = typed.utf8
    guard bytes.count == 3, bytes.allSatisfy({ $0 &- 0x41 < 26 }) else { return -1 }
    return Int16(codeIndex[String(typed)] ?? -1)
  }

  private static let codeIndex: [String: Int] = Dictionary(
    Currency.all.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { a, _ in a })

  /// What a token means: `info(word)`, and for a word the tables do not know, an ISO 4217 code
  /// typed in capitals (`capitalCode`) is a currency word.
  func info(_ word: String, typed: String) -> WordInfo {
    var found = info(word)
    if words[word] == nil, found.suggestion < 0 {
      found.currency = Vocabulary.capitalCode(typed)
    }
    return found
  }

  /// What `word` means; an unknown plural takes its singular's suggestion (coffees, lunches).
  func info(_ word: String) -> WordInfo {
    if let info = words[word] { return info }
    guard word.utf8.count > 3, word.utf8.last == 0x73 else { return .none }  // "s"
    var info = WordInfo.none
    if let singular = words[String(word.dropLast())], singular.suggestion >= 0 {
      info.suggestion = singular.suggestion
    } else if word.hasSuffix("es"), let singular = words[String(word.dropLast(2))], singular.suggestion >= 0 {
      info.suggestion = singular.suggestion
    }
    if info.suggestion >= 0 { info.flags.insert(.meaningful) }
    return info
  }
}
