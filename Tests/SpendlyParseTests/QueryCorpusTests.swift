import SpendlyCore
import SpendlyParse
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// grammar/corpus/queries.txt read into examples (the format is described at its top).
struct QueryCorpus {
  struct Example: Sendable, CustomStringConvertible {
    let line: Int
    let question: String
    let now: LocalDateTime
    let weekStart: Int
    /// key → value in the order written, without `bug`.
    let fields: [(String, String)]
    /// Why the parser gets this line wrong today, when it does.
    let bug: String?

    var description: String { "queries.txt:\(line): \(question)" }
    func value(_ key: String) -> String? { fields.first { $0.0 == key }?.1 }
    var isRefusal: Bool { value("unknown") != nil || value("error") != nil }
  }

  struct FormatError: Error, CustomStringConvertible {
    let line: Int
    let message: String
    var description: String { "queries.txt:\(line): \(message)" }
  }

  static let headKeys = ["action", "measure", "from", "to"]
  static let filterKeys = ["category", "method", "merchant", "text", "currency", "over", "under"]

  var examples: [Example] = []
  var now: LocalDateTime?

  init(text: String) throws(FormatError) {
    var weekStart = 0
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let line = raw.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("@now ") {
        guard let now = LocalDateTime(iso: String(line.dropFirst(5)).trimmingSpaces()) else {
          throw FormatError(line: number, message: "bad clock")
        }
        self.now = now
        continue
      }
      if line.hasPrefix("@weekstart ") {
        switch String(line.dropFirst(11)).trimmingSpaces() {
        case "monday": weekStart = 0
        case "sunday": weekStart = 6
        default: throw FormatError(line: number, message: "week start must be monday or sunday")
        }
        continue
      }
      guard let now else { throw FormatError(line: number, message: "a question before @now") }
      guard let arrow = line.firstRange(of: " => ") else { throw FormatError(line: number, message: "expected ' => '") }
      let question = String(line[..<arrow.lowerBound]).trimmingSpaces()
      var fields: [(String, String)] = []
      var bug: String?
      for part in line[arrow.upperBound...].split(separator: ";") {
        guard let equals = part.firstIndex(of: "=") else {
          throw FormatError(line: number, message: "expected key=value in '\(part)'")
        }
        let key = String(part[..<equals]).trimmingSpaces()
        let value = String(part[part.index(after: equals)...]).trimmingSpaces()
        if key == "bug" {
          guard !value.isEmpty else { throw FormatError(line: number, message: "bug= needs a reason") }
          bug = value
        } else {
          fields.append((key, value))
        }
      }
      let keys = fields.map(\.0)
      if keys == ["unknown"] || keys == ["error"] {
        guard !fields[0].1.isEmpty else { throw FormatError(line: number, message: "\(keys[0])= needs a value") }
      } else {
        guard Array(keys.prefix(4)) == Self.headKeys else {
          throw FormatError(line: number, message: "expected action, measure, from, to first")
        }
        let filters = keys.dropFirst(4)
        guard filters.allSatisfy(Self.filterKeys.contains), Set(filters).count == filters.count else {
          throw FormatError(line: number, message: "filters are \(Self.filterKeys.joined(separator: ", ")), each once")
        }
      }
      examples.append(
        Example(line: number, question: question, now: now, weekStart: weekStart, fields: fields, bug: bug))
    }
  }
}

extension Query {
  /// The query in the corpus's notation, keys in the corpus's order (unset filters left out).
  var corpusFields: [(String, String)] {
    func range(_ period: Period) -> String { "\(period.from)..\(period.to)" }
    let action: String
    switch self.action {
    case .total: action = "total"
    case .breakdown(let grouping, let top): action = "breakdown:\(grouping.rawValue)" + (top.map { ":top\($0)" } ?? "")
    case .trend(let grouping): action = "trend:\(grouping.rawValue)"
    case .compare(let other): action = "compare" + (other.map { ":" + range($0) } ?? "")
    case .dashboard: action = "dashboard"
    case .budget: action = "budget"
    case .recurring(let kind): action = "recurring" + (kind.map { ":\($0.rawValue)" } ?? "")
    case .debts(let free): action = free ? "debts:free" : "debts"
    case .lifetime: action = "lifetime"
    case .list(let order, let limit, let kind):
      action = "list:\(order.rawValue):\(limit)" + (kind.map { ":\($0.rawValue)" } ?? "")
    case .average(let unit): action = "average:\(unit.rawValue)"
    case .accounts: action = "accounts"
    case .due: action = "due"
    case .calendar: action = "calendar"
    }
    var fields = [
      ("action", action), ("measure", measure.rawValue), ("from", period?.from.description ?? ""),
      ("to", period?.to.description ?? ""),
    ]
    if !filter.categories.isEmpty { fields.append(("category", filter.categories.joined(separator: ","))) }
    if let method = filter.method { fields.append(("method", method)) }
    if let merchant = filter.merchant { fields.append(("merchant", merchant)) }
    if let text = filter.text { fields.append(("text", text)) }
    if let currency = filter.currency { fields.append(("currency", currency.code)) }
    if let minimum = filter.minimumAmount { fields.append(("over", String(minimum - 1))) }
    if let maximum = filter.maximumAmount { fields.append(("under", String(maximum + 1))) }
    return fields
  }
}

/// Runs grammar/corpus/queries.txt: every question must be understood exactly as written there.
@Suite("Query corpus")
struct QueryCorpusTests {
  static let path: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/grammar/corpus/queries.txt"
  }()

  static func load() throws -> QueryCorpus {
    guard let text = readText(path) else { throw QueryCorpus.FormatError(line: 0, message: "cannot read \(path)") }
    return try QueryCorpus(text: text)
  }

  static func parser(weekStart: Int) -> QueryParser { QueryParser(entry: PhraseParser(), weekStart: weekStart) }

  /// Issue 5's questions and period forms: each must be in the corpus, understood (not as a known bug).
  static let issueQuestions = [
    "spent this week", "spent today", "spent last month", "food last month", "spent on food this year",
    "uber this year", "income this month", "savings this month", "by category this month", "top categories this year",
    "top 5 merchants 2025", "by method last month", "compare this month with last month", "monthly 2025",
    "trend this year", "weekly", "dashboard", "lifetime", "spent since 1 oct by card", "food between 1 aug and 15 aug",
    "from 2025-01-01 to 2025-03-31", "aug", "august 2025", "2025", "last 30 days",
    // Issue 27: by quarter, like monthly.
    "quarterly 2025", "quarterly", "quarterly last year",
  ]

  @Test func corpusCoversTheIssue() throws {
    let corpus = try Self.load()
    #expect(corpus.now == LocalDateTime(iso: "2026-11-29T13:05"))
    #expect(corpus.examples.count >= 150)
    let byQuestion = Dictionary(grouping: corpus.examples) { "\($0.question)|\($0.weekStart)" }
    #expect(byQuestion.values.allSatisfy { $0.count == 1 }, "a question appears twice with the same week start")
    for question in Self.issueQuestions {
      let example = corpus.examples.first { $0.question == question && $0.weekStart == 0 }
      #expect(example != nil, "missing from the corpus: \(question)")
      #expect(example?.isRefusal == false && example?.bug == nil, "must be understood: \(question)")
    }
    #expect(corpus.examples.filter { $0.value("unknown") != nil }.count >= 8)
    #expect(corpus.examples.contains { $0.value("error") != nil })
    #expect(corpus.examples.contains { $0.weekStart == 6 })
    // Every action, grouping, measure and filter appears at least once.
    let actions = Set(
      corpus.examples.compactMap { $0.value("action")?.split(separator: ":").prefix(2).joined(separator: ":") })
    for action in [
      "total", "breakdown:category", "breakdown:method", "breakdown:merchant", "breakdown:currency", "trend:day",
      "trend:week", "trend:month", "trend:quarter", "trend:year", "compare", "dashboard", "budget", "lifetime",
    ] {
      #expect(actions.contains(action), "no example of \(action)")
    }
    #expect(Set(corpus.examples.compactMap { $0.value("measure") }) == ["spent", "income", "savings"])
    for key in ["category", "method", "text", "currency"] {
      #expect(corpus.examples.contains { $0.value(key) != nil }, "no example with a \(key) filter")
    }
  }

  @Test func everyQuestionIsUnderstoodAsWritten() throws {
    let corpus = try Self.load()
    var failures = 0
    var knownBugs = 0
    for example in corpus.examples {
      let problem = Self.check(example, parser: Self.parser(weekStart: example.weekStart))
      if let bug = example.bug {
        knownBugs += 1
        withKnownIssue("\(example): \(bug)") {
          if let problem { Issue.record(Comment(rawValue: problem)) }
        }
      } else if let problem {
        failures += 1
        Issue.record(Comment(rawValue: "\(example)\n  \(problem)"))
      }
    }
    #expect(failures == 0, "\(failures) of \(corpus.examples.count) corpus questions differ")
    #expect(knownBugs < corpus.examples.count / 5, "too many lines marked as bugs")
  }

  /// nil when the parse is what the example expects, else what differs.
  static func check(_ example: QueryCorpus.Example, parser: QueryParser) -> String? {
    let result: Result<Query, QueryError>
    do throws(QueryError) {
      result = .success(try parser.parse(example.question, now: example.now))
    } catch {
      result = .failure(error)
    }
    switch result {
    case .failure(let error):
      if let unknown = example.value("unknown") {
        let words = unknown.split(separator: " ").map(String.init)
        if error.words != words { return "not understood \(error.words) (\(error.message)); expected \(words)" }
        for word in words where !error.message.contains("'\(word)'") {
          return "the message '\(error.message)' does not name '\(word)'"
        }
        // The column points at the first word not understood.
        let characters = Array(example.question)
        let start = error.column - 1
        guard start >= 0, start < characters.count,
          String(characters[start...]).lowercased().hasPrefix(words[0].lowercased())
        else { return "column \(error.column) does not point at '\(words[0])'" }
        return nil
      }
      if let expected = example.value("error") {
        return error.message.contains(expected) ? nil : "refused with '\(error.message)'; expected '\(expected)'"
      }
      return "refused: \(error.message)"
    case .success(let query):
      if example.isRefusal {
        return "expected a refusal, got: " + query.corpusFields.map { "\($0.0)=\($0.1)" }.joined(separator: "; ")
      }
      let got = query.corpusFields
      var differences: [String] = []
      for key in QueryCorpus.headKeys + QueryCorpus.filterKeys {
        let a = got.first { $0.0 == key }?.1
        let b = example.value(key)
        if a != b { differences.append("\(key): got '\(a ?? "(unset)")', expected '\(b ?? "(unset)")'") }
      }
      return differences.isEmpty ? nil : differences.joined(separator: "; ")
    }
  }

  /// The examples shown when a question is not understood must themselves be understood.
  @Test func theExamplesShownAreUnderstood() throws {
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    #expect(QueryParser.examples.count >= 6)
    for example in QueryParser.examples {
      #expect(throws: Never.self, "\(example)") { _ = try Self.parser(weekStart: 0).parse(example, now: now) }
    }
  }

  @Test func emptyAndBlankQuestionsAreRefused() throws {
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    for text in ["", "   "] {
      #expect(throws: QueryError.self) { _ = try Self.parser(weekStart: 0).parse(text, now: now) }
    }
  }

  /// Periods follow the clock: the same words on another day mean other dates.
  @Test func periodsFollowTheClock() throws {
    let parser = Self.parser(weekStart: 0)
    func range(_ text: String, _ now: String) throws -> String {
      let period = try #require(try parser.parse(text, now: LocalDateTime(iso: now)!).period)
      return "\(period.from)..\(period.to)"
    }
    // 31 March: last month is all of February (29 days in 2024).
    #expect(try range("last month", "2024-03-31T09:00") == "2024-02-01..2024-02-29")
    #expect(try range("last month", "2025-03-31T09:00") == "2025-02-01..2025-02-28")
    // 1 January: last month and last year are in the year before; this week began in December.
    #expect(try range("last month", "2027-01-01T09:00") == "2026-12-01..2026-12-31")
    #expect(try range("last year", "2027-01-01T09:00") == "2026-01-01..2026-12-31")
    #expect(try range("this week", "2027-01-01T09:00") == "2026-12-28..2027-01-03")
    #expect(try range("last 30 days", "2024-03-01T09:00") == "2024-02-01..2024-03-01")
    // A month name not yet reached this year is last year's.
    #expect(try range("aug", "2026-03-15T09:00") == "2025-08-01..2025-08-31")
    #expect(try range("mar", "2026-03-15T09:00") == "2026-03-01..2026-03-31")
    // "since 1 dec" in November is last December.
    #expect(try range("since 1 dec", "2026-11-29T13:05") == "2025-12-01..2026-11-29")
    // Leap day: "29 feb" is a date in a leap year, refused in others.
    #expect(try range("29 feb", "2024-03-01T09:00") == "2024-02-29..2024-02-29")
  }

  /// At the shell prompt the issue's questions are answered as questions (a number in them
  /// must not make them an entry), and entries stay entries.
  @Test func issueQuestionsAreReadAsQuestions() throws {
    let parser = Self.parser(weekStart: 0)
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    // "2025" and "august 2025" alone could be amounts; the others cannot.
    let unambiguous = Self.issueQuestions.filter { !["2025", "august 2025"].contains($0) }
    let missed = unambiguous.filter { line in
      if case .question = parser.read(line, now: now) { return false }
      return true
    }
    #expect(missed.isEmpty, "taken for entries at the shell prompt: \(missed)")
    let entries = [
      "420 upi food lunch at Social", "coffee 180 cash", "+2500 freelance", "1.2k rent neft", "spent 60 on chai",
      "food 2000 yesterday", "salary 150000 credited",
    ]
    for entry in entries {
      guard case .entry = parser.read(entry, now: now) else {
        Issue.record("\(entry) was not read as an entry")
        continue
      }
    }
    guard case .notUnderstood(let error) = parser.read("blah this week", now: now) else {
      Issue.record("a question with unknown words and no number must be refused")
      return
    }
    #expect(error.words == ["blah"])
  }
}
