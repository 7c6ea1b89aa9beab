import SpendlyCore
import Testing

@testable import SpendlyStore

/// Debts in the store: one change each, undone whole; the balance follows linked payments.
@Suite("Store: debts")
struct DebtStoreTests {
  static func card() -> Debt {
    Debt(
      id: 0, name: "Card", kind: .card, balance: Money(minorUnits: 15_000_000, currency: .inr),
      start: LocalDate(iso: "2026-10-15")!, apr: DecimalNumber(text: "36")!,
      minimum: .percent(DecimalNumber(text: "5")!, floor: 50_000), dueDay: 31)
  }

  @Test(arguments: Location.allCases)
  func changesAreUndoneAndPaymentsCount(_ location: Location) throws {
    try withStore(location) { store, _ in
      let added = try store.debts.add(Self.card())
      #expect(try store.debts.debt(named: "card") == added)
      var edited = added
      edited.apr = DecimalNumber(text: "30.5")!
      try store.debts.edit(edited, fields: [.apr])
      #expect(try store.debts.all().first?.apr.description == "30.5")
      // The edit's fact holds the rate given, before and after, as written (never a float).
      #expect(
        try store.changeLog(limit: 1).first?.fact
          == .debtEdited(
            id: added.id, name: "Card",
            changes: [FieldChange(field: "apr", before: .decimal(added.apr.description), after: .decimal("30.5"))]))
      var payment = expense(5_000, "Debt", merchant: "Card", date: "2026-11-10")
      payment.debtID = added.id
      try store.transactions.add(payment)
      let payments = try store.debts.payments()[added.id] ?? []
      #expect(payments.count == 1)
      // 31 Oct: ₹3,812.50 of interest; 10 Nov: ₹5,000 paid; 30 Nov: ₹3,782.32 of interest.
      #expect(try edited.balance(on: LocalDate(iso: "2026-11-30")!, payments: payments).minorUnits == 15_259_482)
      try store.debts.remove(edited)
      #expect(try store.debts.all().isEmpty)
      #expect(try store.transactions.list().first?.fields.debtID == added.id)
      _ = try store.undo()
      #expect(try store.debts.all() == [edited])
      _ = try store.undo()
      _ = try store.undo()
      #expect(try store.debts.all() == [added])
      #expect(storeError { try store.debts.add(Self.card()) } != nil)
    }
  }
}

extension DebtStoreTests {
  /// A payment dated before others, or an edit of the debt, can never take it below zero.
  @Test(arguments: Location.allCases)
  func paymentsNeverPassZero(_ location: Location) throws {
    try withStore(location) { store, _ in
      var car = Self.card()
      car.name = "Car"
      car.apr = DecimalNumber(text: "0")!
      car.balance = Money(minorUnits: 100_000, currency: .inr)
      let debt = try store.debts.add(car)
      var payment = expense(1_000, "Debt", merchant: "Car", date: "2026-11-20")
      payment.debtID = debt.id
      try store.transactions.add(payment)
      payment.date = LocalDate(iso: "2026-11-01")!
      payment.amount = Money(minorUnits: 50_000, currency: .inr)
      #expect(storeError { try store.transactions.add(payment) } != nil)
      var smaller = debt
      smaller.balance = Money(minorUnits: 50_000, currency: .inr)
      #expect(storeError { try store.debts.edit(smaller, fields: [.balance]) } != nil)
      try store.debts.remove(debt)
      // Its payment stays an expense that can still be edited.
      var kept = try #require(try store.transactions.list().first)
      kept.fields.note = "final instalment"
      try store.transactions.edit(id: kept.id, kept.fields)
    }
  }
}
