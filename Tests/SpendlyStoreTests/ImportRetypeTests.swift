import SpendlyCore
import Testing

@testable import SpendlyStore

/// An import may retype an account it made itself (a later row of the file tells its type
/// better), within its one change; an account stored before the import is never retyped.
@Suite("Store: an import retypes only the accounts it made")
struct ImportRetypeTests {
  @Test func anAccountTheImportMadeIsRetypedAndOneUndoTakesItAllBack() throws {
    try withStore(.memory) { store, _ in
      try store.accounts.add(Account(name: "HDFC Savings", type: .savings, currency: .inr))
      let changes = try store.changeLog().count
      let result = try store.transactions.importStream(file: ImportFact(file: "t.csv", format: .csv), dryRun: false) {
        stream in
        try stream.createAccount(Account(name: "HDFC Regalia", type: .savings, currency: .inr))
        #expect(try stream.retypeCreatedAccount("hdfc regalia", to: .card))
        #expect(stream.currentCatalog.account(named: "HDFC Regalia")?.type == .card)
        // The same type again, and an account that was there before: nothing changes.
        #expect(try !stream.retypeCreatedAccount("HDFC Regalia", to: .card))
        #expect(try !stream.retypeCreatedAccount("HDFC Savings", to: .card))
        _ = try stream.add(
          TransactionFields(
            kind: .expense, amount: Money(minorUnits: 99_900, currency: .inr), category: "Shopping",
            method: "Credit Card", date: LocalDate(year: 2026, month: 11, day: 3)!, account: "HDFC Regalia"))
      }
      #expect(result.createdAccounts.map(\.name) == ["HDFC Regalia"])
      #expect(result.createdAccounts.map(\.type) == [.card])
      #expect(try store.accounts.account(named: "HDFC Regalia")?.type == .card)
      #expect(try store.accounts.account(named: "HDFC Savings")?.type == .savings)
      #expect(try store.changeLog().count == changes + 1, "the retype is part of the import's one change")
      _ = try store.undo()
      #expect(try store.accounts.account(named: "HDFC Regalia") == nil)
      #expect(try store.transactions.count() == 0)
      _ = try store.redo()
      #expect(try store.accounts.account(named: "HDFC Regalia")?.type == .card)
      #expect(try store.transactions.count() == 1)
    }
  }
}
