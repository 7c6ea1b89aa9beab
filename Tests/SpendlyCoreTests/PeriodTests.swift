import SpendlyCore
import Testing

/// Period boundaries: weeks (Monday or Sunday first), month ends, leap days, year ends, previous periods.
@Suite("Period")
struct PeriodTests {
  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  static func range(_ period: Period) -> String { "\(period.from)..\(period.to)" }

  // MARK: Weeks

  @Test func mondayWeekContainingSunday29November() {
    let week = Period.week(containing: Self.day("2026-11-29"), weekStart: 0, name: .relative(0, .week))
    #expect(Self.range(week) == "2026-11-23..2026-11-29")
    #expect(week.from.readable == "Mon 23 Nov 2026")
    #expect(week.to.readable == "Sun 29 Nov 2026")
    #expect(week.days == 7)
    #expect(week.name == .relative(0, .week))
    // Every day of that week gives the same week; the days either side do not.
    for offset in 0..<7 {
      let date = Self.day("2026-11-23").adding(days: offset)
      #expect(Period.week(containing: date, weekStart: 0, name: .dates) == Period(from: week.from, to: week.to))
    }
    #expect(Period.startOfWeek(Self.day("2026-11-22"), weekStart: 0) == Self.day("2026-11-16"))
    #expect(Period.startOfWeek(Self.day("2026-11-30"), weekStart: 0) == Self.day("2026-11-30"))
  }

  @Test func sundayWeekStart() {
    // weekStart 6 = Sunday: Sunday 29 Nov starts a new week; Saturday 28 Nov ends the previous one.
    #expect(
      Self.range(Period.week(containing: Self.day("2026-11-29"), weekStart: 6, name: .dates))
        == "2026-11-29..2026-12-05")
    #expect(
      Self.range(Period.week(containing: Self.day("2026-11-28"), weekStart: 6, name: .dates))
        == "2026-11-22..2026-11-28")
    #expect(
      Self.range(Period.week(containing: Self.day("2026-11-23"), weekStart: 6, name: .dates))
        == "2026-11-22..2026-11-28")
    #expect(
      Period.week(containing: Self.day("2026-11-25"), weekStart: 6, name: .dates).from.readable == "Sun 22 Nov 2026")
  }

  /// For every week start and every day over a few years, the week starts on that weekday,
  /// contains the day and lasts seven days.
  @Test(arguments: 0..<7)
  func everyWeekStartOverSeveralYears(_ weekStart: Int) {
    var date = Self.day("2023-12-25")
    var mismatches = 0
    while date <= Self.day("2027-01-10") {
      let week = Period.week(containing: date, weekStart: weekStart, name: .dates)
      if week.from.weekday != weekStart || week.from > date || week.to < date || week.days != 7 {
        mismatches += 1
      }
      date = date.adding(days: 1)
    }
    #expect(mismatches == 0)
  }

  @Test func weekAcrossTheYearEnd() {
    // Thursday 31 Dec 2026: the Monday week runs Mon 28 Dec 2026 – Sun 3 Jan 2027.
    let week = Period.week(containing: Self.day("2026-12-31"), weekStart: 0, name: .dates)
    #expect(Self.range(week) == "2026-12-28..2027-01-03")
    #expect(Period.week(containing: Self.day("2027-01-03"), weekStart: 0, name: .dates) == week)
    #expect(Period.week(containing: Self.day("2027-01-04"), weekStart: 0, name: .dates).from == Self.day("2027-01-04"))
    // With Sunday first it is Sun 27 Dec – Sat 2 Jan.
    #expect(
      Self.range(Period.week(containing: Self.day("2026-12-31"), weekStart: 6, name: .dates))
        == "2026-12-27..2027-01-02")
    // Across a leap day: Thu 29 Feb 2024 is in Mon 26 Feb – Sun 3 Mar.
    #expect(
      Self.range(Period.week(containing: Self.day("2024-02-29"), weekStart: 0, name: .dates))
        == "2024-02-26..2024-03-03")
  }

  // MARK: Months and years

  @Test(arguments: [
    ("2026-11-29", "2026-11-01..2026-11-30", 30, "Nov 2026"), ("2026-12-01", "2026-12-01..2026-12-31", 31, "Dec 2026"),
    ("2026-01-31", "2026-01-01..2026-01-31", 31, "Jan 2026"), ("2026-04-15", "2026-04-01..2026-04-30", 30, "Apr 2026"),
    ("2024-02-10", "2024-02-01..2024-02-29", 29, "Feb 2024"), ("2025-02-28", "2025-02-01..2025-02-28", 28, "Feb 2025"),
    ("2000-02-01", "2000-02-01..2000-02-29", 29, "Feb 2000"), ("2100-02-01", "2100-02-01..2100-02-28", 28, "Feb 2100"),
  ])
  func monthEnds(_ inside: String, _ expected: String, _ days: Int, _ label: String) {
    let month = Period.month(containing: Self.day(inside))
    #expect(Self.range(month) == expected)
    #expect(month.days == days)
    #expect(month.name == .calendar(.month))  // said as `label` by the CLI (PeriodWordsTests)
  }

  @Test func leapDay() {
    #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
    #expect(LocalDate(year: 2025, month: 2, day: 29) == nil)
    let leap = Self.day("2024-02-29")
    #expect(Period.month(containing: leap).to == leap)
    #expect(leap.adding(days: 1) == Self.day("2024-03-01"))
    #expect(Self.day("2025-02-28").adding(days: 1) == Self.day("2025-03-01"))
    #expect(Period.day(leap).days == 1)
    #expect(Period.day(leap).name == .dates)  // answers name an unnamed day by its date
  }

  @Test func years() {
    let year = Period.year(2026)
    #expect(Self.range(year) == "2026-01-01..2026-12-31")
    #expect(year.days == 365)
    #expect(year.name == .calendar(.year))
    #expect(Period.year(2024).days == 366)
    #expect(Period.year(2026, name: .relative(0, .year)).name == .relative(0, .year))
  }

  // MARK: Previous periods

  @Test func previousOfAMonth() {
    let november = Period.month(containing: Self.day("2026-11-29"), name: .relative(0, .month))
    let october = november.previous
    #expect(Self.range(october) == "2026-10-01..2026-10-31")
    #expect(october.name == .calendar(.month))
    // Month lengths differ: the previous of March is the whole of February.
    #expect(Self.range(Period.month(containing: Self.day("2024-03-31")).previous) == "2024-02-01..2024-02-29")
    #expect(Self.range(Period.month(containing: Self.day("2025-03-01")).previous) == "2025-02-01..2025-02-28")
    #expect(Self.range(Period.month(containing: Self.day("2026-01-15")).previous) == "2025-12-01..2025-12-31")
    #expect(Self.range(Period.month(containing: Self.day("2026-05-31")).previous) == "2026-04-01..2026-04-30")
  }

  @Test func previousOfAYear() {
    #expect(Period.year(2026).previous == Period.year(2025))
    #expect(Period.year(2025).previous.days == 366)
    #expect(Period.year(2026, name: .relative(0, .year)).previous.name == .calendar(.year))
  }

  @Test func previousOfAnArbitraryRange() {
    // The same number of days just before.
    let week = Period.week(containing: Self.day("2026-11-29"), weekStart: 0, name: .relative(0, .week))
    #expect(Self.range(week.previous) == "2026-11-16..2026-11-22")
    let august = Period(from: Self.day("2026-08-01"), to: Self.day("2026-08-15"))
    #expect(Self.range(august.previous) == "2026-07-17..2026-07-31")
    #expect(august.previous.days == 15)
    let day = Period.day(Self.day("2026-03-01"))
    #expect(Self.range(day.previous) == "2026-02-28..2026-02-28")
    let thirty = Period(
      from: Self.day("2026-10-31"), to: Self.day("2026-11-29"), name: .trailing(count: 30, word: "days"))
    #expect(Self.range(thirty.previous) == "2026-10-01..2026-10-30")
    // Across a year end and a leap day.
    let newYear = Period(from: Self.day("2025-01-01"), to: Self.day("2025-01-10"))
    #expect(Self.range(newYear.previous) == "2024-12-22..2024-12-31")
    let leap = Period(from: Self.day("2024-03-01"), to: Self.day("2024-03-02"))
    #expect(Self.range(leap.previous) == "2024-02-28..2024-02-29")
    // Two whole months are not "a month": the previous is the same length (61 days), not the previous two months.
    let twoMonths = Period(from: Self.day("2026-03-01"), to: Self.day("2026-04-30"))
    #expect(twoMonths.previous.days == 61)
    #expect(twoMonths.previous.to == Self.day("2026-02-28"))
    // Part of a month is not a month either.
    let firstHalf = Period(from: Self.day("2026-11-01"), to: Self.day("2026-11-15"))
    #expect(Self.range(firstHalf.previous) == "2026-10-17..2026-10-31")
  }

  // MARK: Elapsed days

  @Test func elapsedDays() {
    let today = Self.day("2026-11-29")
    let november = Period.month(containing: today)
    #expect(november.elapsedDays(today: today) == 29)
    #expect(november.elapsedDays(today: Self.day("2026-11-01")) == 1)
    #expect(november.elapsedDays(today: Self.day("2026-10-31")) == 0)
    #expect(november.elapsedDays(today: Self.day("2027-03-01")) == 30)
    let week = Period.week(containing: today, weekStart: 0, name: .dates)
    #expect(week.elapsedDays(today: today) == 7)
    #expect(week.elapsedDays(today: Self.day("2026-11-25")) == 3)
    let sundayWeek = Period.week(containing: today, weekStart: 6, name: .dates)
    #expect(sundayWeek.elapsedDays(today: today) == 1)
    #expect(Period.year(2024).elapsedDays(today: Self.day("2024-03-01")) == 61)
    #expect(Period.year(2025).elapsedDays(today: today) == 365)
  }
}
