import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

@Suite("Schedules: saved, matched by a typed entry, and due charges logged")
struct ScheduleWorkflowTests {
  static func netflix(day: Int) -> TransactionFields {
    TransactionFields(
      kind: .expense, amount: Money(minorUnits: 64_900, currency: .inr), category: "Entertainment",
      method: "Credit Card", merchant: "Netflix", date: LocalDate(year: 2026, month: 10, day: day)!)
  }

  @Test func dueChargesAreLoggedAsOneChangeAndThenNothingIsDue() throws {
    let world = try WorkflowWorld()
    let saving = ScheduleSaving(session: world.session)
    let saved = try saving.save(Self.netflix(day: 5), cadence: .monthly)
    #expect(saved.schedule.name == "Netflix" && saved.linked == 0)
    #expect(saved.next == LocalDate(year: 2026, month: 12, day: 5))
    let logging = DueLogging(session: world.session)
    let due = try logging.due()
    #expect(due.map(\.date) == [LocalDate(year: 2026, month: 10, day: 5)!, LocalDate(year: 2026, month: 11, day: 5)!])
    let logged = try logging.log(due)
    guard case .recurringLogged(let charges, 0) = logged.fact, charges.map(\.count) == [2] else {
      Issue.record("logged as \(logged.fact)")
      return
    }
    #expect(logged.transactionIDs.count == 2)
    #expect(try world.count() == 2)
    #expect(try logging.due().isEmpty)
  }

  @Test func aBudgetTheChargesPassIsAmongWhatTheyDid() throws {
    let world = try WorkflowWorld()
    _ = try BudgetSetting(
      session: world.session,
      request: BudgetSetting.Request(
        category: "Entertainment", currency: .inr, limit: 70_000, scope: .from,
        month: YearMonth(year: 2026, month: 10)!)
    ).run()
    _ = try ScheduleSaving(session: world.session).save(Self.netflix(day: 5), cadence: .monthly)
    let logging = DueLogging(session: world.session)
    let logged = try logging.log(try logging.due())
    let changes = try logged.budgets.get()
    #expect(changes.map(\.status.month) == [YearMonth(year: 2026, month: 10)!, YearMonth(year: 2026, month: 11)!])
    #expect(changes.allSatisfy { $0.crossing == .warning && $0.status.spent == 64_900 })
  }

  @Test func anEntryTypedByHandIsMatchedToTheScheduleItsPeriodIsDueIn() throws {
    let world = try WorkflowWorld()
    let saving = ScheduleSaving(session: world.session)
    let saved = try saving.save(Self.netflix(day: 5), cadence: .monthly)
    let amount = Money(minorUnits: 64_900, currency: .inr)
    let match = saving.matching(
      kind: .expense, amount: amount, merchant: "Netflix", note: nil, category: nil,
      date: LocalDate(year: 2026, month: 11, day: 6)!)
    #expect(match?.schedule.id == saved.schedule.id)
    #expect(match?.occurrence == LocalDate(year: 2026, month: 11, day: 5))
    #expect(
      saving.matching(
        kind: .expense, amount: amount, merchant: "Spotify", note: nil, category: nil,
        date: LocalDate(year: 2026, month: 11, day: 6)!) == nil)
  }
}

@Suite("ScheduleChanging: skip, pause, resume, end and delete")
struct ScheduleChangingTests {
  @Test func aSkippedPeriodIsNoLongerDueAndADayOfNoPeriodIsRefusedWithTheNearest() throws {
    let world = try WorkflowWorld()
    let saving = ScheduleSaving(session: world.session)
    let saved = try saving.save(ScheduleWorkflowTests.netflix(day: 5), cadence: .monthly)
    let changing = ScheduleChanging(session: world.session, schedule: saved.schedule)
    #expect(try changing.run(.skip(nil)) == .skipped(LocalDate(year: 2026, month: 10, day: 5)!))
    #expect(try DueLogging(session: world.session).due().map(\.date) == [LocalDate(year: 2026, month: 11, day: 5)!])
    do {
      _ = try changing.run(.skip(LocalDate(year: 2026, month: 11, day: 9)!))
      Issue.record("skipped a day of no period")
    } catch {
      guard case .notADate(_, let nearest) = error else { Issue.record("refused as \(error)"); return }
      #expect(nearest == [LocalDate(year: 2026, month: 11, day: 5)!, LocalDate(year: 2026, month: 12, day: 5)!])
    }
  }

  @Test func aScheduleIsPausedResumedEndedAndDeleted() throws {
    let world = try WorkflowWorld()
    let saving = ScheduleSaving(session: world.session)
    let saved = try saving.save(ScheduleWorkflowTests.netflix(day: 5), cadence: .monthly)
    let changing = ScheduleChanging(session: world.session, schedule: saved.schedule)
    #expect(try changing.run(.pause) == .paused(stillDue: 2), "5 Oct and 5 Nov came before the pause")
    #expect(try world.session.store().schedules.schedule(id: saved.schedule.id)?.isPaused == true)
    guard case .resumed = try changing.run(.resume) else { Issue.record("not resumed"); return }
    let last = LocalDate(year: 2027, month: 3, day: 31)!
    #expect(try changing.run(.end(last)) == .ended(last))
    #expect(try changing.run(.delete) == .deleted)
    #expect(try world.session.store().schedules.schedule(id: saved.schedule.id) == nil)
  }
}
