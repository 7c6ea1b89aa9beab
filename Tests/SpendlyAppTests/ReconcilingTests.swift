import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

@Suite("Reconciling: a statement balance beside the computed one")
struct ReconcilingTests {
  static let savings = Account(
    name: "HDFC Savings", type: .savings, currency: .inr, opening: 5_000_000,
    openingDate: LocalDate(year: 2026, month: 11, day: 1), methods: ["UPI"])

  @Test func theStatementIsRecordedBesideTheBalanceForItsDay() throws {
    let world = try WorkflowWorld()
    try world.session.store().accounts.add(Self.savings)
    try world.session.store().transactions.add(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: 42_000, currency: .inr), category: "Food", method: "UPI",
        date: LocalDate(year: 2026, month: 11, day: 5)!, account: "HDFC Savings"))
    let day = LocalDate(year: 2026, month: 11, day: 20)!
    let request = Reconciling.Request(
      account: Self.savings, balance: Money(minorUnits: 4_950_000, currency: .inr), date: day)
    let outcome = try Reconciling(session: world.session, request: request).run()
    #expect(outcome.computed == 4_958_000)
    #expect(outcome.statement.amount == 4_950_000 && outcome.statement.asOf == day)
    #expect(try world.session.store().accounts.statements("HDFC Savings").map(\.amount) == [4_950_000])
  }

  @Test func aBalanceInAnotherCurrencyOrOfADayToComeIsRefused() throws {
    let world = try WorkflowWorld()
    try world.session.store().accounts.add(Self.savings)
    let dollars = Reconciling.Request(
      account: Self.savings, balance: Money(minorUnits: 100, currency: .usd), date: world.session.today)
    #expect {
      try Reconciling(session: world.session, request: dollars).run()
    } throws: { error in
      guard case .wrongCurrency = error as? Reconciling.Refusal else { return false }
      return true
    }
    let tomorrow = Reconciling.Request(
      account: Self.savings, balance: Money(minorUnits: 100, currency: .inr), date: world.session.today.adding(days: 1))
    #expect {
      try Reconciling(session: world.session, request: tomorrow).run()
    } throws: { error in
      guard case .notYet = error as? Reconciling.Refusal else { return false }
      return true
    }
    #expect(try world.session.store().accounts.statements("HDFC Savings").isEmpty)
  }
}

@Suite("AccountKeeping: accounts added, renamed, closed and edited")
struct AccountKeepingTests {
  @Test func anAccountIsNotClosedBeforeItsLastEntryAndIsOnTheDayAfter() throws {
    let world = try WorkflowWorld()
    let keeping = AccountKeeping(session: world.session)
    let added = try keeping.add(ReconcilingTests.savings)
    #expect(added.name == "HDFC Savings")
    try world.session.store().transactions.add(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: 42_000, currency: .inr), category: "Food", method: "UPI",
        date: LocalDate(year: 2026, month: 11, day: 15)!, account: "HDFC Savings"))
    do {
      _ = try keeping.close(added, on: LocalDate(year: 2026, month: 11, day: 10)!)
      Issue.record("closed before its entries")
    } catch {
      guard case .entriesAfter(1, _) = error else { Issue.record("refused as \(error)"); return }
    }
    let closed = try keeping.close(added, on: LocalDate(year: 2026, month: 11, day: 15)!)
    guard case .accountClosed(_, "HDFC Savings", "2026-11-15") = closed else {
      Issue.record("closed as \(closed)")
      return
    }
    #expect(try world.session.store().accounts.account(named: "HDFC Savings")?.closedOn != nil)
  }

  @Test func aRenameAndAnEditAreStoredAndAnEditOfNothingChangesNothing() throws {
    let world = try WorkflowWorld()
    let keeping = AccountKeeping(session: world.session)
    let added = try keeping.add(ReconcilingTests.savings)
    let renamed = try keeping.rename(added, to: "Salary Account")
    #expect(try world.session.store().accounts.account(named: "Salary Account") != nil)
    #expect(try keeping.edit(renamed, to: renamed) == nil)
    var changed = renamed
    changed.institution = "HDFC Bank"
    #expect(try keeping.edit(renamed, to: changed)?.institution == "HDFC Bank")
  }
}

@Suite("BalanceReading: an account's balances over a span")
struct BalanceReadingTests {
  @Test func theSpanStartsAtTheOpeningAndTheStatementsCarryTheirComputedBalance() throws {
    let world = try WorkflowWorld()
    try world.session.store().accounts.add(ReconcilingTests.savings)
    try world.session.store().transactions.add(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: 42_000, currency: .inr), category: "Food", method: "UPI",
        date: LocalDate(year: 2026, month: 11, day: 5)!, account: "HDFC Savings"))
    let day = LocalDate(year: 2026, month: 11, day: 20)!
    let statement = Money(minorUnits: 4_950_000, currency: .inr)
    let reconciling = Reconciling.Request(account: ReconcilingTests.savings, balance: statement, date: day)
    _ = try Reconciling(session: world.session, request: reconciling).run()
    let outcome = try BalanceReading(session: world.session, request: .init(account: ReconcilingTests.savings)).run()
    #expect(outcome.from == LocalDate(year: 2026, month: 11, day: 1) && outcome.to == world.session.today)
    #expect(outcome.step == .day && outcome.points.last?.balance == 4_958_000)
    #expect(outcome.statements.map(\.computed) == [4_958_000])
    #expect(outcome.statements.allSatisfy { outcome.inSpan($0.statement) })
    let backwards = BalanceReading.Request(
      account: ReconcilingTests.savings, from: LocalDate(year: 2026, month: 11, day: 20), to: day.adding(days: -5))
    #expect(throws: BalanceReading.Refusal.self) {
      try BalanceReading(session: world.session, request: backwards).run()
    }
  }
}
