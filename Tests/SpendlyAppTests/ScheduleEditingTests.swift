import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

/// `recurring edit`, called directly: fields and a price from a day changed, an unchanged value
/// said so, and a refused request (another currency, a day without an amount) writes nothing.
@Suite("ScheduleEditing: a schedule's fields and price")
struct ScheduleEditingTests {
  static func netflix(_ world: WorkflowWorld) throws -> Schedule {
    try ScheduleSaving(session: world.session).save(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: 64_900, currency: .inr), category: "Entertainment",
        method: "Credit Card", merchant: "Netflix", date: LocalDate(year: 2026, month: 10, day: 5)!),
      cadence: .monthly
    ).schedule
  }

  static func editing(_ world: WorkflowWorld, _ schedule: Schedule, _ change: (inout ScheduleEditing.Request) -> Void)
    throws(ScheduleEditing.Refusal) -> ScheduleEditing.Outcome
  {
    var request = ScheduleEditing.Request()
    change(&request)
    return try ScheduleEditing(session: world.session, schedule: schedule, request: request).run()
  }

  @Test func fieldsAndAPriceChangeAndTheSameValuesChangeNothing() throws {
    let world = try WorkflowWorld()
    let schedule = try Self.netflix(world)
    let december = LocalDate(year: 2026, month: 12, day: 1)!
    let edited = try Self.editing(world, schedule) {
      $0.name = "Netflix Premium"
      $0.amount = Money(minorUnits: 69_900, currency: .inr)
      $0.from = december
    }
    #expect(edited.editedFields && edited.price?.amount.minorUnits == 69_900 && edited.price?.from == december)
    let stored = try #require(try world.session.store().schedules.schedule(id: schedule.id))
    #expect(stored.name == "Netflix Premium" && stored.amount(on: december).minorUnits == 69_900)
    #expect(stored.amount(on: LocalDate(year: 2026, month: 11, day: 5)!).minorUnits == 64_900)

    let same = try Self.editing(world, stored) {
      $0.amount = Money(minorUnits: 69_900, currency: .inr)
      $0.from = december
    }
    #expect(!same.editedFields && same.price == nil && same.amountUnchanged?.minorUnits == 69_900)
    let named = try Self.editing(world, stored) { $0.name = "Netflix Premium" }
    #expect(named.alreadySo && !named.editedFields && named.price == nil)
  }

  @Test func aRefusedEditWritesNothing() throws {
    let world = try WorkflowWorld()
    let schedule = try Self.netflix(world)
    let changes = try world.session.store().changeLog().count
    #expect(throws: ScheduleEditing.Refusal.self) {
      try Self.editing(world, schedule) {
        $0.category = "Shopping"
        $0.amount = Money(minorUnits: 1_000, currency: .usd)
      }
    }
    #expect(throws: ScheduleEditing.Refusal.self) {
      try Self.editing(world, schedule) {
        $0.note = "family plan"
        $0.from = LocalDate(year: 2026, month: 12, day: 1)
      }
    }
    #expect(throws: ScheduleEditing.Refusal.self) { try Self.editing(world, schedule) { _ in } }
    #expect(try world.session.store().changeLog().count == changes)
    #expect(try world.session.store().schedules.schedule(id: schedule.id)?.fields == schedule.fields)
  }
}

/// `recurring add`'s phrase, read directly: a schedule when it says how often and has every
/// field; refused, saying why, when it does not.
@Suite("ScheduleReading: a phrase as a schedule")
struct ScheduleReadingTests {
  @Test func aPhraseWithACadenceIsAScheduleAndOneWithoutIsRefused() throws {
    let world = try WorkflowWorld()
    let reading = ScheduleReading(parser: try world.session.phraseParser())
    let netflix = try reading.read("netflix 649 monthly from 31 jan cc", now: world.session.now)
    #expect(netflix.cadence == .monthly && netflix.entry.merchant == "Netflix")
    #expect(netflix.anchor == LocalDate(year: 2026, month: 1, day: 31))
    #expect(throws: ScheduleReading.Refusal.noCadence) { try reading.read("rent 25000", now: world.session.now) }
  }
}
