import SpendlyCore
import Testing

@Suite("LocalDate")
struct LocalDateTests {
  static func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  @Test(arguments: [
    (2024, true), (2025, false), (1900, false), (2000, true), (2100, false), (2400, true), (1996, true),
  ])
  func leapYears(_ year: Int, _ leap: Bool) {
    #expect(LocalDate.isLeap(year) == leap)
    #expect(LocalDate.daysIn(month: 2, year: year) == (leap ? 29 : 28))
  }

  @Test func existingAndImpossibleDays() {
    #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
    #expect(LocalDate(year: 2025, month: 2, day: 29) == nil)
    #expect(LocalDate(year: 2026, month: 4, day: 31) == nil)
    #expect(LocalDate(year: 2026, month: 12, day: 31) != nil)
    #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
    #expect(LocalDate(year: 2026, month: 0, day: 1) == nil)
    #expect(LocalDate(year: 2026, month: 1, day: 0) == nil)
  }

  @Test(arguments: [
    ("2024-01-31", 1, "2024-02-29"), ("2025-01-31", 1, "2025-02-28"), ("2026-01-31", 2, "2026-03-31"),
    ("2026-03-31", -1, "2026-02-28"), ("2026-12-15", 1, "2027-01-15"), ("2026-01-15", -1, "2025-12-15"),
    ("2024-02-29", 12, "2025-02-28"), ("2024-02-29", 48, "2028-02-29"), ("2026-05-31", 1, "2026-06-30"),
  ])
  func addingMonthsClamps(_ start: String, _ months: Int, _ expected: String) {
    #expect(Self.date(start).adding(months: months) == Self.date(expected))
  }

  /// 0 = Monday ... 6 = Sunday.
  @Test(arguments: [
    ("2026-11-29", 6), ("1970-01-01", 3), ("1969-12-31", 2), ("2000-01-01", 5), ("2024-02-29", 3),
    ("1900-01-01", 0), ("2026-11-30", 0),
  ])
  func weekdays(_ text: String, _ weekday: Int) {
    #expect(Self.date(text).weekday == weekday)
  }

  @Test func knownEpochDays() {
    #expect(Self.date("1970-01-01").daysSinceEpoch == 0)
    #expect(Self.date("2000-01-01").daysSinceEpoch == 10_957)
    #expect(Self.date("0001-01-01").daysSinceEpoch == -719_162)
    #expect(Self.date("9999-12-31").daysSinceEpoch == 2_932_896)
    #expect(LocalDate(daysSinceEpoch: -1) == Self.date("1969-12-31"))
  }

  @Test func daysSinceEpochRoundTripsOverTheWholeRange() {
    var previous = LocalDate(daysSinceEpoch: -719_162)
    #expect(previous == Self.date("0001-01-01"))
    var failures = 0
    for days in -719_161...2_932_896 {
      let date = LocalDate(daysSinceEpoch: days)
      let next =
        previous.day < LocalDate.daysIn(month: previous.month, year: previous.year)
        ? LocalDate(year: previous.year, month: previous.month, day: previous.day + 1)
        : previous.month < 12
          ? LocalDate(year: previous.year, month: previous.month + 1, day: 1)
          : LocalDate(year: previous.year + 1, month: 1, day: 1)
      if date != next || date.daysSinceEpoch != days || date.weekday != (previous.weekday + 1) % 7 {
        failures += 1
      }
      previous = date
    }
    #expect(failures == 0)
    #expect(previous == Self.date("9999-12-31"))
  }

  @Test func isoTextAndReadable() {
    #expect(Self.date("2026-11-29").description == "2026-11-29")
    #expect(LocalDate(year: 5, month: 1, day: 2)!.description == "0005-01-02")
    #expect(Self.date("2026-11-29").readable == "Sun 29 Nov 2026")
    #expect(Self.date("2026-11-29").adding(days: 3) == Self.date("2026-12-02"))
    #expect(Self.date("2024-02-10").endOfMonth == Self.date("2024-02-29"))
    #expect(Self.date("2024-02-10").startOfMonth == Self.date("2024-02-01"))
    #expect(Self.date("2025-12-31") < Self.date("2026-01-01"))
    for bad in ["2026-2-28", "2026-02-30", "26-11-29", "2026/11/29", "2026-11-29x", "", "today"] {
      #expect(LocalDate(iso: bad) == nil, "accepted \(bad)")
    }
  }

  /// The digit-by-digit text (written straight into the string) reads back as the same date,
  /// zero-padded, for every day from year 1 to 2100 that a sample walks, and every time of day.
  @Test func descriptionsAreZeroPaddedAndReadBack() throws {
    var day = try #require(LocalDate(year: 1, month: 1, day: 1))
    let end = try #require(LocalDate(year: 2100, month: 12, day: 31))
    var failures = 0
    while day <= end {
      let text = day.description
      if text.utf8.count != 10 || LocalDate(iso: text) != day { failures += 1 }
      day = day.adding(days: 97)
    }
    #expect(failures == 0)
    #expect(LocalDate(year: 9999, month: 12, day: 31)!.description == "9999-12-31")
    #expect(LocalDate(year: 2026, month: 1, day: 9)!.description == "2026-01-09")
    for hour in 0..<24 {
      for minute in 0..<60 {
        let time = try #require(LocalTime(hour: hour, minute: minute))
        #expect(time.description == (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)")
      }
    }
  }
}

@Suite("LocalDateTime")
struct LocalDateTimeTests {
  @Test(arguments: [
    ("2026-11-29T13:05", "2026-11-29T13:05"), ("2026-11-29 13:05", "2026-11-29T13:05"),
    ("2026-11-29", "2026-11-29T00:00"), ("2026-11-29T13:05:00", "2026-11-29T13:05"),
    ("2026-11-29T9:05", "2026-11-29T09:05"), ("2024-02-29T23:59", "2024-02-29T23:59"),
  ])
  func parses(_ text: String, _ expected: String) throws {
    let parsed = try #require(LocalDateTime(iso: text))
    #expect(parsed.description == expected)
  }

  @Test(arguments: [
    "2026-11-29T24:00", "2026-11-29T13:60", "2025-02-29T10:00", "2026-11-29T", "", "2026-11-29T13:05x",
    "2026-11-29T13:5", "yesterday", "13:05",
  ])
  func rejects(_ text: String) {
    #expect(LocalDateTime(iso: text) == nil)
  }

  @Test func fieldsAndOrder() throws {
    let value = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    #expect(value.date == LocalDate(year: 2026, month: 11, day: 29))
    #expect(value.time == LocalTime(hour: 13, minute: 5))
    #expect(value < LocalDateTime(iso: "2026-11-29T13:06")!)
    #expect(LocalDateTime(iso: "2026-11-28T23:59")! < value)
  }
}

@Suite("Numbers read from text are range-checked before arithmetic")
struct HugeNumberTextTests {
  @Test func hugeHoursAndMinutesAreNoTime() {
    for text in ["0:9223372036854775808", "9223372036854775808:00", "123:00", "1:234", "99999999999999999999:99"] {
      #expect(LocalTime(text: text) == nil, "\(text)")
      #expect(LocalDateTime(iso: "2026-11-29T" + text) == nil, "\(text)")
    }
    #expect(LocalTime(text: "9:05") == LocalTime(hour: 9, minute: 5))
  }

  @Test func aFuzzOfTimeAndDateTextNeverTraps() {
    var random = SplitMix64(seed: 22)
    let alphabet = Array("0123456789:-T 9".utf8)
    for _ in 0..<5_000 {
      let bytes = (0..<random.below(40)).map { _ in random.pick(alphabet) }
      let text = String(decoding: bytes, as: UTF8.self)
      _ = LocalTime(text: text)
      _ = LocalDate(iso: text)
      _ = LocalDateTime(iso: text)
    }
    #expect(LocalDate(iso: "99999999999999999999") == nil)
  }

  @Test func quotedValuesAreShortAndOneLine() {
    let quoted = TextSanitizer.quoted(String(repeating: "x", count: 10_000_000))
    #expect(quoted == "'" + String(repeating: "x", count: 60) + "…'")
    #expect(TextSanitizer.quoted("12\r3\n\u{1B}[2J") == "'12\\r3\\n\\u{1B}[2J'")
  }
}
