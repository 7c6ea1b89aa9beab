import SpendlyCore

/// The database settings the parser needs: defaults for what a phrase leaves out.
public struct ParseSettings: Sendable {
  public var currency: Currency
  /// The method of an expense that names none.
  public var method: String
  /// The method of income that names none: salaries and refunds mostly arrive by bank.
  public var incomeMethod: String
  /// What the word "card" means.
  public var card: String
  /// The person's debt records, by id and name: a payment to one is linked to it.
  public var debts: [(id: Int64, name: String)]

  public init(
    currency: Currency = .inr, method: String = "Cash", incomeMethod: String = "Bank Transfer",
    card: String = "Credit Card", debts: [(id: Int64, name: String)] = []
  ) {
    self.currency = currency
    self.method = method
    self.incomeMethod = incomeMethod
    self.card = card
    self.debts = debts
  }
}

/// Turns an entry phrase ("420 upi food lunch at Social") into a `TransactionDraft`.
///
/// Explicit fields win over inferred ones; inference is bounded (lexicon, then history,
/// then defaults) and recorded; an amount is never invented.
public struct PhraseParser {
  /// Phrases longer than this are refused rather than parsed.
  public static let maximumLength = 1000

  /// Everything the parser reads, shared by reference: a parse copies one pointer, not
  /// thirty dictionaries.
  final class Tables {
    let lexicon: Lexicon
    let catalog: Catalog
    let settings: ParseSettings
    let history: (any MerchantHistory)?
    /// Method words, one or several: the lexicon's plus the person's method names and aliases.
    let methodWords: [String: String]
    /// Category names and the person's aliases, one word or several: they name a category (typed).
    let categoryWords: [String: Category]
    /// Every single word's meaning, merged (see `WordInfo`), built on first use: a question
    /// reads the names above and seldom a word's meaning, and building it was 5% of a
    /// question's instructions. (The parser is not `Sendable`: one thread builds it.)
    @exclusivity(unchecked) private var builtVocabulary: Vocabulary?

    var vocabulary: Vocabulary {
      if let builtVocabulary { return builtVocabulary }
      let built = Vocabulary(
        lexicon: lexicon, catalog: catalog, settings: settings, accountWords: accountWords,
        ambiguousAccountWords: ambiguousAccountWords)
      builtVocabulary = built
      return built
    }
    /// The words that name the person's accounts (see `AccountWords`), by `NameKey` text.
    let accountWords: [String: String]
    /// Words several accounts answer to, each with them (see `AccountWords.ambiguous`).
    let ambiguousAccountWords: [String: [String]]
    /// A word of one account's own name ("regalia" of HDFC Regalia), for an end after from/to.
    let accountNameWords: [String: String]
    /// The most words any entry has ("day before yesterday").
    let longestEntry: Int

    init(lexicon: Lexicon, catalog: Catalog, settings: ParseSettings, history: (any MerchantHistory)?) {
      self.lexicon = lexicon
      self.catalog = catalog
      self.settings = settings
      self.history = history
      var methods: [String: String] = [:]
      for (word, target) in lexicon.methodWords {
        switch target {
        case .named(let name): if let method = catalog.method(named: name) { methods[word] = method.name }
        case .defaultCard: if let method = catalog.method(named: settings.card) { methods[word] = method.name }
        }
      }
      var longest = lexicon.longestEntry
      for method in catalog.methods {
        for word in [method.name] + method.aliases {
          methods[NameKey(word).text] = method.name
          longest = max(longest, Lexicon.wordCount(word))
        }
      }
      var categories: [String: Category] = [:]
      for category in catalog.categories {
        for word in [category.name] + category.aliases {
          let key = NameKey(word).text
          guard categories[key] == nil else { continue }
          categories[key] = category
          longest = max(longest, Lexicon.wordCount(word))
        }
      }
      methodWords = methods
      categoryWords = categories
      // The account words are worked out once a parser (the shell makes one after each write).
      let named = catalog.accounts.isEmpty ? [:] : AccountWords.table(catalog)
      accountWords = named
      ambiguousAccountWords = catalog.accounts.isEmpty ? [:] : AccountWords.ambiguous(catalog, named: named)
      accountNameWords = catalog.accounts.isEmpty ? [:] : AccountWords.nameWords(catalog, named: named)
      longestEntry = longest
    }

    /// The category a word (one or several, lowercased) suggests (inferred), unless it names
    /// one of the person's; the query parser reads these too. Looked up when asked: a table of
    /// them all was 5% of a question's instructions.
    func suggestion(_ word: String) -> Category? {
      guard categoryWords[word] == nil, let hint = lexicon.categorySuggestions[word] else { return nil }
      return catalog.category(named: hint.name)
    }

    /// What a single lowercased word means.
    func info(_ word: String) -> WordInfo { vocabulary.info(word) }

    /// The category an explicit `cat:` value names: a name, the person's alias, or a lexicon word.
    func explicitCategory(_ value: String) -> Category? {
      let lowered = NameKey(value).text
      if let category = categoryWords[lowered] { return category }
      let suggestion = info(lowered).suggestion
      return suggestion >= 0 ? catalog.categories[Int(suggestion)] : nil
    }
  }

  let tables: Tables

  public init(
    lexicon: Lexicon = .standard, catalog: Catalog = .defaults, settings: ParseSettings = ParseSettings(),
    history: (any MerchantHistory)? = nil
  ) {
    tables = Tables(lexicon: lexicon, catalog: catalog, settings: settings, history: history)
  }

  init(tables: Tables) { self.tables = tables }

  var lexicon: Lexicon { tables.lexicon }
  /// The person's categories and methods the parser reads names from.
  public var catalog: Catalog { tables.catalog }
  var settings: ParseSettings { tables.settings }
  var history: (any MerchantHistory)? { tables.history }
  var methodWords: [String: String] { tables.methodWords }
  var categoryWords: [String: Category] { tables.categoryWords }
  func suggestion(_ word: String) -> Category? { tables.suggestion(word) }
  var longestEntry: Int { tables.longestEntry }

  /// Parses one phrase against the clock `now`. Throws only for text that cannot be read
  /// (a malformed amount, an impossible date, an unknown explicit value); anything merely
  /// missing is reported in the draft's `missing`.
  public func parse(_ phrase: String, now: LocalDateTime) throws(PhraseError) -> TransactionDraft {
    let count = phrase.count
    if count > PhraseParser.maximumLength {
      throw PhraseError(
        "phrase is too long (\(count) characters; at most \(PhraseParser.maximumLength))",
        column: PhraseParser.maximumLength + 1, length: 1)
    }
    var text = TextSanitizer.blankingEscapes(phrase)
    // "+freelance 500", "- food 2025": a sign before a word marks the kind as one before a
    // number does; it is blanked (not dropped), so columns stay those of the phrase.
    var sign: Kind?
    if let first = text.first, first == "+" || first == "-" || first == "−",
      text.dropFirst().first.map({ $0.isLetter || $0 == " " }) ?? true
    {
      sign = first == "+" ? .income : .expense
      text = " " + text.dropFirst()
    }
    var run = PhraseRun(parser: tables, tokens: try Tokenizer.tokens(text), now: now)
    run.signKind = sign
    try run.parse()
    return run.draft
  }
}

extension PhraseParser {
  /// The method a name names, as `method:` in a phrase reads it: a name, alias or old name of
  /// the person's, or a lexicon word (gpay is UPI, card the default card), any case; or nil.
  /// Options and filters resolve method names here, so every place accepts the same names.
  public func method(named word: String) -> String? { methodWords[NameKey(word.trimmingSpaces()).text] }

  /// The category a name names, as `cat:` in a phrase reads it: a name, alias or old name of
  /// the person's, or a lexicon word (chai is Food), any case; or nil.
  public func category(named word: String) -> Category? { tables.explicitCategory(word.trimmingSpaces()) }

  /// The account a name names, as `account:` in a phrase reads it: a name, alias, institution
  /// or "institution type" ("hdfc card") of the person's, any case; or nil.
  public func account(named word: String) -> String? { tables.accountWords[NameKey(word.trimmingSpaces()).text] }

}

extension PhraseParser {
  /// Reads text that is only a date and/or time, as phrases write them ("14 aug", "yesterday",
  /// "9pm", "2026-08-14 21:30"); nil when it holds anything else. An impossible date throws.
  public func when(_ text: String, now: LocalDateTime) throws(PhraseError) -> (date: LocalDate?, time: LocalTime?)? {
    var run = PhraseRun(parser: tables, tokens: try Tokenizer.tokens(TextSanitizer.blankingEscapes(text)), now: now)
    try run.datesAndTimes()
    guard !run.tokens.isEmpty, run.tokens.allSatisfy(\.used) else { return nil }
    return (run.dateGiven ? run.draft.date : nil, run.timeGiven ? run.draft.time : nil)
  }
}
