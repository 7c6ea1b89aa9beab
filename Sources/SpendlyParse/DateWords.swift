import SpendlyCore

/// Reads date and time words: today, yesterday, friday, last friday, 3 days ago, 14 aug,
/// 14/08, 2026-08-14, 9pm, 21:30. A date without a year is, in an entry, the nearest such date
/// (on 29 Nov, "30 nov" is tomorrow, "14 aug" last August); in a question the most recent one.
enum DateWords {
  /// A single-token date: a relative word, a weekday, ISO or day-first numeric.
  static func date(_ word: String, today: LocalDate, lexicon: Lexicon, nearest: Bool = false) -> LocalDate? {
    if let offset = lexicon.relativeDays[word] { return today.adding(days: offset) }
    if let weekday = lexicon.weekdays[word] { return mostRecent(weekday: weekday, before: today, inclusive: true) }
    if let iso = LocalDate(iso: word) { return iso }
    return numeric(word, today: today, nearest: nearest)
  }

  /// `14/08`, `14/8/2025`, `14/08/25` (day first).
  static func numeric(_ word: String, today: LocalDate, nearest: Bool = false) -> LocalDate? {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isNumber) }),
      let day = Int(parts[0]), let month = Int(parts[1])
    else { return nil }
    if parts.count == 3 {
      guard var year = Int(parts[2]) else { return nil }
      if parts[2].count == 2 { year += 2000 }
      return LocalDate(year: year, month: month, day: day)
    }
    return nearest ? self.nearest(day: day, month: month, today: today) : recent(day: day, month: month, today: today)
  }

  /// The day and month in the year that puts it nearest to today, past or future (a tie goes
  /// to the past): on 29 Nov, 30 Nov is tomorrow, 5 Dec next week, 14 Aug last August.
  static func nearest(day: Int, month: Int, today: LocalDate) -> LocalDate? {
    let candidates = [today.year - 1, today.year, today.year + 1].compactMap {
      LocalDate(year: $0, month: month, day: day)
    }
    guard !candidates.isEmpty else { return LocalDate(year: today.year, month: month, day: day) }
    return candidates.min { a, b in
      let da = abs(a.daysSinceEpoch - today.daysSinceEpoch)
      let db = abs(b.daysSinceEpoch - today.daysSinceEpoch)
      return da != db ? da < db : a < b
    }
  }

  /// A day of the month before or after a month name: 14 or 14th. Any one or two digits
  /// count, so "32 aug" is an impossible date (an error), not an amount.
  static func dayNumber(_ word: String) -> Int? {
    var text = Substring(word)
    for suffix in ["st", "nd", "rd", "th"] where text.hasSuffix(suffix) {
      text = text.dropLast(2)
      break
    }
    guard !text.isEmpty, text.utf8.count <= 2, text.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
    return Int(text)
  }

  /// Whether `word` is shaped like an ISO date (2026-02-30) even if no such date exists.
  static func looksISO(_ word: String) -> Bool {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0].count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  /// Whether `word` looks like a numeric date even if the day does not exist (for errors).
  static func looksNumericDate(_ word: String) -> Bool {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    return (parts.count == 2 || parts.count == 3) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  /// A bare ordinal's day ("the 5th"): that day of this month when it has come (today
  /// included), else of last month, else of the month before (for a day last month lacks).
  static func recent(day: Int, today: LocalDate) -> LocalDate? {
    for back in 0...2 {
      let month = YearMonth(today).adding(months: -back)
      if let date = LocalDate(year: month.year, month: month.month, day: day), date <= today { return date }
    }
    return nil
  }

  /// The year of the most recent `month`: this year when it has begun, else last year.
  static func recentYear(month: Int, today: LocalDate) -> Int {
    month > today.month ? today.year - 1 : today.year
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
    guard !parts.isEmpty, parts.count <= 2,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigitCharacter) })
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
