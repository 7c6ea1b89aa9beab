import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// One change log for every record: settings, categories, methods, aliases and renames are
/// changes like transactions are, so `undo` reverts the latest of any kind and `redo` puts it
/// back; `changeLog` lists them in plain words.
@Suite("TransactionStore: one change log, undo and redo of every kind")
struct ChangeLogTests {
  @Test(arguments: Location.allCases)
  func undoAndRedoEveryKindOfChange(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.add(expense(420))
      try store.rename(.category, from: "Food", to: "Meals")
      try store.addAlias("snacks", to: "Meals", kind: .category)
      try store.addCategory("Pets", side: .expense, aliases: ["vet"])
      try store.addMethod("Wallet", aliases: ["paytm wallet"])
      try store.setSetting(.currency, "USD")
      #expect(
        try store.changeLog(limit: 10).map(\.summary) == [
          "set currency to USD (was INR)", "added payment method Wallet (paytm wallet)",
          "added expense category Pets (vet)", "added alias snacks for category Meals", "renamed category Food → Meals",
          "added #1 -₹420.00 Food",
        ])
      func state() throws -> [String] {
        let catalog = try store.catalog()
        return [
          try store.setting(.currency) ?? "-", catalog.category(named: "Food")?.name ?? "-",
          catalog.category(named: "snacks")?.name ?? "-", catalog.category(named: "vet")?.name ?? "-",
          catalog.method(named: "Wallet")?.name ?? "-", String(try store.count()),
          try store.transaction(id: 1)?.fields.category ?? "-",
        ]
      }
      let after = try state()
      #expect(after == ["USD", "Meals", "Meals", "Pets", "Wallet", "1", "Meals"])
      var states = [after]
      for _ in 0..<6 {
        _ = try store.undo()
        states.append(try state())
      }
      #expect(states.last == ["INR", "Food", "-", "-", "-", "0", "-"])
      #expect(states[5] == ["INR", "Food", "-", "-", "-", "1", "Food"], "the rename undone: the row is Food again")
      guard case .nothingToUndo? = storeError({ _ = try store.undo() }) else {
        Issue.record("everything was undone")
        return
      }
      // Redo walks forward through the same states.
      for expected in states.reversed().dropFirst() {
        _ = try store.redo()
        #expect(try state() == expected)
      }
      guard case .nothingToRedo? = storeError({ _ = try store.redo() }) else {
        Issue.record("everything was redone")
        return
      }
      let log = try store.changeLog(limit: 3)
      #expect(log.first?.summary == "redid: set currency to USD (was INR)")
      #expect(log.allSatisfy { !$0.undone })
    }
  }

  /// A new change after an undo ends what can be redone, as in any editor.
  @Test(arguments: Location.allCases)
  func aNewChangeEndsRedo(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.addCategory("Pets", side: .expense, aliases: [])
      let undone = try store.undo()
      #expect(undone.summary == "added expense category Pets")
      #expect(try store.changeLog(limit: 5).first(where: { $0.id == undone.undoneChangeID })?.undone == true)
      try store.setSetting(.weekStart, "sunday")
      guard case .nothingToRedo? = storeError({ _ = try store.redo() }) else {
        Issue.record("a change after the undo must end redo")
        return
      }
      #expect(try store.catalog().category(named: "Pets") == nil)
    }
  }

  /// A refused change writes nothing to the log.
  @Test(arguments: Location.allCases)
  func aRefusedChangeIsNotLogged(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(storeError({ try store.addCategory("Food", side: .expense, aliases: []) }) != nil)
      #expect(storeError({ try store.rename(.category, from: "Nope", to: "X") }) != nil)
      let log = try store.changeLog()
      #expect(log.isEmpty)
    }
  }

  /// A row's values read back exactly, whatever the text holds.
  @Test func rowSnapshotsRoundTrip() {
    let rows: [[SQLValue]] = [
      [], [.null], [.integer(-42), .text("")], [.text("a;b:c t3:x"), .integer(Int64.max), .null],
      [.text("₹ and 'quotes'\n👩‍💻"), .text("n;i1;")],
    ]
    for row in rows { #expect(RowSnapshot.decode(RowSnapshot.encode(row)) == row, "\(row)") }
    for bad in ["x", "i12", "t5:abc", "n", "t-1:"] { #expect(RowSnapshot.decode(bad) == nil, "\(bad)") }
  }
}
