import SpendlyCore

/// What a schedule phrase means: what each occurrence records (a transaction draft whose date
/// is the anchor), and how often it repeats.
public struct ScheduleDraft: Sendable, Equatable {
  public var entry: TransactionDraft
  public var cadence: Cadence
  /// The last day it runs ("until 31 mar"), if the phrase said one.
  public var end: LocalDate?

  public var anchor: LocalDate { entry.date }
}

/// The cadence words of `grammar/lexicon/cadences.txt`, each with its role.
struct CadenceWords: Sendable {
  enum Role: String, CaseIterable {
    case daily, weekly, biweekly, monthly, quarterly, semiannual, annual, every, from, on, until
    /// A word that, right after a cadence word, makes it part of a name ("annual fee").
    case nameNoun = "name-noun"
    /// A cadence word that says how often only after the amount, right before it, or last
    /// ("12000 annual"); before another word it describes a thing ("annual checkup").
    case afterAmount = "after-amount"
    case unitDay = "unit-day", unitWeek = "unit-week", unitFortnight = "unit-fortnight"
    case unitMonth = "unit-month", unitQuarter = "unit-quarter", unitYear = "unit-year"

    var cadence: Cadence? { Cadence(rawValue: rawValue) }
  }

  var roles: [String: Role] = [:]
  /// The cadence words listed `after-amount` (their role is their cadence's).
  var afterAmount: Set<String> = []

  /// Reads the lexicon file's text as bytes (a schedule's reading builds this once a process):
  /// lines, a role before the colon, words split at spaces.
  init(text: String) throws(Lexicon.FileError) {
    let space = UInt8(ascii: " ")
    for (number, line) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.drop { $0 == space || $0 == 0x09 }
      if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { continue }
      guard let colon = trimmed.firstIndex(of: UInt8(ascii: ":")),
        let role = Role(rawValue: String(decoding: trimmed[..<colon], as: UTF8.self))
      else {
        throw Lexicon.FileError(
          file: "cadences", line: number + 1, message: "unknown role in '\(String(decoding: trimmed, as: UTF8.self))'")
      }
      for word in trimmed[trimmed.index(after: colon)...].split(separator: space) {
        let key = NameKey(utf8: Array(word)).text
        if role == .afterAmount { afterAmount.insert(key) } else { roles[key] = role }
      }
    }
  }

  static let standard: CadenceWords = {
    do {
      return try CadenceWords(text: EmbeddedLexicon.files["cadences"] ?? "")
    } catch {
      fatalError("the embedded cadence words do not read: \(error)")
    }
  }()

  /// "every N UNIT": the cadence, or nil for a step Spendly does not repeat on.
  static func cadence(every count: Int, _ unit: Role) -> Cadence? {
    switch (unit, count) {
    case (.unitDay, 1): .daily
    case (.unitDay, 7), (.unitWeek, 1): .weekly
    case (.unitDay, 14), (.unitWeek, 2), (.unitFortnight, 1): .biweekly
    case (.unitMonth, 1): .monthly
    case (.unitMonth, 3), (.unitQuarter, 1): .quarterly
    case (.unitMonth, 6), (.unitQuarter, 2): .semiannual
    case (.unitMonth, 12), (.unitQuarter, 4), (.unitYear, 1): .annual
    default: nil
    }
  }
}

extension PhraseParser {
  /// Reads a schedule phrase: the cadence words (`monthly`, `every 2 weeks`, `weekly on
  /// friday`), the anchor (`from DATE`, `starting DATE`, `on DATE`; else today) and, from the
  /// other words, what each occurrence records, as an entry phrase reads. Nil when the phrase
  /// has no cadence word (it is an entry).
  public func schedule(_ phrase: String, now: LocalDateTime) throws(PhraseError) -> ScheduleDraft? {
    let words = phrase.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let lexicon = CadenceWords.standard
    let role = { (index: Int) -> CadenceWords.Role? in
      index < words.count ? lexicon.roles[NameKey(words[index]).text] : nil
    }
    // Where the amount is: the first word with a digit (an anchor's date comes after its word).
    let amountAt = words.firstIndex { $0.contains(where: \.isNumber) } ?? words.count
    var used = Set<Int>()
    var cadence: Cadence?
    var anchor: LocalDate?
    var end: LocalDate?
    var badAnchor: PhraseError?
    var index = 0
    func column(_ index: Int) -> Int { words[..<index].reduce(1) { $0 + $1.count + 1 } }
    while index < words.count {
      guard let current = role(index) else {
        index += 1
        continue
      }
      // "annual fee 500": a one-off fee; "annual checkup 1500": a thing, before the amount.
      // Their words are the entry's.
      if current.cadence != nil, role(index + 1) == .nameNoun {
        index += 2
        continue
      }
      if current.cadence != nil, lexicon.afterAmount.contains(NameKey(words[index]).text), index + 1 < amountAt {
        index += 1
        continue
      }
      if let named = current.cadence {
        if let cadence, cadence != named {
          throw PhraseError(
            "'\(words[index])': the phrase already says \(cadence.word); give one cadence", column: column(index),
            length: words[index].count)
        }
        cadence = named
        used.insert(index)
      } else if current == .every {
        var count = 1
        var next = index + 1
        if next < words.count, let number = Int(words[next]), number > 0 {
          count = number
          next += 1
        } else if next < words.count, words[next].lowercased() == "other" {
          count = 2
          next += 1
        }
        if let unit = role(next), let found = CadenceWords.cadence(every: count, unit) {
          cadence = found
          used.formUnion(index...next)
          index = next
        } else if let day = weekdayDate(words, from: next, now: now) {
          // "every friday": weekly, on the next Friday.
          cadence = .weekly
          anchor = day.date
          used.formUnion(index..<(next + day.count))
          index = next + day.count - 1
        } else if role(next) != nil {
          throw PhraseError(
            "'\(words[index...next].joined(separator: " "))': Spendly repeats daily, weekly, every 2 weeks, monthly, quarterly, every 6 months or yearly",
            column: column(index), length: words[index...next].joined(separator: " ").count)
        }
      } else if current == .from || current == .on || current == .until {
        // A date that does not read is the schedule's error only once a cadence word is found;
        // else the phrase is an entry, whose reading says it with the word marked.
        let read: (date: LocalDate, count: Int)?
        do {
          read = try anchorDate(words, from: index + 1, now: now, onward: current == .on, pastward: current == .from)
        } catch {
          badAnchor = badAnchor ?? error
          read = nil
          index += 1
          continue
        }
        if let read {
          if current == .until { end = read.date } else { anchor = read.date }
          used.formUnion(index..<(index + 1 + read.count))
          index += read.count
        } else if current != .on || (index + 1 < words.count && Self.looksOrdinal(words[index + 1])) {
          // "from garbage", "until march 32", "on 32nd": a date that does not read is an error
          // of a schedule phrase; without a cadence word "from" is an entry's ("300 from wallet").
          let shown = words[index..<min(words.count, index + 2)].joined(separator: " ")
          badAnchor =
            badAnchor
            ?? PhraseError(
              "'\(shown)': expected a date after '\(words[index])', like 31 jan, 2026-01-31 or 1st",
              column: column(index),
              length: shown.count)
        }
      }
      index += 1
    }
    guard let cadence else { return nil }
    if let badAnchor { throw badAnchor }
    let rest = words.indices.filter { !used.contains($0) }.map { words[$0] }.joined(separator: " ")
    var entry = try parse(rest, now: now)
    if entry.kind == .transfer {
      throw PhraseError(
        "a schedule repeats an expense or income; a transfer is saved one at a time", column: 1, length: phrase.count)
    }
    if let anchor { entry.date = anchor }
    entry.time = nil
    if let end, end < entry.date {
      throw PhraseError("the end \(end) is before the first date \(entry.date)", column: 1, length: phrase.count)
    }
    return ScheduleDraft(entry: entry, cadence: cadence, end: end)
  }

  /// The date read from the words at `start` (the longest run of up to four that is only a
  /// date), with how many words it took. A date without a year is, with `onward`, the next
  /// such day on or after today ("on 14 aug", "on friday", "on 1st"); with `pastward`, the
  /// last one on or before today ("from 31 jan": it has started); else the nearest.
  func anchorDate(_ words: [String], from start: Int, now: LocalDateTime, onward: Bool, pastward: Bool = false)
    throws(PhraseError) -> (date: LocalDate, count: Int)?
  {
    guard start < words.count else { return nil }
    // "on the 1st": the ordinal after "the".
    if words[start].lowercased() == "the", start + 1 < words.count, Self.ordinalDay(words[start + 1]) != nil,
      let read = try anchorDate(words, from: start + 1, now: now, onward: onward, pastward: pastward)
    {
      return (read.date, read.count + 1)
    }
    if let day = Self.ordinalDay(words[start]) {
      // The next month that has this day, on or after today: "on 31st" anchors on the next
      // 31st (never a clamped 30th), so every later occurrence keeps the day.
      let today = now.date
      var month = YearMonth(today)
      for _ in 0..<13 {
        if month.lastDay.day >= day, let date = LocalDate(year: month.year, month: month.month, day: day),
          date >= today
        {
          return (date, 1)
        }
        month = month.adding(months: 1)
      }
      return nil
    }
    // The first date that does not exist, said if no shorter run of words is a date.
    var refusal: PhraseError?
    for count in stride(from: min(4, words.count - start), through: 1, by: -1) {
      let text = words[start..<(start + count)].joined(separator: " ")
      let read: (date: LocalDate?, time: LocalTime?)?
      do {
        read = try when(text, now: now)
      } catch {
        // A date with its year ("29 feb 2027", "29 feb next year") that does not exist is the
        // error, never read again as a shorter date without it.
        let window = words[start..<(start + count)]
        let namesYear = window.contains { word in
          (word.count == 4 && Int(word) != nil) || word.lowercased() == "year"
            || word.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." }).count >= 3
        }
        if namesYear { throw error }
        // "on 29 feb" without a year: the next year that has the day (the last one, from).
        let years =
          pastward ? Array((now.date.year - 8...now.date.year).reversed()) : Array(now.date.year...now.date.year + 8)
        if let found = years.lazy.compactMap({ year in (try? self.when(text + " \(year)", now: now))??.date })
          .first(where: { pastward ? $0 <= now.date : !onward || $0 >= now.date })
        {
          return (found, count)
        }
        refusal = refusal ?? error
        continue
      }
      guard let read, let date = read.date else { continue }
      // A year is written only as four digits or as the third part of 31/01/2026 or
      // 2026-01-31: "31/01" has none, and reads by the same rule as "31 jan".
      let hasYear = words[start..<(start + count)].contains { word in
        (word.count == 4 && Int(word) != nil)
          || word.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." }).count >= 3
      }
      let isWeekday = count == 1 && Self.weekdayPrefixes.contains(text.lowercased().prefix(3).description)
      let step = { (date: LocalDate, sign: Int) in
        isWeekday ? date.adding(days: 7 * sign) : date.adding(months: 12 * sign)
      }
      if hasYear { return (date, count) }
      if onward && date < now.date { return (step(date, 1), count) }
      if pastward && date > now.date { return (step(date, -1), count) }
      return (date, count)
    }
    if let refusal { throw refusal }
    // "on 31": a bare day of the month, read as "on 31st".
    if onward, let day = Int(words[start]), (1...31).contains(day), words[start].allSatisfy(\.isNumber) {
      return try anchorDate(["\(day)th"], from: 0, now: now, onward: true)
    }
    return nil
  }

  /// "friday" after "every": the next such day, today included.
  func weekdayDate(_ words: [String], from start: Int, now: LocalDateTime) -> (date: LocalDate, count: Int)? {
    guard start < words.count, Self.weekdayPrefixes.contains(words[start].lowercased().prefix(3).description),
      let read = try? anchorDate(words, from: start, now: now, onward: true), read.count == 1
    else { return nil }
    return read
  }

  static let weekdayPrefixes: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// "32nd", "5th": a word written as an ordinal, whatever its number.
  static func looksOrdinal(_ word: String) -> Bool {
    let lowered = word.lowercased()
    return ["st", "nd", "rd", "th"].contains { lowered.hasSuffix($0) } && Int(lowered.dropLast(2)) != nil
  }

  /// "1st", "2nd", "3rd", "15th", "31st": a day of the month.
  static func ordinalDay(_ word: String) -> Int? {
    let lowered = word.lowercased()
    for suffix in ["st", "nd", "rd", "th"] where lowered.hasSuffix(suffix) {
      if let day = Int(lowered.dropLast(2)), (1...31).contains(day) { return day }
    }
    return nil
  }
}
