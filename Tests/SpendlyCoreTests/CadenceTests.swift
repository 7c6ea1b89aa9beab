import SpendlyCore
import Testing

/// Occurrence n is the anchor plus n steps, clamped to the month: month ends, Feb 29, year
/// ends, and 1,200 months with no drift.
@Suite("Core: cadences")
struct CadenceTests {
  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  static func dates(_ cadence: Cadence, _ anchor: String, _ count: Int) -> [String] {
    (0..<count).map { cadence.date(occurrence: $0, anchor: day(anchor)).description }
  }

  /// Month-based cadences from anchors on the 28th to the 31st, Feb 29, and across year ends.
  @Test(arguments: [
    (Cadence.monthly, "2025-01-31", ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31"]),
    (.monthly, "2025-01-30", ["2025-01-30", "2025-02-28", "2025-03-30", "2025-04-30", "2025-05-30"]),
    (.monthly, "2024-01-29", ["2024-01-29", "2024-02-29", "2024-03-29", "2024-04-29", "2024-05-29"]),
    (.monthly, "2025-01-28", ["2025-01-28", "2025-02-28", "2025-03-28", "2025-04-28", "2025-05-28"]),
    (.monthly, "2025-11-30", ["2025-11-30", "2025-12-30", "2026-01-30", "2026-02-28", "2026-03-30"]),
    (.quarterly, "2025-11-30", ["2025-11-30", "2026-02-28", "2026-05-30", "2026-08-30", "2026-11-30"]),
    (.quarterly, "2023-11-30", ["2023-11-30", "2024-02-29", "2024-05-30", "2024-08-30", "2024-11-30"]),
    (.semiannual, "2025-08-31", ["2025-08-31", "2026-02-28", "2026-08-31", "2027-02-28", "2027-08-31"]),
    (.annual, "2024-02-29", ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]),
    (.annual, "2025-08-14", ["2025-08-14", "2026-08-14", "2027-08-14", "2028-08-14", "2029-08-14"]),
    (.weekly, "2025-12-26", ["2025-12-26", "2026-01-02", "2026-01-09", "2026-01-16", "2026-01-23"]),
    (.biweekly, "2025-12-19", ["2025-12-19", "2026-01-02", "2026-01-16", "2026-01-30", "2026-02-13"]),
    (.daily, "2024-02-28", ["2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02", "2024-03-03"]),
    (.daily, "2025-12-30", ["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03"]),
  ])
  func occurrences(_ cadence: Cadence, _ anchor: String, _ expected: [String]) {
    #expect(Self.dates(cadence, anchor, expected.count) == expected)
    // The window function agrees with occurrence n.
    let window = cadence.occurrences(from: Self.day(anchor), to: Self.day(expected.last!), anchor: Self.day(anchor))
    #expect(window.map(\.description) == expected)
  }

  /// 31 Jan 2025 monthly: 2025-02-28, 2025-03-31, 2025-04-30, … and 2028-02-29.
  @Test func theThirtyFirstOfJanuary() {
    let anchor = Self.day("2025-01-31")
    #expect(Cadence.monthly.date(occurrence: 37, anchor: anchor).description == "2028-02-29")
    #expect(Cadence.monthly.date(occurrence: 38, anchor: anchor).description == "2028-03-31")
  }

  /// 1,200 months compared one by one with the anchor plus n months, clamped: no drift, and
  /// the look-ups (latest, next, period) agree with occurrence n on every boundary.
  @Test(arguments: ["2000-01-31", "2000-02-29", "2001-03-30", "2003-05-28", "1999-12-31"])
  func twelveHundredMonthsWithoutDrift(_ anchorText: String) {
    let anchor = Self.day(anchorText)
    for cadence in [Cadence.monthly, .quarterly, .semiannual, .annual] {
      let months = cadence == .monthly ? 1 : cadence == .quarterly ? 3 : cadence == .semiannual ? 6 : 12
      var previous = anchor
      for n in 0..<(1200 / months) {
        let expected: LocalDate = {
          let index = anchor.year * 12 + anchor.month - 1 + n * months
          let year = index / 12
          let month = index % 12 + 1
          return LocalDate(year: year, month: month, day: min(anchor.day, LocalDate.daysIn(month: month, year: year)))!
        }()
        let got = cadence.date(occurrence: n, anchor: anchor)
        #expect(got == expected, "\(cadence) \(anchorText) n=\(n)")
        #expect(cadence.latest(onOrBefore: got, anchor: anchor) == got)
        if n > 0 {
          #expect(cadence.latest(onOrBefore: got.adding(days: -1), anchor: anchor) == previous)
          #expect(cadence.next(after: previous, anchor: anchor) == got)
          #expect(cadence.billingPeriod(containing: got.adding(days: -1), anchor: anchor)! == (previous, got))
        }
        previous = got
      }
    }
  }

  /// A date on a boundary starts the period; the day before ends the one before it.
  @Test func billingPeriodsOnBoundaries() {
    let anchor = Self.day("2025-01-31")
    let period = { (date: String) in
      Cadence.monthly.billingPeriod(containing: Self.day(date), anchor: anchor).map { "\($0.start)..<\($0.end)" }
    }
    #expect(period("2025-01-30") == nil)
    #expect(period("2025-01-31") == "2025-01-31..<2025-02-28")
    #expect(period("2025-02-27") == "2025-01-31..<2025-02-28")
    #expect(period("2025-02-28") == "2025-02-28..<2025-03-31")
    #expect(period("2025-03-30") == "2025-02-28..<2025-03-31")
    #expect(period("2025-03-31") == "2025-03-31..<2025-04-30")
    #expect(
      Cadence.weekly.next(after: Self.day("2025-01-01"), anchor: Self.day("2025-03-01")) == Self.day("2025-03-01"))
  }

  @Test(arguments: [
    (Cadence.weekly, Int64(10_000), Int64(43_333)), (.biweekly, 200_000, 433_333), (.daily, 1_000, 30_417),
    (.quarterly, 300_000, 100_000), (.monthly, 64_900, 64_900), (.semiannual, 100, 17), (.annual, 1_200_000, 100_000),
  ])
  func monthlyEquivalents(_ cadence: Cadence, _ minor: Int64, _ monthly: Int64) {
    #expect(cadence.monthlyEquivalent(Money(minorUnits: minor, currency: .inr)).minorUnits == monthly)
  }

  /// Half away from zero, at the currency's own exponent (yen have none).
  @Test func roundingIsHalfAwayFromZero() {
    #expect(Cadence.semiannual.monthlyEquivalent(Money(minorUnits: 3, currency: .jpy)).minorUnits == 1)  // 0.5 → 1
    #expect(Cadence.weekly.monthlyEquivalent(Money(minorUnits: 3, currency: .jpy)).minorUnits == 13)  // 13.0
    #expect(Cadence.quarterly.monthlyEquivalent(Money(minorUnits: 2, currency: .usd)).minorUnits == 1)  // 0.67 → 1
  }
}
