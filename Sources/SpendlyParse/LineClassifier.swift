import SpendlyCore

/// Reads one shell line once, into what it is (`LineClass`): help, a command, a question, an
/// entry, a schedule, a budget setting, a review, both an entry and a question, or nothing.
///
/// A leading `?` forces a question; a leading `+`, `-` or the entry command's word (`add`) an
/// entry. A command's word runs the command, or starts a question as its `CommandWord.Reading`
/// says; any other line goes to both parsers (`QueryParser.read`). The parsers are asked for only
/// when the line needs them (a command's line never opens the database before the command runs).
public struct LineClassifier {
  let commands: CommandTable
  let now: LocalDateTime
  let parsers: () -> QueryParser?

  /// `parsers` gives the question parser (on the phrase parser), nil when it cannot be had.
  public init(commands: CommandTable, now: LocalDateTime, parsers: @escaping () -> QueryParser?) {
    self.commands = commands
    self.now = now
    self.parsers = parsers
  }

  /// What `line` is. `words` are its words as the shell splits them (quotes kept together), nil
  /// when a quote does not close (then words are split at spaces for routing, and a command's
  /// refused words are no entry).
  public func classify(_ line: String, words split: [String]?) -> LineClass {
    let words = split ?? line.split(separator: " ").map(String.init)
    let first = words.first?.lowercased() ?? ""
    let parsers = Lazy(self.parsers)
    if first == "help" || line == "?" { return .help(topic: words.dropFirst().first) }
    if line.hasPrefix("?") { return question(String(line.dropFirst()).trimmingSpaces(), parsers: parsers) }
    if first == commands.entry, words.count > 1, !words.dropFirst().contains(where: { $0.hasPrefix("--") }) {
      // The text as typed after "add", quotes and all (note:"lunch at Social").
      return phrase(String(line.drop { $0 != " " }).trimmingSpaces(), parsers: parsers)
    }
    // "+ LINE": LINE is an entry, its kind read from its own words ("+2500 freelance", with
    // no space, is income, as the phrase grammar says); "-" forces an entry and marks an expense.
    if line.hasPrefix("+"), line.dropFirst().first?.isWhitespace ?? true {
      let rest = String(line.dropFirst()).trimmingSpaces()
      return rest.isEmpty ? .help(topic: nil) : phrase(rest, parsers: parsers)
    }
    if (line.hasPrefix("+") || line.hasPrefix("-")) && !line.hasPrefix("--") { return phrase(line, parsers: parsers) }
    let command = commands.command(named: first)
    // "food budget 9000", "set food budget to 9000": a budget setting, as "budget food 9000" is
    // (a line starting with another command's word is that command's).
    if let budget = commands.budget, command == nil || command?.name == budget,
      let setting = parsers.value?.entry.budgetSetting(words)
    {
      return .budget(setting)
    }
    // "edit 12" alone opens the field-by-field review of that transaction.
    if first == commands.review, words.count == 2, let id = Self.transactionID(words[1]) { return .review(id) }
    if let command {
      let next = words.dropFirst().first
      let rest = (split ?? [first]).dropFirst()
      switch command.reading {
      case .command:
        return .command(call(command, line, rest, parsers: parsers))
      case .questionUnlessAction:
        // "categories this month" is a question; "categories add Pets" a command.
        guard let next, !command.isAction(next), !next.hasPrefix("-") else {
          return .command(call(command, line, rest, parsers: parsers))
        }
      case .questionWhenItReads:
        // "show me food last month", "list expenses over 1000": a question after a command word
        // that takes no such words.
        guard let next, !next.hasPrefix("-"), Self.transactionID(next) == nil, let questions = parsers.value else {
          return .command(call(command, line, rest, parsers: parsers))
        }
        let reading = PhraseReading(line.trimmingSpaces(), parser: questions.entry, now: now)
        if case .question(let query) = questions.read(reading) { return .question(query) }
        return .command(call(command, line, rest, parsers: parsers, reading: reading))
      }
    }
    guard let questions = parsers.value else { return .unavailable(question: false) }
    return questions.read(line, now: now)
  }

  /// A phrase given as an entry (`spendly add PHRASE`): a budget setting, a schedule, a
  /// transaction, or the error that refuses it. `words` are the phrase's words.
  public func entry(_ phrase: String, words: [String]) -> LineClass {
    let parsers = Lazy(self.parsers)
    if let setting = parsers.value?.entry.budgetSetting(words) { return .budget(setting) }
    return self.phrase(phrase, parsers: parsers)
  }

  /// A transaction id as typed: `12` or `#12`.
  public static func transactionID(_ text: String) -> Int64? {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let id = Int64(digits), id > 0 else { return nil }
    return id
  }

  /// `?…`: the text is a question, whatever it looks like.
  func question(_ text: String, parsers: Lazy<QueryParser>) -> LineClass {
    guard !text.isEmpty else { return .help(topic: nil) }
    guard let questions = parsers.value else { return .unavailable(question: true) }
    do {
      return .question(try questions.parse(text, now: now))
    } catch {
      return .notAQuestion(error, asked: text)
    }
  }

  func phrase(_ text: String, parsers: Lazy<QueryParser>) -> LineClass {
    guard let questions = parsers.value else { return .unavailable(question: false) }
    return PhraseReading(text, parser: questions.entry, now: now).entry
  }

  /// The command's line; when refused, an entry if its words may be one and the phrase reads
  /// with an amount ("due 500 library fine cash"), from the reading made already if any.
  func call(
    _ command: CommandWord, _ line: String, _ rest: ArraySlice<String>, parsers: Lazy<QueryParser>,
    reading made: PhraseReading? = nil
  ) -> CommandCall {
    let now = self.now
    let reading = Lazy { made ?? parsers.value.map { PhraseReading(line, parser: $0.entry, now: now) } }
    return CommandCall(name: command.name) {
      guard command.mayBeEntry(rest), let reading = reading.value, case .success(let draft) = reading.draft,
        draft.amount != nil
      else { return nil }
      return reading.entry
    }
  }
}

/// A value made when first asked for, then kept (nil when it could not be made).
final class Lazy<Value> {
  private var make: (() -> Value?)?
  private var made: Value?

  init(_ make: @escaping () -> Value?) { self.make = make }

  var value: Value? {
    if let make {
      made = make()
      self.make = nil
    }
    return made
  }
}
