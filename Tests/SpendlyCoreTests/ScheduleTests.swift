import SpendlyCore
import Testing

/// What is due: one occurrence a billing period until a charge is linked into it; skips,
/// pauses, ends and price changes.
@Suite("Core: schedules and what is due")
struct ScheduleTests {
  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  static func netflix(_ anchor: String = "2026-01-31") -> Schedule {
    Schedule(
      id: 1,
      fields: TransactionFields(
        kind: .expense, amount: Money(minorUnits: 64_900, currency: .inr), category: "Entertainment",
        method: "Credit Card", merchant: "Netflix", date: day(anchor)),
      cadence: .monthly)
  }

  static func dates(_ list: [LocalDate]) -> [String] { list.map(\.description) }

  /// Away for three months: three charges, one a period, oldest first.
  @Test func dueAfterAGap() {
    let due = Self.netflix().due(today: Self.day("2026-04-29"), linked: [])
    #expect(Self.dates(due) == ["2026-01-31", "2026-02-28", "2026-03-31"])
    // The day of an occurrence is due that day.
    #expect(Self.dates(Self.netflix().due(today: Self.day("2026-04-30"), linked: [])).last == "2026-04-30")
    #expect(Self.netflix().due(today: Self.day("2026-01-30"), linked: []).isEmpty)
  }

  /// A charge on any day of a period logs that period, and only that one.
  @Test func aLinkedChargeLogsItsPeriod() {
    let schedule = Self.netflix()
    let today = Self.day("2026-04-29")
    #expect(Self.dates(schedule.due(today: today, linked: [Self.day("2026-03-05")])) == ["2026-01-31", "2026-03-31"])
    // On the boundary: the 28 Feb charge belongs to the period that starts that day.
    #expect(Self.dates(schedule.due(today: today, linked: [Self.day("2026-02-28")])) == ["2026-01-31", "2026-03-31"])
    #expect(Self.dates(schedule.due(today: today, linked: [Self.day("2026-02-27")])) == ["2026-02-28", "2026-03-31"])
    let all = [Self.day("2026-01-31"), Self.day("2026-02-28"), Self.day("2026-03-31")]
    #expect(schedule.due(today: today, linked: all).isEmpty)
  }

  @Test func skipsPausesAndEnds() {
    var schedule = Self.netflix()
    schedule.skips = [Self.day("2026-02-28")]
    #expect(Self.dates(schedule.due(today: Self.day("2026-04-29"), linked: [])) == ["2026-01-31", "2026-03-31"])
    #expect(schedule.next(after: Self.day("2026-02-01")) == Self.day("2026-03-31"))
    schedule.pausedSince = Self.day("2026-03-15")
    #expect(Self.dates(schedule.due(today: Self.day("2026-06-29"), linked: [])) == ["2026-01-31"])
    // Paused on a due day: that day's date had come due, and stays due.
    schedule.pausedSince = Self.day("2026-03-31")
    #expect(Self.dates(schedule.due(today: Self.day("2026-06-29"), linked: [])) == ["2026-01-31", "2026-03-31"])
    schedule.pausedSince = nil
    schedule.end = Self.day("2026-04-15")
    #expect(Self.dates(schedule.due(today: Self.day("2026-06-29"), linked: [])) == ["2026-01-31", "2026-03-31"])
    #expect(schedule.next(after: Self.day("2026-04-01")) == nil)
  }

  /// A price change from a date: earlier periods keep the old amount.
  @Test func priceChangesFromADate() {
    var schedule = Self.netflix()
    schedule.prices = [Schedule.PriceChange(from: Self.day("2026-03-01"), minorUnits: 69_900)]
    #expect(schedule.amount(on: Self.day("2026-02-28")).minorUnits == 64_900)
    #expect(schedule.amount(on: Self.day("2026-03-31")).minorUnits == 69_900)
    #expect(schedule.charge(on: Self.day("2026-03-31")).amount.minorUnits == 69_900)
    #expect(schedule.charge(on: Self.day("2026-03-31")).recurringID == 1)
    #expect(schedule.charge(on: Self.day("2026-03-31")).date == Self.day("2026-03-31"))
    #expect(schedule.monthlyEquivalent(on: Self.day("2026-01-31")).minorUnits == 64_900)
  }

  /// A daily schedule anchored long ago stays bounded.
  @Test func dueIsBounded() {
    var schedule = Self.netflix("1990-01-01")
    schedule.cadence = .daily
    #expect(schedule.due(today: Self.day("2026-12-01"), linked: []).count == Schedule.dueLimit)
  }
}
