import SpendlyCore

/// Periods in questions: today, this week, last month, aug, august 2025, 2025, last 30 days,
/// since 1 oct, between 1 aug and 15 aug, from 2025-01-01 to 2025-03-31.
extension QueryRun {
  /// Reads a period at `index` and moves past it; nil (index unchanged) when there is none.
  mutating func period() throws(QueryError) -> Period? {
    let start = index
    guard let current = word() else { return nil }
    let role = parser.words.role(current)
    if role == .this || role == .last || role == .next, let unit = word(1) {
      let offset = role == .this ? 0 : role == .next ? 1 : -1
      switch parser.words.role(unit) {
      case .groupWeek:
        index += 2
        let day = today.adding(days: 7 * offset)
        return .week(containing: day, weekStart: parser.weekStart, name: .relative(offset, .week))
      case .groupMonth:
        index += 2
        return .month(containing: today.adding(months: offset), name: .relative(offset, .month))
      case .groupQuarter:
        index += 2
        return .quarter(containing: today.adding(months: 3 * offset), name: .relative(offset, .quarter))
      case .groupYear:
        index += 2
        return .year(today.year + offset, name: .relative(offset, .year))
      default:
        // last 30 days, past 3 months
        if role == .last, let count = Int(unit), (1...10_000).contains(count), let size = word(2),
          let from = lastCount(count, unit: size)
        {
          index += 3
          return Period(from: from, to: today, name: .trailing(count: count, word: size))
        }
      }
    }
    // 3 days ago, 2 weeks ago: that day
    if let count = Int(current), (0...10_000).contains(count), let unit = word(1), let days = lexicon.dayUnits[unit],
      let ago = word(2), lexicon.agoWords.contains(ago)
    {
      index += 3
      return .day(today.adding(days: -count * days), name: .ago(count: count, word: unit))
    }
    // in 2 weeks, over 3 months: the last N days, weeks or months
    if let count = Int(current), (1...10_000).contains(count), let size = word(1),
      let from = lastCount(count, unit: size)
    {
      index += 2
      return Period(from: from, to: today, name: .trailing(count: count, word: size))
    }
    // month to date
    if current == "mtd" || (current == "month" && word(1) == "to" && word(2) == "date") {
      index += current == "mtd" ? 1 : 3
      return Period(from: today.startOfMonth, to: today, name: .monthToDate)
    }
    // last friday
    if role == .last, let next = word(1), let weekday = lexicon.weekdays[next] {
      index += 2
      return .day(
        DateWords.mostRecent(weekday: weekday, before: today, inclusive: false), name: .lastWeekday(word: next))
    }
    if current == "today" || current == "yesterday" {
      index += 1
      return current == "today" ? .day(today, name: .today) : .day(today.adding(days: -1), name: .yesterday)
    }
    if role == .since {
      index += 1
      // since oct: from the first of the most recent October.
      if let name = word(), let month = lexicon.months[name], !(word(1).map { Int($0) != nil } ?? false) {
        index += 1
        let year = DateWords.recentYear(month: month, today: today)
        return Period(from: LocalDate(year: year, month: month, day: 1)!, to: today, name: .since)
      }
      // since 2025: from its first day
      if let name = word(), name.count == 4, let year = Int(name), (1970...2200).contains(year) {
        index += 1
        return Period(from: LocalDate(year: year, month: 1, day: 1)!, to: today, name: .since)
      }
      guard let date = try readDate() else {
        index = start
        return nil
      }
      return Period(from: date, to: today, name: .since)
    }
    if role == .between || role == .from {
      index += 1
      guard var from = try readBoundary(end: false) else {
        index = start
        return nil
      }
      // "from 3 dec" with no end: from then to today, as "since 3 dec" (the answer names the
      // day it resolved to, "since Wed 3 Dec 2025", so a yearless date's year is seen).
      guard self.role() == .and else {
        guard role == .from, from <= today else {
          index = start
          return nil
        }
        return Period(from: from, to: today, name: .since)
      }
      let fromHadYear = lastDateHadYear
      index += 1
      guard let to = try readBoundary(end: true) else {
        index = start
        return nil
      }
      return try range(from, fromHadYear: fromHadYear, to, at: start)
    }
    // "9 jun to 15 jun 2025", "1 aug till 10 aug": two days and "to", "until" or "till" between
    // them, as with "from"; not on the first side of a comparison ("compare 1 jun to 2 jun"
    // compares them), but on the second ("1 jun to 15 jun vs 16 jun to 30 jun").
    if !isComparing || query.period != nil, let from = try readDate() {
      let fromHadYear = lastDateHadYear
      if self.role() == .and, word() != "and", index + 1 < tokens.count {
        index += 1
        if let to = try readDate() { return try range(from, fromHadYear: fromHadYear, to, at: start) }
      }
      index = start
    }
    // "9-15 jun 2025", "jun 9-15": days of one month.
    if let days = try dayRange() { return days }
    // A month name, with an optional year: aug, august 2025.
    if let month = lexicon.months[current], !(word(1).map { Int($0) != nil && $0.count <= 2 } ?? false) {
      index += 1
      var year = today.year
      if let next = word(), next.count == 4, let y = Int(next), (1970...2200).contains(y) {
        year = y
        index += 1
      } else if month > today.month {
        year -= 1
      }
      return .month(containing: LocalDate(year: year, month: month, day: 1)!)
    }
    // A year: 2025 (alone on the line, or after "in", a question). Without "in", only a
    // recent year is one: "spent 2000 on food" is an amount.
    let afterIn = index > 0 && ["in", "during", "for", "of"].contains(tokens[index - 1].word)
    if current.count == 4, let year = Int(current), (1970...2200).contains(year),
      afterIn || tokens.count == 1 || (today.year - 10...today.year + 1).contains(year)
    {
      index += 1
      query.readBareYear = !afterIn && tokens.count > 1
      if tokens.count == 1 || afterIn { query.structured = true }
      return .year(year)
    }
    // A single date: on 14 aug, 2026-08-14.
    if let date = try readDate() {
      return .day(date)
    }
    index = start
    return nil
  }

  /// `from` through `to`, read at token `start`. "between 1 aug and 15 aug 2025": a start
  /// without a year takes the end's year; "9 jun 2025 to 15 jun": an end without one, the start's.
  func range(_ from: LocalDate, fromHadYear: Bool, _ to: LocalDate, at start: Int) throws(QueryError) -> Period {
    var (from, to) = (from, to)
    if from > to, !fromHadYear, lastDateHadYear, from.adding(months: -12) <= to {
      from = from.adding(months: -12)
    }
    // "9 jun 2025 to 15 jun": an end without a year takes the start's.
    if fromHadYear, !lastDateHadYear, to.year != from.year,
      let same = LocalDate(year: from.year, month: to.month, day: to.day), same >= from
    {
      to = same
    }
    guard from <= to else {
      throw QueryError(words: [], column: tokens[start].column, message: "the period ends before it starts")
    }
    return Period(from: from, to: to)
  }

  /// Days of one month written as a span of day numbers ("9-15 jun", "9–15 jun 2025", "jun
  /// 9-15"); without a year, the most recent month whose last day named has passed. Nil (index
  /// unchanged) when the words are not one.
  mutating func dayRange() throws(QueryError) -> Period? {
    func days(_ text: String) -> (Int, Int)? {
      let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" }
      guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), (1...31).contains(first),
        (1...31).contains(last), parts.allSatisfy({ $0.count <= 2 })
      else { return nil }
      return (first, last)
    }
    guard let first = word(), let second = word(1) else { return nil }
    let start = index
    let span: (Int, Int)
    let month: Int
    if let found = days(first), let named = lexicon.months[second] {
      (span, month) = (found, named)
    } else if let named = lexicon.months[first], let found = days(second) {
      (span, month) = (found, named)
    } else {
      return nil
    }
    index += 2
    var year: Int?
    if let next = word(), next.count == 4, let y = Int(next), (1970...2200).contains(y) {
      year = y
      index += 1
    }
    let end =
      year.flatMap { LocalDate(year: $0, month: month, day: span.1) }
      ?? (year == nil ? DateWords.recent(day: span.1, month: month, today: today) : nil)
    guard let end, let from = LocalDate(year: end.year, month: month, day: span.0) else {
      throw QueryError(
        words: [], column: tokens[start].column,
        message: "no such date: \(span.0)-\(span.1) \(LocalDate.monthAbbreviations[month - 1])")
    }
    guard from <= end else {
      throw QueryError(words: [], column: tokens[start].column, message: "the period ends before it starts")
    }
    lastDateHadYear = year != nil
    return Period(from: from, to: end)
  }

  /// The first day of the last `count` days, weeks or months up to today; nil for another unit.
  func lastCount(_ count: Int, unit: String) -> LocalDate? {
    switch parser.words.role(unit) {
    case .groupDay: return today.adding(days: -(count - 1))
    case .groupWeek: return today.adding(days: -(7 * count - 1))
    case .groupMonth: return today.adding(months: -count).adding(days: 1)
    default: return nil
    }
  }

  /// One end of a range ("from dec 2025 to nov 2026", "between 2024 and 2025"): a date, else
  /// a month (with a year, else the most recent one) or a year, read as its first day at the
  /// start and its last day at the end.
  mutating func readBoundary(end: Bool) throws(QueryError) -> LocalDate? {
    if let date = try readDate() { return date }
    guard let first = word() else { return nil }
    if let month = lexicon.months[first] {
      index += 1
      var year = DateWords.recentYear(month: month, today: today)
      lastDateHadYear = false
      if let next = word(), next.count == 4, let y = Int(next), (1970...2200).contains(y) {
        year = y
        index += 1
        lastDateHadYear = true
      }
      let first = LocalDate(year: year, month: month, day: 1)!
      return end ? YearMonth(first).lastDay : first
    }
    if first.count == 4, let year = Int(first), (1970...2200).contains(year) {
      index += 1
      lastDateHadYear = true
      return LocalDate(year: year, month: end ? 12 : 1, day: end ? 31 : 1)!
    }
    return nil
  }

  /// A bare ordinal, "5th" or "the 5th": that day of this month if it has passed (today
  /// included), else of the month before (or the one before that, for a day it lacks), as the
  /// yearless date rule reads a day and month.
  mutating func readOrdinal() -> LocalDate? {
    let skip = word() == "the" ? 1 : 0
    guard let text = word(skip), ["st", "nd", "rd", "th"].contains(where: { text.hasSuffix($0) }),
      let day = DateWords.dayNumber(text), day >= 1
    else { return nil }
    guard let date = DateWords.recent(day: day, today: today) else { return nil }
    index += skip + 1
    lastDateHadYear = false
    return date
  }

  /// Reads a date (1 oct, oct 1, 1 oct 2025, 14/08, 2026-08-14, yesterday, friday, the 5th) at `index`.
  mutating func readDate() throws(QueryError) -> LocalDate? {
    guard let first = word() else { return nil }
    lastDateHadYear = false
    if let date = readOrdinal() { return date }
    func dayNumber(_ text: String) -> Int? {
      var digits = Substring(text)
      for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
      guard let day = Int(digits), (1...31).contains(day) else { return nil }
      return day
    }
    func withYear(_ day: Int, _ month: Int, consumed: Int) throws(QueryError) -> LocalDate? {
      var year: Int?
      if let next = word(consumed), next.count == 4, let y = Int(next) { year = y }
      let date =
        year.flatMap { LocalDate(year: $0, month: month, day: day) }
        ?? (year == nil ? DateWords.recent(day: day, month: month, today: today) : nil)
      guard let date else {
        throw QueryError(
          words: [], column: tokens[index].column,
          message: "no such date: \(day) \(LocalDate.monthAbbreviations[month - 1])")
      }
      index += consumed + (year == nil ? 0 : 1)
      lastDateHadYear = year != nil
      return date
    }
    // last monday: the most recent one before today
    if lexicon.lastWords.contains(first), let next = word(1), let weekday = lexicon.weekdays[next] {
      index += 2
      return DateWords.mostRecent(weekday: weekday, before: today, inclusive: false)
    }
    if let day = dayNumber(first), let next = word(1), let month = lexicon.months[next] {
      return try withYear(day, month, consumed: 2)
    }
    if let month = lexicon.months[first], let next = word(1), let day = dayNumber(next) {
      return try withYear(day, month, consumed: 2)
    }
    if let date = DateWords.date(first, today: today, lexicon: lexicon) {
      index += 1
      lastDateHadYear = first.contains("-") || first.split(separator: "/").count == 3
      return date
    }
    let parts = first.split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 3, parts[0].count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
      throw QueryError(words: [tokens[index].text], column: tokens[index].column, message: "no such date '\(first)'")
    }
    return nil
  }
}
