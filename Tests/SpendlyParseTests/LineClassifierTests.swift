import SpendlyCore
import SpendlyParse
import Testing

/// Issue 24: one classifier reads a shell line once, into what it is, with the value parsed.
@Suite("Line classifier: one reading per line")
struct LineClassifierTests {
  /// A few commands as the CLI's routes give them.
  static let table = CommandTable(
    [
      CommandWord(name: "add", reading: .command, readsAmounts: true),
      CommandWord(name: "list", aliases: ["ls"], reading: .questionWhenItReads, readsAmounts: false),
      CommandWord(name: "show", reading: .questionWhenItReads, readsAmounts: false),
      CommandWord(name: "edit", reading: .command, readsAmounts: true),
      CommandWord(
        name: "categories", actions: ["list", "add", "rename", "alias"], reading: .questionUnlessAction,
        readsAmounts: false),
      CommandWord(name: "budget", actions: ["set", "clear"], reading: .command, readsAmounts: true),
      CommandWord(name: "upcoming", reading: .command, readsAmounts: false),
    ], entry: "add", review: "edit", budget: "budget")

  static let now = LocalDateTime(iso: "2026-11-29T13:05")!

  /// What a line's class is, in a word (and the value that tells it apart).
  static func shape(_ reading: LineClass) -> String {
    switch reading {
    case .help(let topic): return "help" + (topic.map { " " + $0 } ?? "")
    case .command(let call): return "command " + call.name
    case .question: return "question"
    case .notAQuestion(_, let asked): return "not-a-question " + asked
    case .notUnderstood: return "not-understood"
    case .ambiguous: return "ambiguous"
    case .entry(let draft): return "entry \(draft.kind) " + (draft.amount.map { MoneyFormat.string($0) } ?? "-")
    case .schedule(let schedule): return "schedule " + schedule.cadence.word
    case .unreadable: return "unreadable"
    case .budget(let words): return "budget " + words.joined(separator: " ")
    case .review(let id): return "review \(id)"
    case .unavailable(let question): return question ? "unavailable question" : "unavailable"
    }
  }

  static func classifier(history: (any MerchantHistory)? = nil, calls: Counter? = nil) -> LineClassifier {
    let parser = QueryParser(entry: PhraseParser(history: history))
    return LineClassifier(commands: table, now: now) {
      calls?.count += 1
      return parser
    }
  }

  /// Splits at spaces, as the shell does for lines without quotes.
  static func classify(_ line: String, with classifier: LineClassifier = classifier()) -> LineClass {
    classifier.classify(line, words: line.split(separator: " ").map(String.init))
  }

  @Test(arguments: [
    ("help", "help"), ("help list", "help list"), ("?", "help"), ("+", "help"),
    ("? food 2025", "question"), ("?blah blah", "not-a-question blah blah"),
    ("+ 2500 freelance", "entry income ₹2,500.00"), ("-300 snacks", "entry expense ₹300.00"),
    ("add 420 upi food lunch", "entry expense ₹420.00"), ("add --yes 420", "command add"),
    ("food budget 9000", "budget food 9000"), ("set food budget to 9000", "budget food 9000"),
    ("budget set food 9000", "command budget"),
    ("edit 12", "review 12"), ("edit #12", "review 12"), ("edit 12 --amount 5", "command edit"),
    ("categories this month", "question"), ("categories add Pets", "command categories"),
    ("list last 3 transactions", "question"), ("ls last 3 transactions", "command list"), ("show 12", "command show"),
    ("list --category food", "command list"), ("food 2025", "ambiguous"), ("blah this week", "not-understood"),
    ("420 upi food lunch at Social", "entry expense ₹420.00"), ("netflix 649 monthly", "schedule monthly"),
    ("spent this week", "question"), ("upcoming concert tickets 2500 card", "command upcoming"),
  ])
  func aLineIsReadAs(line: String, expected: String) {
    let got = Self.shape(Self.classify(line))
    #expect(got == expected, "'\(line)' read as \(got)")
  }

  /// "food 2025" carries both readings, each complete: the question, and the entry it is when
  /// the person says so.
  @Test func anAmbiguousLineCarriesBoth() throws {
    guard case .ambiguous(let query, let draft, let entry) = Self.classify("food 2025") else {
      Issue.record("food 2025 must be ambiguous")
      return
    }
    #expect(query.filter.category == "Food")
    #expect(draft.amount == Money(minorUnits: 202_500, currency: .inr))
    #expect(Self.shape(entry) == "entry expense ₹2,025.00")
  }

  /// A command that refuses its words: an entry when they read as one with an amount, else nothing.
  @Test func aRefusedCommandMayBeAnEntry() {
    guard case .command(let call) = Self.classify("upcoming concert tickets 2500 card") else {
      Issue.record("upcoming … must be the command first")
      return
    }
    #expect(call.whenRefused().map(Self.shape) == "entry expense ₹2,500.00")
    for line in ["upcoming 7", "upcoming soon", "categories add Pets 500"] {
      guard case .command(let call) = Self.classify(line) else {
        Issue.record("\(line) must be a command")
        continue
      }
      #expect(call.whenRefused() == nil, "\(line)")
    }
    // A quote that does not close: the refused words are no entry.
    guard case .command(let unclosed) = Self.classifier().classify("upcoming \"tickets 2500", words: nil) else {
      Issue.record("an unclosed quote after a command word is still the command")
      return
    }
    #expect(unclosed.whenRefused() == nil)
  }

  /// Without the parsers (no database), a line that needs them says so; a command's line never
  /// asks for them, so it never opens the database before the command runs.
  @Test func theParsersAreAskedForOnlyWhenNeeded() {
    let calls = Counter()
    let none = LineClassifier(commands: Self.table, now: Self.now) {
      calls.count += 1
      return nil
    }
    #expect(Self.shape(Self.classify("420 food", with: none)) == "unavailable")
    #expect(Self.shape(Self.classify("? food", with: none)) == "unavailable question")
    #expect(Self.shape(Self.classify("+ 420 food", with: none)) == "unavailable")
    calls.count = 0
    for line in ["upcoming 7", "categories add Pets", "help", "add --yes 420", "show 12"] {
      _ = Self.classify(line, with: none)
    }
    #expect(calls.count == 0)
    // One line asks at most once, however many readings it tries.
    _ = Self.classify("food budget nine", with: none)
    #expect(calls.count == 1)
  }

  /// The entry is parsed once: classifying a forced entry looks up history as one parse of
  /// its phrase does, and a free line as one question parse and one phrase parse do.
  @Test func theEntryIsParsedOnce() throws {
    let phrase = "420 upi lunch at Social"
    let history = CountingHistory()
    let parser = PhraseParser(history: history)
    _ = try parser.parse(phrase, now: Self.now)
    let onePhrase = history.count
    #expect(onePhrase > 0, "the probe must see the parse")
    history.count = 0
    _ = try? QueryParser(entry: parser).parse(phrase, now: Self.now)
    let oneQuestion = history.count

    history.count = 0
    let forced = Self.classify("+ " + phrase, with: Self.classifier(history: history))
    #expect(Self.shape(forced) == "entry expense ₹420.00")
    #expect(history.count == onePhrase)

    history.count = 0
    let free = Self.classify(phrase, with: Self.classifier(history: history))
    #expect(Self.shape(free) == "entry expense ₹420.00")
    #expect(history.count == oneQuestion + onePhrase)

    // A command's refused words read as an entry once, however often asked.
    history.count = 0
    guard case .command(let call) = Self.classify("upcoming " + phrase, with: Self.classifier(history: history)) else {
      Issue.record("upcoming … must be the command")
      return
    }
    #expect(history.count == 0, "nothing is parsed before the command refuses")
    _ = call.whenRefused()
    let once = history.count
    _ = call.whenRefused()
    #expect(once > 0 && history.count == once)
  }
}

/// A count shared with a closure.
final class Counter: @unchecked Sendable {
  var count = 0
}

/// A history that knows no merchant and counts the look-ups made of it.
final class CountingHistory: MerchantHistory, @unchecked Sendable {
  var count = 0

  func knownMerchant(_ name: String) -> String? {
    count += 1
    return nil
  }

  func lastUse(of merchant: String) -> (category: String, method: String)? {
    count += 1
    return nil
  }
}
