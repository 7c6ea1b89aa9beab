import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Context-aware Tab completion. Candidates come from the catalog (small tables), the lexicon,
/// and the merchant names (loaded by an index skip-scan on first use); nothing at start-up.
final class ShellCompletion {
  let context: Context
  private var catalog: Catalog?
  private var merchantNames: [String]?

  init(context: Context) {
    self.context = context
  }

  /// Drops cached candidates after a change.
  func forget() {
    catalog = nil
    merchantNames = nil
  }

  private func currentCatalog() -> Catalog {
    if let catalog { return catalog }
    let loaded = (try? context.store().catalog.current()) ?? .defaults
    catalog = loaded
    return loaded
  }

  /// First word: commands and merchants. After an amount: methods, categories, merchants, currencies.
  var mainPrompt: Completer {
    { [unowned self] before in
      let word = String(before.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
      let earlier = before.dropLast(word.count)
      let isFirst = earlier.trimmingSpaces().isEmpty
      // After a command's option, or on one, the same candidates as bash's: categories after
      // `list --category`, options after `--`, files after `--html`; so too the words a command
      // declares (`config method U`, `budget set fo`). Words are read as the shell
      // reads them (quoted names are one word), and a name with a space is offered quoted.
      let (words, partial, typed, _) = ShellCompletion.openWords(before)
      if let first = words.first, route(named: first) != nil {
        var line = LineCompletion(words + [partial], databasePath: context.databasePath, store: try? context.store())
        if line.completesADeclaredWord() {
          // The start-up options mean nothing at the prompt.
          let candidates = line.candidates().filter { !["--db", "--now", "--no-color"].contains($0) }
          let quoted = typed.first == "\"" || typed.first == "'" || candidates.contains { $0.contains(" ") }
          return (typed, quoted ? candidates.map { "\"" + $0 + "\"" } : candidates)
        }
      }
      var pool: [String]
      if isFirst {
        // "?spe": a question's first word after the prefix.
        if word.hasPrefix("?") {
          let bare = String(word.dropFirst())
          return (word, ShellCompletion.question(bare, names: merchants(bare)).map { "?" + $0 })
        }
        pool = commands.map { $0.name } + ["help", "quit", "exit", "clear"]
        return (word, ShellCompletion.question(word, names: pool + merchants(word)))
      } else if ShellCompletion.asks(words.first ?? "") {
        // A question ("spent this mo", "query by cat", "? spent on fo"): its words, then the
        // names it may filter by.
        let catalog = currentCatalog()
        var names = catalog.categories.map(\.name) + catalog.methods.map(\.name) + merchants(word)
        if earlier.contains(where: \.isNumber) { names += Currency.all.map(\.code) }
        return (word, ShellCompletion.question(word, names: names))
      } else if earlier.contains(where: \.isNumber) {
        let catalog = currentCatalog()
        pool = catalog.methods.map(\.name) + catalog.categories.map(\.name) + merchants(word)
        pool += Currency.all.map(\.code)
      } else {
        pool = merchants(word)
      }
      return (word, ShellCompletion.match(word, in: pool))
    }
  }

  /// A question's word: the usual question words and the names that start with `typed`; when
  /// none does, any question word that does ("liab" → liabilities); else the names it is inside.
  static func question(_ typed: String, names: [String]) -> [String] {
    let started = match(typed, in: QuestionWords.starting(typed, in: QuestionWords.usual) + names)
    if !started.isEmpty, started.contains(where: { NameKey($0).hasPrefix(NameKey(typed)) }) { return started }
    let any = QuestionWords.starting(typed, in: QuestionWords.all)
    return any.isEmpty ? started : any
  }

  /// Whether a line starting with `first` is a question: `query`, a `?` prefix, or a question
  /// word that is no filler ("spent", "how", "budget").
  static func asks(_ first: String) -> Bool {
    let word = first.hasPrefix("?") ? String(first.dropFirst()) : first
    return first == "?" || word.lowercased() == "query" || QuestionWords.isQuestionWord(word)
  }

  /// A review field's values: categories of the draft's side, methods, merchants, currencies.
  func field(_ field: DraftField, draft: TransactionDraft) -> Completer {
    { [unowned self] before in
      let pool: [String]
      switch field {
      case .category: pool = currentCatalog().categories(on: draft.kind.side).map(\.name)
      case .method: pool = currentCatalog().methods.map(\.name)
      case .merchant: pool = merchants(before)
      case .currency: pool = Currency.all.map(\.code)
      case .kind: pool = Kind.allCases.map(\.rawValue)
      case .date: pool = ["today", "yesterday"]
      default: pool = []
      }
      return (before, ShellCompletion.match(before, in: pool))
    }
  }

  /// Merchants matching the typed text (prefix, else infix), most recently used first.
  /// The names are loaded once, on the first Tab that needs them, by an index skip-scan.
  private func merchants(_ typed: String) -> [String] {
    guard !typed.isEmpty, let store = try? context.store() else { return [] }
    if merchantNames == nil { merchantNames = store.merchants.merchantNames() }
    let matches = ShellCompletion.match(typed, in: merchantNames ?? [])
    guard matches.count <= 30 else { return Array(matches.prefix(40)) }
    let recency = Dictionary(uniqueKeysWithValues: matches.map { ($0, store.merchants.lastUsedDate(of: $0) ?? "") })
    return matches.sorted { recency[$0]! > recency[$1]! }
  }

  /// A line's words as the shell reads them (`splitWords`): the finished ones, the last one's
  /// text so far with its quotes removed, that word as typed (what a completion replaces), and
  /// whether a quote is still open (then it is part of the last word).
  static func openWords(_ before: String) -> (words: [String], partial: String, typed: String, openQuote: Bool) {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var start: String.Index?
    var index = before.startIndex
    while index < before.endIndex {
      let character = before[index]
      let nextIndex = before.index(after: index)
      let next = nextIndex < before.endIndex ? before[nextIndex] : " "
      if let open = quote {
        if character == open && (open == "\"" || next == " " || next == "\t") {
          quote = nil
        } else {
          current.append(character)
        }
      } else if character == "\"" || (character == "'" && start == nil) {
        quote = character
        start = start ?? index
      } else if character == " " || character == "\t" {
        if start != nil { words.append(current) }
        current = ""
        start = nil
      } else {
        current.append(character)
        start = start ?? index
      }
      index = nextIndex
    }
    guard let start else { return (words, "", "", false) }
    return (words, current, String(before[start...]), quote != nil)
  }

  /// Case-insensitive prefix matches, else infix matches ("fer" finds "DB Ferry"); no duplicates.
  static func match(_ word: String, in pool: [String]) -> [String] {
    let typed = NameKey(word)
    var seen = Set<NameKey>()
    let unique = pool.filter { seen.insert(NameKey($0)).inserted }
    let prefixed = unique.filter { NameKey($0).hasPrefix(typed) }
    if !prefixed.isEmpty || typed.text.isEmpty { return prefixed }
    return unique.filter { NameKey($0).text.contains(typed.text) }
  }
}
