import SpendlyCore

/// A date column's format, decided from every value it has: 31/10/26 is DD/MM/YY (2026),
/// 2012/3/22 is YYYY/M/D, 29 Nov 2026 is DD MMM YYYY; month first only when a value proves it.
struct DateFormatGuess: Equatable {
  var format: String
  /// The value that decided it (a day over 12 when there is one), for the guess's comment.
  var example: String
  /// Why the choice is weak (day or month first unproven, values in other shapes), or nil.
  var warning: String?

  /// How a value is written, read from its shape alone.
  enum Shape: Equatable, Hashable {
    /// 20261129.
    case compact
    /// 2026-11-29, 2012/3/22, 2025.12.04.
    case yearFirst(Character)
    /// 29/11/2026, 11/29/26: `yearDigits` 2 or 4; which of day or month is first is decided later.
    case numeric(Character, yearDigits: Int)
    /// 29 Nov 2026, 29-Nov-26.
    case monthName(Character, yearDigits: Int)
  }

  /// The value's shape and its first two numbers (for a day-or-month-first decision), or nil when
  /// it does not look like a date.
  static func shape(_ text: String) -> (Shape, Int, Int)? {
    let value = text.trimmingSpaces()
    var parts: [Substring] = []
    var separators: [Character] = []
    var index = value.startIndex
    while index < value.endIndex {
      let start = index
      let letters = value[index].isLetter
      while index < value.endIndex, value[index].isASCII || value[index].isLetter,
        letters ? value[index].isLetter : value[index].isNumber
      {
        index = value.index(after: index)
      }
      guard index > start else { return nil }
      parts.append(value[start..<index])
      guard index < value.endIndex else { break }
      var separator: Character = " "
      while index < value.endIndex, "/-. ".contains(value[index]) {
        if value[index] != " " {
          guard separator == " " else { return nil }
          separator = value[index]
        }
        index = value.index(after: index)
      }
      guard separators.count < 2, index < value.endIndex else { return nil }
      separators.append(separator)
    }
    func digits(_ part: Substring, _ counts: ClosedRange<Int>) -> Int? {
      guard counts.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      return Int(part)
    }
    if parts.count == 1, let whole = digits(parts[0], 8...8), (19_000_000...20_999_999).contains(whole) {
      return (.compact, 0, 0)
    }
    guard parts.count == 3, separators.count == 2, separators[0] == separators[1] else { return nil }
    let separator = separators[0]
    if digits(parts[0], 4...4) != nil, let month = digits(parts[1], 1...2), let day = digits(parts[2], 1...2),
      (1...12).contains(month), (1...31).contains(day)
    {
      return (.yearFirst(separator), month, day)
    }
    guard let first = digits(parts[0], 1...2), (1...31).contains(first) else { return nil }
    let year = parts[2].count == 4 || parts[2].count == 2 ? digits(parts[2], 2...4) : nil
    guard year != nil else { return nil }
    if parts[1].count >= 3, parts[1].allSatisfy(\.isLetter),
      LocalDate.monthAbbreviations.contains(where: { parts[1].lowercased().hasPrefix($0.lowercased()) })
    {
      return (.monthName(separator, yearDigits: parts[2].count), first, 0)
    }
    guard let second = digits(parts[1], 1...2), (1...31).contains(second), first <= 12 || second <= 12 else {
      return nil
    }
    return (.numeric(separator, yearDigits: parts[2].count), first, second)
  }

  /// Whether `text` is written as a date (of any format guessed), parsed or not.
  static func looksLikeDate(_ text: String) -> Bool { shape(text) != nil }

  /// The format that reads every one of `values`; `monthFirstSaid` when the file says MM/DD.
  static func guess(_ values: [String], monthFirstSaid: Bool = false) -> DateFormatGuess? {
    let shaped = values.compactMap { value in shape(value).map { (value, $0.0, $0.1, $0.2) } }
    guard !shaped.isEmpty else { return nil }
    var counts: [Shape: Int] = [:]
    for entry in shaped { counts[entry.1, default: 0] += 1 }
    // The shape most values have; ties go to the one seen first.
    let best = shaped.map(\.1).first { counts[$0] == counts.values.max() }!
    let mine = shaped.filter { $0.1 == best }
    var guess: DateFormatGuess
    switch best {
    case .compact:
      guess = DateFormatGuess(format: "YYYYMMDD", example: mine[0].0)
    case .yearFirst(let separator):
      let short = mine.contains { entry in
        let pieces: [Substring] = entry.0.split(separator: separator)
        return pieces.dropFirst().contains { $0.count == 1 }
      }
      let s = String(separator)
      guess = DateFormatGuess(format: short ? "YYYY\(s)M\(s)D" : "YYYY\(s)MM\(s)DD", example: mine[0].0)
    case .monthName(let separator, let yearDigits):
      let s = String(separator)
      guess = DateFormatGuess(format: "DD\(s)MMM\(s)" + (yearDigits == 4 ? "YYYY" : "YY"), example: mine[0].0)
    case .numeric(let separator, let yearDigits):
      let s = String(separator)
      let year = yearDigits == 4 ? "YYYY" : "YY"
      let dayFirst = mine.first { $0.2 > 12 }
      let monthFirst = mine.first { $0.3 > 12 }
      if let monthFirst, dayFirst == nil {
        guess = DateFormatGuess(format: "MM\(s)DD\(s)\(year)", example: monthFirst.0)
      } else if let dayFirst {
        guess = DateFormatGuess(format: "DD\(s)MM\(s)\(year)", example: dayFirst.0)
        if monthFirst != nil {
          guess.warning = "dates are written both day first (\(dayFirst.0)) and month first (\(monthFirst!.0))"
        }
      } else if monthFirstSaid {
        guess = DateFormatGuess(format: "MM\(s)DD\(s)\(year)", example: mine[0].0)
      } else {
        guess = DateFormatGuess(format: "DD\(s)MM\(s)\(year)", example: mine[0].0)
        guess.warning =
          "no day over 12 seen in the dates: day first assumed; if the file is month first, say date-format = MM\(s)DD\(s)\(year)"
      }
    }
    let unread = values.filter { StatementValues.date($0, format: guess.format) == nil }
    if let first = unread.first, guess.warning == nil {
      guess.warning =
        "\(unread.count) of \(values.count) dates do not read as \(guess.format) (\(TextSanitizer.quoted(first)))"
    }
    return guess
  }

  /// The format as the issue and the guess's comments write it, with the example: "DD/MM/YY: 31/10/26 seen".
  var reason: String { "\(format): \(example) seen" }
}
