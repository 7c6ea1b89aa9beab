import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

/// A plain CSV (no Account Type column) types each account it makes from the methods used
/// with it over the whole file: a Credit Card row makes a card even when an earlier row made
/// the account from its name alone. An account stored before the import keeps its type.
@Suite("SpendlyFileImporting: account types told from the whole file")
struct CSVAccountTypeTests {
  static func importing(_ world: WorkflowWorld, _ text: String) throws -> SpendlyFileImporting.Outcome {
    let path = try world.file("plain.csv", text)
    return try SpendlyFileImporting(session: world.session, request: .init(path: path)).run(.csv)
  }

  @Test func aLaterCreditCardRowMakesAnAccountMadeByATransferEndACard() throws {
    let world = try WorkflowWorld()
    try world.session.store().accounts.add(
      Account(name: "HDFC Savings", type: .savings, currency: .inr, methods: ["UPI"]))
    let outcome = try Self.importing(
      world,
      """
      Date,Type,Amount,Category,Payment Method,Account
      2026-11-01,transfer,2000,Transfer,Bank Transfer,HDFC Savings → HDFC Regalia
      2026-11-02,expense,150,Food,UPI,Cafe Account
      2026-11-03,expense,999,Shopping,Credit Card,HDFC Regalia
      2026-11-04,expense,45,Food,Credit Card,HDFC Savings

      """)
    guard case .added(let result) = outcome.effect else { Issue.record("not added: \(outcome.effect)"); return }
    #expect(result.added == 4)
    let made = outcome.createdAccounts.map { "\($0.name): \($0.type.rawValue)" }
    #expect(made == ["HDFC Regalia: card", "Cafe Account: savings"])
    guard case .method(let method)? = outcome.createdAccounts.first?.source else {
      Issue.record("told from \(String(describing: outcome.createdAccounts.first?.source))")
      return
    }
    #expect(method == "Credit Card")
    #expect(result.createdAccounts.map(\.type) == [.card, .savings], "the store's result has the types it ended with")
    let store = try world.session.store()
    #expect(try store.accounts.account(named: "HDFC Regalia")?.type == .card)
    #expect(try store.accounts.account(named: "HDFC Savings")?.type == .savings, "an account stored before stays")
  }

  @Test func theFilesOrderDoesNotChangeTheType() throws {
    let rows = [
      "2026-11-01,expense,10,Food,UPI,Amex Gold",
      "2026-11-02,expense,20,Food,Credit Card,Amex Gold",
      "2026-11-03,expense,30,Food,Cash,Amex Gold",
    ]
    for order in [rows, rows.reversed()] {
      let world = try WorkflowWorld()
      let outcome = try Self.importing(
        world, (["Date,Type,Amount,Category,Payment Method,Account"] + order).joined(separator: "\n") + "\n")
      #expect(outcome.createdAccounts.map(\.type) == [.card], "\(order)")
      #expect(try world.session.store().accounts.account(named: "Amex Gold")?.type == .card)
    }
  }

  @Test func aTypeTheFileGivesIsKept() throws {
    let world = try WorkflowWorld()
    let outcome = try Self.importing(
      world,
      """
      Date,Type,Amount,Category,Payment Method,Account,Account Type
      2026-11-01,expense,10,Food,UPI,Family Purse,wallet
      2026-11-02,expense,20,Food,Credit Card,Family Purse,

      """)
    #expect(outcome.createdAccounts.map(\.type) == [.wallet])
    #expect(try world.session.store().accounts.account(named: "Family Purse")?.type == .wallet)
  }
}
