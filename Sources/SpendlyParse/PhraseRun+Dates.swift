import SpendlyCore

/// What a word with digits could be, from its bytes alone: only a word with a colon or
/// am/pm can be a time, only one with a slash or inner dash a numeric date.
struct NumericShape {
  var colon = false
  var slash = false
  var innerDash = false
  var meridiem = false

  init(_ word: String) {
    var previous: UInt8 = 0
    var first = true
    for byte in word.utf8 {
      switch byte {
      case 0x3A: colon = true
      case 0x2F: slash = true
      case 0x2D: if !first { innerDash = true }
      default: break
      }
      meridiem = previous == 0x61 || previous == 0x70 ? byte == 0x6D : false  // "am", "pm" at the end
      previous = byte
      first = false
    }
  }
}

extension PhraseRun {
  /// Finds the date and time words, consuming them (and a filler "on"/"at" before them).
  /// Words with digits and words without take separate paths, so plain words skip the
  /// numeric parsing entirely.
  mutating func datesAndTimes() throws(PhraseError) {
    for i in tokens.indices where free(i) {
      if tokens[i].hasDigit { try numericDateOrTime(at: i) } else { try wordDateOrTime(at: i) }
    }
  }

  /// Token `i` when it exists and is free (unused, unquoted).
  private func freeToken(_ i: Int) -> Token? { i < tokens.count && free(i) ? tokens[i] : nil }

  /// 21:30, 9pm, "9 pm", 3 days ago, 14 aug [2025], 2026-08-14, 14/08; impossible ones are errors.
  private mutating func numericDateOrTime(at i: Int) throws(PhraseError) {
    let word = tokens[i].word
    let shape = NumericShape(word)
    let next = freeToken(i + 1)
    if shape.colon || shape.meridiem {
      if let time = DateWords.time(word, lexicon: lexicon) {
        if !timeGiven { setTime(time, range: i..<(i + 1)) }
        return
      }
      if DateWords.looksLikeTime(word) {
        throw PhraseError(
          "no such time '\(tokens[i].bare)' (like 21:30 or 9pm)", column: tokens[i].column,
          length: tokens[i].bare.count)
      }
    }
    if !timeGiven, let next, next.word == "am" || next.word == "pm",
      let time = DateWords.time(word + next.word, lexicon: lexicon)
    {
      return setTime(time, range: i..<(i + 2))
    }
    guard !dateGiven else { return }
    if shape.slash || shape.innerDash {
      if let date = DateWords.date(word, today: now.date, lexicon: lexicon, nearest: true) {
        return try setDate(date, range: i..<(i + 1))
      }
      if DateWords.looksNumericDate(word) || DateWords.looksISO(word) {
        throw PhraseError(
          "no such date '\(tokens[i].text)' (day first: 14/08 or 2026-08-14)", column: tokens[i].column,
          length: tokens[i].length)
      }
      return
    }
    if next?.info.month ?? 0 == 0, let (date, range) = bareOrdinal(at: i) { return try setDate(date, range: range) }
    guard let next else { return }
    // 3 days ago
    if next.info.dayUnit > 0, freeToken(i + 2)?.info.has(.ago) == true, let count = Int(word),
      (0..<10_000).contains(count)
    {
      return try setDate(now.date.adding(days: -count * Int(next.info.dayUnit)), range: i..<(i + 3))
    }
    // 14 aug [2025], 14th aug
    if next.info.month > 0, let day = DateWords.dayNumber(word) {
      return try setDay(day, month: Int(next.info.month), yearAt: i + 2, range: i..<(i + 2))
    }
  }

  /// "on the 5th", "on 1st", "the 21st": that day of this month when it has come (today
  /// included), else of last month (of the month before when last month has no such day);
  /// the range takes the "on" and "the" before it. Nil for a number without an ordinal suffix.
  private func bareOrdinal(at i: Int) -> (LocalDate, Range<Int>)? {
    let word = tokens[i].word
    guard ["st", "nd", "rd", "th"].contains(where: { word.hasSuffix($0) }), let day = DateWords.dayNumber(word),
      (1...31).contains(day)
    else { return nil }
    var start = i
    if start > 0, free(start - 1), tokens[start - 1].word == "the" { start -= 1 }
    if start > 0, free(start - 1), tokens[start - 1].word == "on" { start -= 1 }
    guard start < i else { return nil }
    return DateWords.recent(day: day, today: now.date).map { ($0, start..<(i + 1)) }
  }

  /// noon, today, day before yesterday, friday, last friday, aug 14 [2025].
  private mutating func wordDateOrTime(at i: Int) throws(PhraseError) {
    let info = tokens[i].info
    if !timeGiven, info.has(.timeStart), let (time, length) = multiWord({ parser.lexicon.timeWords[$0] }, at: i) {
      return setTime(time, range: i..<(i + length))  // this morning, this evening
    }
    if !timeGiven, info.time >= 0 {
      return setTime(LocalTime(hour: Int(info.time) / 60, minute: Int(info.time) % 60)!, range: i..<(i + 1))
    }
    guard !dateGiven else { return }
    if info.has(.relativeStart), let (offset, length) = relative(at: i) {
      return try setDate(now.date.adding(days: offset), range: i..<(i + length))
    }
    let next = freeToken(i + 1)
    if info.has(.last), let next, next.info.weekday >= 0 {
      let date = DateWords.mostRecent(weekday: Int(next.info.weekday), before: now.date, inclusive: false)
      return try setDate(date, range: i..<(i + 2))
    }
    if info.month > 0, let next, let day = DateWords.dayNumber(next.word) {
      return try setDay(day, month: Int(info.month), yearAt: i + 2, range: i..<(i + 2))
    }
    if info.weekday >= 0 {
      return try setDate(
        DateWords.mostRecent(weekday: Int(info.weekday), before: now.date, inclusive: true), range: i..<(i + 1))
    }
  }

  /// A relative day of one or more words ("yesterday", "day before yesterday"), longest first.
  private func relative(at i: Int) -> (Int, Int)? {
    for length in stride(from: min(3, tokens.count - i), through: 1, by: -1) {
      let range = i..<(i + length)
      if range.contains(where: { !free($0) }) { continue }
      let key = length == 1 ? tokens[i].word : range.map { tokens[$0].word }.joined(separator: " ")
      if let offset = lexicon.relativeDays[key] { return (offset, length) }
    }
    return nil
  }

  /// Day and month, with a four-digit year at `yearAt` when there is one.
  private mutating func setDay(_ day: Int, month: Int, yearAt: Int, range: Range<Int>) throws(PhraseError) {
    var range = range
    var year: Int?
    if let word = freeToken(yearAt)?.word, word.utf8.count == 4, let value = Int(word) {
      year = value
      range = range.lowerBound..<(yearAt + 1)
    }
    let date =
      year.flatMap { LocalDate(year: $0, month: month, day: day) }
      ?? (year == nil ? DateWords.nearest(day: day, month: month, today: now.date) : nil)
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
    guard SupportedDates.contains(date) else {
      let first = tokens[range.lowerBound]
      let last = tokens[range.upperBound - 1]
      let length = last.start + last.length - first.start
      throw PhraseError(
        SupportedDates.refusal("date", range.map { tokens[$0].bare }.joined(separator: " ")), column: first.column,
        length: length)
    }
    draft.date = date
    dateGiven = true
    use(range)
  }

  /// Sets the time; "at" before it ("at 10:30") is part of it.
  private mutating func setTime(_ time: LocalTime, range: Range<Int>) {
    draft.time = time
    timeGiven = true
    for j in range { tokens[j].used = true }
    let previous = range.lowerBound - 1
    if previous >= 0, free(previous), tokens[previous].info.has(.merchantMarker) {
      tokens[previous].used = true
    }
    use(range)
  }
}
