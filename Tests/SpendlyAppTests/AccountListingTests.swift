import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

/// `accounts`, called directly: each account's balance on a day, and the totals per currency
/// (a card's balance is owed, so it counts against the net worth).
@Suite("AccountListing: balances and the totals per currency")
struct AccountListingTests {
  @Test func balancesAndTotalsPerCurrencyCountACardAsOwed() throws {
    let world = try WorkflowWorld()
    let store = try world.session.store()
    try store.accounts.add(
      Account(
        name: "HDFC Savings", type: .savings, currency: .inr, opening: 5_000_000,
        openingDate: LocalDate(year: 2026, month: 11, day: 1), methods: ["UPI"]))
    try store.accounts.add(
      Account(
        name: "HDFC Regalia", type: .card, currency: .inr, opening: 200_000,
        openingDate: LocalDate(year: 2026, month: 11, day: 1)))
    try store.accounts.add(
      Account(
        name: "Chase", type: .current, currency: .usd, opening: 120_050,
        openingDate: LocalDate(year: 2026, month: 11, day: 1)))
    try world.expense(420, "Food", day: 2)
    let listing = try AccountListing(session: world.session).run()
    #expect(listing.asOf == world.session.today)
    #expect(listing.balances.map(\.account.name) == ["HDFC Savings", "HDFC Regalia", "Chase"])
    #expect(listing.balances.map(\.balance) == [5_000_000 - 42_000, 200_000, 120_050])
    let totals = listing.totals.map { "\($0.currency.code) \($0.assets) \($0.liabilities) \($0.netWorth)" }
    #expect(totals == ["INR 4958000 200000 4758000", "USD 120050 0 120050"])
    // Before the openings, nothing is there yet.
    let before = try AccountListing(
      session: world.session, request: .init(asOf: LocalDate(year: 2026, month: 10, day: 1))
    )
    .run()
    #expect(before.balances.map(\.balance) == [0, 0, 0])
  }

  @Test func noAccountsListNothing() throws {
    let listing = try AccountListing(session: try WorkflowWorld().session).run()
    #expect(listing.balances.isEmpty && listing.totals.isEmpty)
  }

  @Test func aTotalThatDoesNotFitIsRefusedNotCapped() throws {
    let world = try WorkflowWorld()
    for name in ["One", "Two"] {
      try world.session.store().accounts.add(
        Account(
          name: name, type: .savings, currency: .inr, opening: Int64.max / 2 + 1,
          openingDate: LocalDate(year: 2026, month: 11, day: 1)))
    }
    #expect(throws: AccountListing.Refusal.self) { try AccountListing(session: world.session).run() }
  }
}
