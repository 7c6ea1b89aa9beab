import SpendlyCore

/// Reads date and time words: today, yesterday, friday, last friday, 3 days ago, 14 aug,
/// 14/08, 2026-08-14, 9pm, 21:30. Dates without a year are the most recent such date.
enum DateWords {
  /// A single-token date: a relative word, a weekday, ISO or day-first numeric.
  static func date(_ word: String, today: LocalDate, lexicon: Lexicon) -> LocalDate? {
    if let offset = lexicon.relativeDays[word] { return today.adding(days: offset) }
    if let weekday = lexicon.weekdays[word] { return mostRecent(weekday: weekday, before: today, inclusive: true) }
    if let iso = LocalDate(iso: word) { return iso }
    return numeric(word, today: today)
  }

  /// `14/08`, `14/8/2025`, `14/08/25` (day first).
  static func numeric(_ word: String, today: LocalDate) -> LocalDate? {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isNumber) }),
      let day = Int(parts[0]), let month = Int(parts[1])
    else { return nil }
    if parts.count == 3 {
      guard var year = Int(parts[2]) else { return nil }
      if parts[2].count == 2 { year += 2000 }
      return LocalDate(year: year, month: month, day: day)
    }
    return recent(day: day, month: month, today: today)
  }

  /// Whether `word` looks like a numeric date even if the day does not exist (for errors).
  static func looksNumericDate(_ word: String) -> Bool {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    return (parts.count == 2 || parts.count == 3) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  /// The day and month this year, or last year when that is still to come.
  static func recent(day: Int, month: Int, today: LocalDate) -> LocalDate? {
    if let date = LocalDate(year: today.year, month: month, day: day), date <= today { return date }
    if let date = LocalDate(year: today.year - 1, month: month, day: day) { return date }
    // 29 Feb: fall back to this year even if ahead, so the error is about the day not the year.
    return LocalDate(year: today.year, month: month, day: day)
  }

  static func mostRecent(weekday: Int, before today: LocalDate, inclusive: Bool) -> LocalDate {
    var back = (today.weekday - weekday + 7) % 7
    if back == 0 && !inclusive { back = 7 }
    return today.adding(days: -back)
  }

  /// Whether `word` is shaped like a time (9:30, 21:30, 9pm, 9:30pm) even if no such time exists.
  static func looksLikeTime(_ word: String) -> Bool {
    var text = Substring(word)
    let meridiem = text.hasSuffix("am") || text.hasSuffix("pm")
    if meridiem { text = text.dropLast(2) }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts[0].count), parts[0].allSatisfy(\.isASCIIDigitCharacter) else { return false }
    if parts.count == 1 { return meridiem }
    return parts.count == 2 && parts[1].count == 2 && parts[1].allSatisfy(\.isASCIIDigitCharacter)
  }

  /// A single-token time: 21:30, 9pm, 9:30pm, 12am, noon.
  static func time(_ word: String, lexicon: Lexicon) -> LocalTime? {
    if let named = lexicon.timeWords[word] { return named }
    var text = Substring(word)
    var meridiem: String?
    if text.hasSuffix("am") || text.hasSuffix("pm") {
      meridiem = String(text.suffix(2))
      text = text.dropLast(2)
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigitCharacter) })
    else { return nil }
    guard var hour = Int(parts[0]) else { return nil }
    let minute = parts.count == 2 ? Int(parts[1]) ?? 99 : 0
    if parts.count == 2 && parts[1].count != 2 { return nil }
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      if meridiem == "am" && hour == 12 { hour = 0 }
      if meridiem == "pm" && hour != 12 { hour += 12 }
    } else if parts.count == 1 {
      return nil  // a bare number is not a time
    }
    return LocalTime(hour: hour, minute: minute)
  }
}

extension Character {
  var isASCIIDigitCharacter: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}

extension PhraseRun {
  /// Finds the date and time words, consuming them (and a filler "on"/"at" before them).
  mutating func datesAndTimes() throws(PhraseError) {
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      if tokens[i].used || tokens[i].quoted { continue }
      let word = tokens[i].word
      let next = i + 1 < tokens.count && !tokens[i + 1].used && !tokens[i + 1].quoted ? tokens[i + 1].word : nil
      let afterNext = i + 2 < tokens.count && !tokens[i + 2].used && !tokens[i + 2].quoted ? tokens[i + 2].word : nil

      // Times: 21:30, 9pm, "9 pm", noon.
      if !timeGiven {
        if let time = DateWords.time(word, lexicon: lexicon) {
          setTime(time, range: i..<(i + 1))
          continue
        }
        if let next, next == "am" || next == "pm", let time = DateWords.time(word + next, lexicon: lexicon) {
          setTime(time, range: i..<(i + 2))
          continue
        }
      }
      if DateWords.looksLikeTime(word) {
        throw PhraseError(
          "no such time '\(tokens[i].bare)' (like 21:30 or 9pm)", column: tokens[i].column, length: tokens[i].bare.count)
      }
      guard !dateGiven else { continue }
      // Multi-word relative days ("day before yesterday"), longest first.
      if let (offset, length) = relative(at: i) {
        try setDate(now.date.adding(days: offset), range: i..<(i + length))
        continue
      }
      // last friday
      if lexicon.lastWords.contains(word), let next, let weekday = lexicon.weekdays[next] {
        try setDate(DateWords.mostRecent(weekday: weekday, before: now.date, inclusive: false), range: i..<(i + 2))
        continue
      }
      // 3 days ago
      if let count = Int(word), count >= 0, count < 10_000, let next, let unit = lexicon.dayUnits[next],
        let afterNext, lexicon.agoWords.contains(afterNext)
      {
        try setDate(now.date.adding(days: -count * unit), range: i..<(i + 3))
        continue
      }
      // 14 aug [2025], 14th aug
      if let day = dayNumber(word), let next, let month = lexicon.months[next] {
        var length = 2
        var year: Int?
        if let afterNext, afterNext.count == 4, let y = Int(afterNext) {
          year = y
          length = 3
        }
        try setDay(day, month: month, year: year, range: i..<(i + length))
        continue
      }
      // aug 14 [2025]
      if let month = lexicon.months[word], let next, let day = dayNumber(next) {
        var length = 2
        var year: Int?
        if let afterNext, afterNext.count == 4, let y = Int(afterNext) {
          year = y
          length = 3
        }
        try setDay(day, month: month, year: year, range: i..<(i + length))
        continue
      }
      // today, friday, 2026-08-14, 14/08
      if let date = DateWords.date(word, today: now.date, lexicon: lexicon) {
        try setDate(date, range: i..<(i + 1))
        continue
      }
      if DateWords.looksNumericDate(word) || looksISO(word) {
        throw PhraseError("no such date '\(tokens[i].text)' (day first: 14/08 or 2026-08-14)", column: tokens[i].column, length: tokens[i].length)
      }
    }
  }

  private func looksISO(_ word: String) -> Bool {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0].count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  private func relative(at i: Int) -> (Int, Int)? {
    for length in stride(from: min(3, tokens.count - i), through: 1, by: -1) {
      let range = i..<(i + length)
      if range.contains(where: { tokens[$0].used || tokens[$0].quoted }) { continue }
      let key = range.map { tokens[$0].word }.joined(separator: " ")
      if let offset = lexicon.relativeDays[key] { return (offset, length) }
    }
    return nil
  }

  /// 14 or 14th (1 to 31).
  private func dayNumber(_ word: String) -> Int? {
    var text = Substring(word)
    for suffix in ["st", "nd", "rd", "th"] where text.hasSuffix(suffix) {
      text = text.dropLast(2)
      break
    }
    // Any one or two digits: "32 aug" is an impossible date (an error), not an amount.
    guard !text.isEmpty, text.count <= 2, text.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
    return Int(text)
  }

  private mutating func setDay(_ day: Int, month: Int, year: Int?, range: Range<Int>) throws(PhraseError) {
    let date = year.flatMap { LocalDate(year: $0, month: month, day: day) }
      ?? (year == nil ? DateWords.recent(day: day, month: month, today: now.date) : nil)
    guard let date else {
      let first = tokens[range.lowerBound]
      let last = tokens[range.upperBound - 1]
      throw PhraseError(
        "no such date: \(day) \(LocalDate.monthAbbreviations[month - 1])\(year.map { " \($0)" } ?? "")",
        column: first.column, length: last.start + last.length - first.start)
    }
    try setDate(date, range: range)
  }

  private mutating func setDate(_ date: LocalDate, range: Range<Int>) throws(PhraseError) {
    draft.date = date
    dateGiven = true
    use(range)
  }

  private mutating func setTime(_ time: LocalTime, range: Range<Int>) {
    draft.time = time
    timeGiven = true
    for j in range { tokens[j].used = true }
    let previous = range.lowerBound - 1
    if previous >= 0, !tokens[previous].used, lexicon.merchantMarkers.contains(tokens[previous].word) {
      tokens[previous].used = true
    }
    use(range)
  }
}
