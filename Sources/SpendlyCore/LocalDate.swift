/// A calendar date with no time zone (proleptic Gregorian), stored as days since 1970-01-01.
///
/// Pure arithmetic, no Foundation: month ends, leap years and weekdays are computed here.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Creates a date, or nil when the day does not exist (31 April, 29 February 2025).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      day >= 1, day <= LocalDate.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` days after 1970-01-01 (Hinnant's civil_from_days).
  public init(daysSinceEpoch days: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (m <= 2 ? 1 : 0)
    month = m
    day = d
  }

  public var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// 0 = Monday ... 6 = Sunday.
  public var weekday: Int {
    let d = (daysSinceEpoch + 3) % 7  // 1970-01-01 was a Thursday (3)
    return d < 0 ? d + 7 : d
  }

  public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

  /// The same day `months` later, clamped to the end of a shorter month (31 Jan + 1 → 28/29 Feb).
  public func adding(months: Int) -> LocalDate {
    // Clamped to the supported years, so arithmetic at the edges never traps.
    let index = min(max(year * 12 + (month - 1) + months, 12), 9999 * 12 + 11)
    let newYear = index / 12
    let newMonth = index % 12 + 1
    let clamped = min(day, LocalDate.daysIn(month: newMonth, year: newYear))
    return LocalDate(year: newYear, month: newMonth, day: clamped)!
  }

  public var startOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1)! }
  public var endOfMonth: LocalDate {
    LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))!
  }

  /// "2026-11-29"
  public var description: String {
    // Written digit by digit (every stored row's date goes through here); a year outside
    // 0...9999 as `pad` gives it.
    guard (0...9999).contains(year) else { return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }
    return String(unsafeUninitializedCapacity: 10) { buffer in
      digits(year, 4, into: buffer, at: 0)
      buffer[4] = 0x2D
      digits(month, 2, into: buffer, at: 5)
      buffer[7] = 0x2D
      digits(day, 2, into: buffer, at: 8)
      return 10
    }
  }

  /// Parses "YYYY-MM-DD" strictly, straight from its UTF-8 (every stored row is read through here).
  public init?(iso text: some StringProtocol) {
    guard let date = Self.parse(text.utf8) else { return nil }
    self = date
  }

  /// `init?(iso:)` for a String, parsed by a specialized call over its bytes: the generic one
  /// walks `String.UTF8View` through its conformance at run time (a file's every date comes here).
  public init?(iso text: String) {
    var text = text
    guard let date = text.withUTF8({ Self.parse($0) }) else { return nil }
    self = date
  }

  /// "YYYY-MM-DD" from UTF-8 bytes, or nil.
  static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> LocalDate? {
    var fields = (0, 0, 0)
    var count = 0
    for byte in bytes {
      count += 1
      guard count <= 10 else { return nil }
      if count == 5 || count == 8 {
        guard byte == 0x2D else { return nil }
        continue
      }
      guard (0x30...0x39).contains(byte) else { return nil }
      let digit = Int(byte - 0x30)
      switch count {
      case 1...4: fields.0 = fields.0 * 10 + digit
      case 6...7: fields.1 = fields.1 * 10 + digit
      default: fields.2 = fields.2 * 10 + digit
      }
    }
    guard count == 10 else { return nil }
    return LocalDate(year: fields.0, month: fields.1, day: fields.2)
  }

  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public static let monthAbbreviations = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  public static let weekdayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// "Sun 29 Nov 2026"
  public var readable: String {
    "\(LocalDate.weekdayAbbreviations[weekday]) \(day) \(LocalDate.monthAbbreviations[month - 1]) \(year)"
  }
}

/// A time of day to the minute.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let hour: Int
  public let minute: Int

  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// Parses "HH:MM" (or "H:MM"), straight from its UTF-8.
  public init?(text: some StringProtocol) {
    guard let time = Self.parse(text.utf8) else { return nil }
    self = time
  }

  /// `init?(text:)` for a String, parsed by a specialized call: the generic one looks up the
  /// bytes' type at run time, which costs the lexicon's first time word a conformance search.
  public init?(text: String) {
    guard let time = Self.parse(text.utf8) else { return nil }
    self = time
  }

  /// "HH:MM" or "H:MM" from UTF-8 bytes, or nil.
  static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> LocalTime? {
    var hour = 0
    var minute = 0
    var hourDigits = 0
    var minuteDigits = 0
    var colon = false
    for byte in bytes {
      if byte == 0x3A {
        guard !colon else { return nil }
        colon = true
      } else if (0x30...0x39).contains(byte) {
        // Range-checked before any arithmetic: an hour has at most 2 digits, a minute 2.
        if colon {
          guard minuteDigits < 2 else { return nil }
          minute = minute * 10 + Int(byte - 0x30)
          minuteDigits += 1
        } else {
          guard hourDigits < 2 else { return nil }
          hour = hour * 10 + Int(byte - 0x30)
          hourDigits += 1
        }
      } else {
        return nil
      }
    }
    guard colon, (1...2).contains(hourDigits), minuteDigits == 2 else { return nil }
    return LocalTime(hour: hour, minute: minute)
  }

  public var description: String {
    String(unsafeUninitializedCapacity: 5) { buffer in
      digits(hour, 2, into: buffer, at: 0)
      buffer[2] = 0x3A
      digits(minute, 2, into: buffer, at: 3)
      return 5
    }
  }

  public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
    (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
  }
}

/// A local date and time: the clock Spendly reads (`--now`) and record timestamps.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let date: LocalDate
  public let time: LocalTime

  public init(date: LocalDate, time: LocalTime) {
    self.date = date
    self.time = time
  }

  /// Parses "2026-11-29T13:05", "2026-11-29 13:05" or "2026-11-29" (midnight).
  public init?(iso text: String) {
    // The stored form, "2026-11-29T13:05" (or with ":SS"), read straight from its bytes.
    let bytes = text.utf8
    if bytes.count == 16 || bytes.count == 19 {
      let separator = bytes.index(bytes.startIndex, offsetBy: 10)
      if bytes[separator] == 0x54 || bytes[separator] == 0x20,
        let date = LocalDate.parse(bytes[..<separator]),
        let time = LocalTime.parse(bytes[bytes.index(after: separator)..<bytes.index(separator, offsetBy: 6)]),
        bytes.count == 16 || bytes[bytes.index(separator, offsetBy: 6)] == 0x3A
      {
        self.init(date: date, time: time)
        return
      }
    }
    let separators: Set<Character> = ["T", " "]
    if let index = text.firstIndex(where: { separators.contains($0) }) {
      var timeText = text[text.index(after: index)...]
      if timeText.count == 8, timeText.hasSuffix(":00") || timeText.dropFirst(5).first == ":" {
        timeText = timeText.prefix(5)
      }
      guard let date = LocalDate(iso: text[..<index]), let time = LocalTime(text: timeText) else { return nil }
      self.init(date: date, time: time)
    } else {
      guard let date = LocalDate(iso: text) else { return nil }
      self.init(date: date, time: LocalTime(hour: 0, minute: 0)!)
    }
  }

  /// "2026-11-29T13:05"
  public var description: String { "\(date)T\(time)" }

  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.date, lhs.time) < (rhs.date, rhs.time)
  }
}

/// Writes `value` (0 up to `width` digits) as `width` ASCII digits, zero-padded, at `start`.
@inline(__always) func digits(_ value: Int, _ width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int)
{
  var rest = value
  for place in stride(from: start + width - 1, through: start, by: -1) {
    buffer[place] = 0x30 + UInt8(rest % 10)
    rest /= 10
  }
}

func pad(_ value: Int, _ width: Int) -> String {
  var text = String(value)
  while text.count < width { text = "0" + text }
  return text
}
