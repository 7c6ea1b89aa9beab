import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// A restore's read-back check is set-wise (`RestoreCheck`); it must refuse exactly what checking
/// every row in order refuses, naming the same row and field.
@Suite("Store: a restore's set-wise read-back check")
struct RestoreCheckTests {
  @Test func everyStoredColumnIsCheckedOneWay() {
    for accounts in [false, true] {
      #expect(
        Set(RestoreCheck.parts(accounts: accounts).keys)
          == Set(TransactionColumns.names + ["created_at", "updated_at"]))
      #expect(TransactionColumns.names.allSatisfy { TransactionColumns.selectedPlace(of: $0) != nil })
    }
    #expect(RestoreCheck.parts(accounts: true)["date"] == .shape)
    #expect(RestoreCheck.parts(accounts: false)["date"] == .distinct)
  }

  /// Rows of several shapes: expenses and income, text that is plain and text that is not.
  static func seed(_ store: Store, accounts: Bool) throws {
    if accounts {
      try store.accounts.add(
        Account(name: "HDFC Savings", type: .savings, currency: .inr, methods: ["UPI", "Debit Card"]))
      try store.accounts.add(Account(name: "Wallet", type: .wallet, currency: .inr, methods: ["Cash"]))
    }
    let merchants: [String?] = ["Social", "Café Noir", nil, "किराना स्टोर", "Blue Tokai"]
    for index in 0..<12 {
      var fields = expense(
        Int64(10 + index), ["Food", "Groceries", "Travel"][index % 3], method: ["UPI", "Cash"][index % 2],
        merchant: merchants[index % merchants.count], note: index % 4 == 0 ? "first line\nsecond" : nil,
        date: "2026-11-\(10 + index)", time: index % 3 == 0 ? nil : "1\(index % 10):05")
      if index == 5 { fields.foreignAmount = Money(minorUnits: 1_250, currency: .usd) }
      try store.transactions.add(fields)
    }
    try store.transactions.add(income(50_000))
  }

  /// What a check says: the error it throws, or "passes".
  static func outcome(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "passes"
    } catch {
      return "\(error)"
    }
  }

  static let damages: [String] = [
    "",
    "UPDATE transactions SET date = 'garbage' WHERE id = 7",
    "UPDATE transactions SET date = '1200-01-01' WHERE id = 4",
    "UPDATE transactions SET time = '25:99' WHERE id = 5",
    "UPDATE transactions SET created_at = 'soon' WHERE id = 2",
    "UPDATE transactions SET updated_at = 20261129 WHERE id = 8",
    "UPDATE transactions SET posted_date = 'later' WHERE id = 3",
    "UPDATE transactions SET rate = 'abc' WHERE id = 6",
    "UPDATE transactions SET amount = 'lots' WHERE id = 3",
    "UPDATE transactions SET amount = 12.5 WHERE id = 4",
    "UPDATE transactions SET amount = 9000000000000000000 WHERE id = 9",
    "UPDATE transactions SET merchant = 'bell' || char(7) WHERE id = 10",
    "UPDATE transactions SET merchant = ' padded ' WHERE id = 11",
    "UPDATE transactions SET merchant = replace(hex(zeroblob(150)), '0', 'ab') WHERE id = 2",
    "UPDATE transactions SET note = 'a' || char(1) || 'b' WHERE id = 1",
    "UPDATE transactions SET note = 'fine' || char(10) || 'lines' WHERE id = 3",
    "UPDATE transactions SET category_id = 99 WHERE id = 7",
    "UPDATE transactions SET category_id = 12 WHERE id = 8",
    "UPDATE transactions SET method_id = 99 WHERE id = 9",
    "UPDATE transactions SET kind = 'transfer', category_id = NULL WHERE id = 4",
    "UPDATE transactions SET status = 'lost' WHERE id = 6",
    "UPDATE transactions SET currency = 'XYZ' WHERE id = 2",
    "UPDATE transactions SET currency = 'USD' WHERE id = 12",
    "UPDATE transactions SET entry = 'credit' WHERE id = 5",
    "UPDATE transactions SET entry = 'sideways' WHERE id = 5",
    "UPDATE transactions SET foreign_amount = -5 WHERE id = 6",
    "UPDATE transactions SET foreign_amount = 5, foreign_currency = NULL WHERE id = 3",
    "UPDATE transactions SET recurring_id = 'x' WHERE id = 1",
    "UPDATE transactions SET debt_id = 1.5 WHERE id = 2",
    "UPDATE transactions SET mcc = 'abc' WHERE id = 3",
    "UPDATE transactions SET account_id = 99 WHERE id = 10",
    "UPDATE transactions SET counter_method_id = 99 WHERE id = 11",
    "UPDATE transactions SET import_source = 'bank.csv' WHERE id = 13",
    // Two at once: the first by id is the one named, whichever the set-wise check finds first.
    "UPDATE transactions SET time = '99:99' WHERE id = 11; UPDATE transactions SET merchant = char(7) WHERE id = 3",
    "UPDATE transactions SET category_id = 99 WHERE id = 12; UPDATE transactions SET amount = 'x' WHERE id = 2",
    "UPDATE transactions SET note = char(2) WHERE id = 12; UPDATE transactions SET date = 'x' WHERE id = 9",
  ]

  @Test(arguments: [false, true])
  func theSetWiseCheckRefusesWhatCheckingEachRowRefuses(_ accounts: Bool) throws {
    var refused = 0
    for damage in Self.damages {
      try withStore(.memory) { store, _ in
        try Self.seed(store, accounts: accounts)
        try store.database.execute("PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON; \(damage)")
        store.forgetCatalog()
        let catalog = try store.catalog.current()
        let each = Self.outcome { try RestoreCheck.eachRow(store.database, catalog: catalog) }
        let setWise = Self.outcome { try RestoreCheck.run(store.database, catalog: catalog) }
        #expect(setWise == each, "\(damage)")
        if damage.isEmpty { #expect(each == "passes") }
        if each != "passes" { refused += 1 }
      }
    }
    // Most damage is refused (a few changes are allowed ones); the comparison above is not vacuous.
    #expect(refused >= Self.damages.count - 6, "\(refused) refused")
  }
}
