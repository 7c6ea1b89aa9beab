import SpendlyCore

/// The words Spendly understands, from the `grammar/lexicon/` files: the standard lexicon is
/// compiled from them into sorted tables (`make grammar`); `init(files:)` reads other texts.
///
/// Keys are lowercased; multi-word entries ("credit card") are joined by single spaces.
public struct Lexicon: Sendable {
  /// What a method word means: a named method, or the person's default card.
  public enum MethodTarget: Sendable, Hashable {
    case named(String)
    case defaultCard
  }

  /// A category a lexicon word names or suggests, by name and side (resolved through the catalog).
  public struct CategoryHint: Sendable, Hashable {
    public let name: String
    public let side: Category.Side
  }

  public var methodWords = WordMap<MethodTarget>()
  public var categorySuggestions = WordMap<CategoryHint>()
  public var categoryNames = WordMap<CategoryHint>()
  public var currencyWords = WordMap<Currency>()
  /// Symbols that may touch an amount (₹420), longest first.
  public var currencySymbols: [(String, Currency)] = []
  public var suffixes = WordMap<Int64>()
  public var incomeMarkers = WordSet()
  public var expenseMarkers = WordSet()
  /// Words of a payment to a loan or a card (emi, instalment): with a liability named, a transfer to it.
  public var loanPaymentWords = WordSet()
  /// Words that name income (salary, refund): income unless an expense marker or payee says otherwise.
  public var incomeWords = WordSet()
  /// People one pays (maid, driver): an expense, the word kept in the note.
  public var payeeWords = WordSet()
  /// Taxes one pays (tax, gst, tds): an expense; "income" right before one is its name.
  public var taxWords = WordSet()
  /// "budget": a line with it and an amount sets a budget ("food budget 9000").
  public var budgetWords = WordSet()
  /// Words dropped around a budget setting ("set food budget to 9000", "monthly budget 50000").
  public var budgetFillers = WordSet()
  /// "for": an expense over a category of the other side, not over an income word.
  public var weakExpenseWords = WordSet()
  /// Words that mark the method after them (via, by, using).
  public var methodMarkers = WordSet()
  /// Lower-case words inside a capitalised name ("Pret a Manger").
  public var nameJoiners = WordSet()
  public var merchantMarkers = WordSet()
  /// Well-known merchants: lowercased words → the spelling to store (swiggy → Swiggy).
  public var merchantSpellings = WordMap<String>()
  public var fillers = WordSet()
  /// Words dropped right after the amount or a kind marker ("spent 60 on chai").
  public var leadWords = WordSet()
  public var relativeDays = WordMap<Int>()
  public var weekdays = WordMap<Int>()
  public var months = WordMap<Int>()
  public var lastWords = WordSet()
  public var agoWords = WordSet()
  public var dayUnits = WordMap<Int>()
  public var timeWords = WordMap<LocalTime>()
  /// Transfer words ("atm", "cc bill") and the route each names.
  public var transferRoutes = WordMap<TransferRoute>()
  /// The words before a transfer's source and destination ("from", "to").
  public var fromWords = WordSet()
  public var toWords = WordSet()
  /// Words before an amount in the currency it was charged in ("for $12.50").
  public var foreignWords = WordSet()
  /// Two words where a transfer word is part of a name ("recurring deposit"): no transfer.
  public var transferNames = WordSet()
  /// Words that open a bank's description and name no one ("upi", "pos"), and words dropped
  /// from a payee wherever they stand ("okhdfc", "payment").
  public var payeePrefixes: Set<String> {
    get { importWords.payeePrefixes }
    set { importWords.payeePrefixes = newValue }
  }
  public var payeeNoise: Set<String> {
    get { importWords.payeeNoise }
    set { importWords.payeeNoise = newValue }
  }
  /// Merchant category codes (ISO 18245) and the category each gives.
  public var mccRanges: [(ClosedRange<Int>, String)] {
    get { importWords.mccRanges }
    set { importWords.mccRanges = newValue }
  }
  /// What bank narrations say a row is, and merchants' abbreviations (`statements.txt`).
  public var narrationWords: NarrationWords {
    get { importWords.narrationWords }
    set { importWords.narrationWords = newValue }
  }
  /// The most words any entry has.
  public var longestEntry = 1

  /// The words only imports read (statements.txt, payees.txt, mcc.txt).
  struct ImportWords: Sendable {
    var payeePrefixes: Set<String> = []
    var payeeNoise: Set<String> = []
    var mccRanges: [(ClosedRange<Int>, String)] = []
    var narrationWords = NarrationWords()
  }

  /// This lexicon's import words; nil in the standard lexicon, whose import words are read on
  /// first use (`standardImportWords`): a question or an entry never reads them.
  private var ownImportWords: ImportWords?

  private var importWords: ImportWords {
    get { ownImportWords ?? Lexicon.standardImportWords }
    set { ownImportWords = newValue }
  }

  /// The files only imports read, and those that only check their roles (their words are read
  /// by `QueryLexicon` and `CadenceWords`): the standard lexicon reads neither at first.
  private static let importFiles = ["mcc", "payees", "statements"]
  private static let checkedFiles = ["cadences", "queries"]

  /// The lexicon built into the binary: its words compiled into sorted tables
  /// (`LexiconTables.swift`, written by `make grammar` from `readingEmbeddedFiles()`), so a
  /// process reads no lexicon text and hashes no word at start.
  public static let standard = Lexicon.compiled()

  /// The standard lexicon read from the embedded files' text, as `make grammar` reads it to
  /// write the compiled tables (and a test compares the two).
  package static func readingEmbeddedFiles() throws(FileError) -> Lexicon {
    var lexicon = Lexicon()
    try lexicon.read(EmbeddedLexicon.files, skipping: importFiles + checkedFiles)
    return lexicon
  }

  /// The standard lexicon's import words, read from the embedded files when first needed.
  private static let standardImportWords: ImportWords = {
    do {
      var lexicon = Lexicon()
      lexicon.ownImportWords = ImportWords()
      try lexicon.read(EmbeddedLexicon.files, only: importFiles)
      return lexicon.importWords
    } catch {
      fatalError("the embedded lexicon is invalid: \(error)")
    }
  }()

  init() {}

  /// A problem in a lexicon file, with its line.
  public struct FileError: Error, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String
    public var description: String { "grammar/lexicon/\(file).txt:\(line): \(message)" }
  }

  /// Builds a lexicon from file texts keyed by file name (methods, categories, currencies, ...).
  public init(files: [String: String]) throws(FileError) {
    ownImportWords = ImportWords()
    try read(files)
  }

  /// Reads the files (all but `skipping`, or only those in `only`), in the order of their names.
  private mutating func read(
    _ files: [String: String], skipping skipped: [String] = [], only: [String]? = nil
  ) throws(FileError) {
    var scratch: [UInt8] = []
    for (file, text) in files.sorted(by: { $0.key < $1.key }) {
      if skipped.contains(file) || only.map({ !$0.contains(file) }) == true { continue }
      // Read by `make grammar` (the compiled tables), the tests and `init(files:)`.
      try Lexicon.lines(of: text) { (number, key, value) throws(FileError) in
        guard let key else { throw FileError(file: file, line: number, message: "expected 'key: words'") }
        do {
          if file == "merchants" {
            try addMerchants(key: key, spellings: Lexicon.words(value, lowercased: false, scratch: &scratch))
            return
          }
          try add(file: file, key: key, words: Lexicon.words(value, lowercased: true, scratch: &scratch))
        } catch let message as LineError {
          throw FileError(file: file, line: number, message: message.text)
        } catch {
          throw FileError(file: file, line: number, message: "\(error)")
        }
      }
    }
    // Longest first, sorted once all are read (the sort keeps the files' order among equals).
    currencySymbols.sort { $0.0.count > $1.0.count }
  }

  struct LineError: Error { let text: String }

  /// The `key: words` lines of a lexicon file, read over its bytes (every mark read here is
  /// ASCII, so only keys and words become Strings): each line that is neither blank nor a `#`
  /// comment, with its number, its key trimmed (nil when the line has no colon) and the bytes
  /// after the colon.
  static func lines<Failure: Error>(
    of text: String, _ body: (_ number: Int, _ key: String?, _ value: ArraySlice<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    let bytes = Array(text.utf8)
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var start = 0
    var number = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      number += 1
      defer { start = end + 1 }
      var low = start
      var high = end
      while low < high && isSpace(bytes[low]) { low += 1 }
      while high > low && isSpace(bytes[high - 1]) { high -= 1 }
      if low == high || bytes[low] == 0x23 { continue }  // #
      guard let colon = bytes[low..<high].firstIndex(of: 0x3A) else {
        try body(number, nil, [])
        continue
      }
      var keyEnd = colon
      while keyEnd > low && isSpace(bytes[keyEnd - 1]) { keyEnd -= 1 }
      try body(number, String(decoding: bytes[low..<keyEnd], as: UTF8.self), bytes[(colon + 1)..<high])
    }
  }

  private mutating func add(file: String, key: String, words: [String]) throws {
    switch file {
    case "methods":
      let target: MethodTarget = key == "@card" ? .defaultCard : .named(key)
      for word in words { note(word); methodWords[word] = target }
    case "categories":
      let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, let side = Category.Side(rawValue: parts[0]) else {
        throw LineError(text: "expected 'expense Name:' or 'income Name:'")
      }
      let hint = CategoryHint(name: parts[1], side: side)
      categoryNames[NameKey(parts[1]).text] = hint
      note(parts[1])
      for word in words { note(word); categorySuggestions[word] = hint }
    case "currencies":
      guard let currency = Currency.named(key) else { throw LineError(text: "unknown currency code \(key)") }
      for word in words {
        if word.first?.isLetter == true {
          currencyWords[word] = currency
        } else {
          currencySymbols.append((word, currency))
        }
        if word.first?.isLetter == true && word.last == "$" { currencySymbols.append((word, currency)) }
      }
    case "suffixes":
      guard let multiplier = Int64(key) else { throw LineError(text: "expected a number") }
      for word in words { suffixes[word] = multiplier }
    case "markers":
      switch key {
      case "income": incomeMarkers.formUnion(words)
      case "expense": expenseMarkers.formUnion(words)
      case "loan-payment": loanPaymentWords.formUnion(words)
      case "income-word": incomeWords.formUnion(words)
      case "payee": payeeWords.formUnion(words)
      case "tax": taxWords.formUnion(words)
      case "budget": budgetWords.formUnion(words)
      case "budget-filler": budgetFillers.formUnion(words)
      case "weak-expense": weakExpenseWords.formUnion(words)
      case "method-marker": methodMarkers.formUnion(words)
      case "name-joiner": nameJoiners.formUnion(words)
      case "merchant": merchantMarkers.formUnion(words)
      case "filler": fillers.formUnion(words)
      case "lead": leadWords.formUnion(words)
      default: throw LineError(text: "unknown marker role \(key)")
      }
    case "dates":
      try addDates(key: key, words: words)
    case "queries":
      // The words are read by QueryLexicon; the roles are checked here too, so a test of the files finds one.
      guard QueryRole(rawValue: key) != nil else { throw LineError(text: "unknown question role \(key)") }
    case "transfers":
      switch key {
      case "from": fromWords.formUnion(words)
      case "to": toWords.formUnion(words)
      case "foreign": foreignWords.formUnion(words)
      case "name":
        guard words.allSatisfy({ $0.split(separator: " ").count == 2 }) else {
          throw LineError(text: "a name of transfer words is two words")
        }
        transferNames.formUnion(words)
      default:
        guard let route = TransferRoute(rawValue: key) else { throw LineError(text: "unknown transfer role \(key)") }
        for word in words {
          note(word)
          transferRoutes[word] = route
        }
      }
    case "payees":
      guard key == "prefix" || key == "noise" else { throw LineError(text: "unknown payee role \(key)") }
      if key == "prefix" { payeePrefixes.formUnion(words) } else { payeeNoise.formUnion(words) }
    case "statements":
      let runs = words.map { $0.split(separator: " ").map(String.init) }
      if key == "channel" {
        narrationWords.channels += runs
      } else if key == "bill-pay" {
        narrationWords.billPay += runs
      } else if key == "card" {
        narrationWords.cardWords += runs
      } else if key == "abbreviation" || key == "method" {
        for word in words {
          guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
            throw LineError(text: "expected word=Name in '\(word)'")
          }
          let name = word[word.index(after: equals)...].split(separator: "_").joined(separator: " ")
          if key == "method" {
            narrationWords.methods[String(word[..<equals])] = name
          } else {
            narrationWords.abbreviations[String(word[..<equals])] = name
          }
        }
      } else {
        guard let kind = NarrationKind(rawValue: key) else { throw LineError(text: "unknown statement role \(key)") }
        narrationWords.phrases[kind, default: []] += words.map { $0.split(separator: " ").map(String.init) }
      }
    case "mcc":
      for word in words {
        let bounds = word.split(separator: "-").compactMap { Int($0) }
        guard (1...2).contains(bounds.count), bounds.allSatisfy({ (0...9999).contains($0) }),
          bounds.first! <= bounds.last!
        else { throw LineError(text: "expected a code or a range like 3000-3299, not '\(word)'") }
        mccRanges.append((bounds.first!...bounds.last!, key))
      }
    case "cadences":
      // Read by CadenceWords (schedule phrases); the roles are checked here too.
      guard CadenceWords.Role(rawValue: key) != nil else { throw LineError(text: "unknown cadence role \(key)") }
    default:
      throw LineError(text: "unknown lexicon file")
    }
  }

  private mutating func addMerchants(key: String, spellings: [String]) throws {
    guard key == "merchant" else { throw LineError(text: "expected 'merchant: Name Name ...'") }
    for spelling in spellings {
      note(spelling)
      merchantSpellings[NameKey(spelling).text] = spelling
    }
  }

  private mutating func addDates(key: String, words: [String]) throws {
    func pair(_ word: String) throws -> (String, String) {
      guard let equals = word.utf8.firstIndex(of: 0x3D) else {  // =
        throw LineError(text: "expected word=value in '\(word)'")
      }
      return (String(word[..<equals]), String(word[word.utf8.index(after: equals)...]))
    }
    switch key {
    case "relative":
      for word in words {
        let (name, value) = try pair(word)
        guard let days = Int(value) else { throw LineError(text: "expected a day offset in '\(word)'") }
        note(name)
        relativeDays[name] = days
      }
    case "weekday", "month":
      for (index, word) in words.enumerated() {
        for bytes in word.utf8.split(separator: 0x7C) {  // |
          let name = String(decoding: bytes, as: UTF8.self)
          if key == "weekday" { weekdays[name] = index } else { months[name] = index + 1 }
        }
      }
    case "last": lastWords.formUnion(words)
    case "ago": agoWords.formUnion(words)
    case "unit":
      for word in words {
        let (name, value) = try pair(word)
        guard let days = Int(value) else { throw LineError(text: "expected days in '\(word)'") }
        dayUnits[name] = days
      }
    case "time":
      for word in words {
        let (name, value) = try pair(word)
        guard let time = LocalTime(text: value) else { throw LineError(text: "expected HH:MM in '\(word)'") }
        timeWords[name] = time
      }
    default:
      throw LineError(text: "unknown date role \(key)")
    }
  }

  private mutating func note(_ entry: String) {
    longestEntry = max(longestEntry, Lexicon.spacedRuns(entry))
  }

  /// The number of words `text.split(separator: " ")` gives (over bytes when it is ASCII).
  static func wordCount(_ text: String) -> Int {
    text.utf8.allSatisfy({ $0 < 0x80 }) ? spacedRuns(text) : text.split(separator: " ").count
  }

  /// The number of runs of bytes between spaces (`text.utf8.split(separator: 0x20).count`).
  private static func spacedRuns(_ text: String) -> Int {
    var count = 0
    var inWord = false
    for byte in text.utf8 {
      if byte == 0x20 {
        inWord = false
      } else if !inWord {
        inWord = true
        count += 1
      }
    }
    return count
  }

  /// Splits a value list (a line's bytes) into words, keeping "quoted phrases" together, as
  /// name keys (`NameKey`) unless `lowercased` is false; `scratch` is a buffer reused between lines.
  static func words(_ bytes: ArraySlice<UInt8>, lowercased: Bool, scratch current: inout [UInt8]) -> [String] {
    var result: [String] = []
    current.removeAll(keepingCapacity: true)
    var quoted = false
    func finish() {
      guard !current.isEmpty else { return }
      result.append(lowercased ? NameKey(utf8: current).text : String(decoding: current, as: UTF8.self))
      current.removeAll(keepingCapacity: true)
    }
    for byte in bytes {
      if byte == 0x22 {  // "
        quoted.toggle()
      } else if byte == 0x20 && !quoted {
        finish()
      } else {
        current.append(byte)
      }
    }
    finish()
    return result
  }
}
