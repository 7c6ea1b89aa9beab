import SpendlyCore
import Testing

@testable import SpendlyCLI

/// Periods carry what they were called as facts (`PeriodName`); the CLI alone words them. Each
/// name is said here as answers and JSON `label`s have always said it.
@Suite("spendly: a period's name in words")
struct PeriodWordsTests {
  static func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

  @Test(arguments: [
    ("2026-11-29", "Nov 2026"), ("2024-02-10", "Feb 2024"), ("2100-02-01", "Feb 2100"), ("2026-01-31", "Jan 2026"),
  ])
  func calendarMonths(_ inside: String, _ words: String) {
    #expect(Period.month(containing: Self.day(inside)).label == words)
  }

  @Test func calendarQuartersAndYearsAndTheirPrevious() {
    #expect(Period.quarter(containing: Self.day("2025-05-09")).label == "Q2 2025")
    #expect(Period.year(2026).label == "2026")
    #expect(Period.year(2026, name: .relative(0, .year)).previous.label == "2025")
    #expect(Period.month(containing: Self.day("2026-11-29"), name: .relative(0, .month)).previous.label == "Oct 2026")
    let august = Period(from: Self.day("2026-08-01"), to: Self.day("2026-08-15"))
    #expect(august.label == "")
    #expect(august.previous.label == "Fri 17 Jul 2026 – Fri 31 Jul 2026")
  }

  @Test(arguments: [
    (PeriodName.relative(0, .week), "this week"), (.relative(-1, .month), "last month"),
    (.relative(1, .quarter), "next quarter"), (.relative(-1, .year), "last year"),
    (.trailing(count: 30, word: "days"), "last 30 days"), (.ago(count: 3, word: "days"), "3 days ago"),
    (.lastWeekday(word: "fri"), "last fri"), (.today, "today"), (.yesterday, "yesterday"),
    (.monthToDate, "month to date"), (.since, "since"), (.allYears, "all years"),
    (.sameDaysLastMonth, "same days last month"), (.toDate(.relative(0, .month)), "this month to date"),
    (.sameDays(of: .relative(-1, .year)), "same days of last year"),
    (.sameDays(of: .calendar(.month)), "same days of Oct 2026"),
  ])
  func namedPeriods(_ name: PeriodName, _ words: String) {
    #expect(Period(from: Self.day("2026-10-01"), to: Self.day("2026-10-31"), name: name).label == words)
  }

  @Test func namesReadFromTheirDays() {
    let history = Period(from: Self.day("2025-12-03"), to: Self.day("2026-11-29"), name: .wholeHistory)
    #expect(history.label == "since Wed 3 Dec 2025")
    let twelve = Period(from: Self.day("2025-12-01"), to: Self.day("2026-11-30"), name: .twelveMonths)
    #expect(twelve.label == "12 months to Nov 2026")
  }
}
