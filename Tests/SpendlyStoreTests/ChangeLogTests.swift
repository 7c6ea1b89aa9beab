import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// One change log for every record: settings, categories, methods, aliases and renames are
/// changes like transactions are, so `undo` reverts the latest of any kind and `redo` puts it
/// back; `changeLog` lists them in plain words.
@Suite("Store: one change log, undo and redo of every kind")
struct ChangeLogTests {
  @Test(arguments: Location.allCases)
  func undoAndRedoEveryKindOfChange(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.transactions.add(expense(420))
      try store.catalog.rename(.category, from: "Food", to: "Meals")
      try store.catalog.addAlias("snacks", to: "Meals", kind: .category)
      try store.catalog.addCategory("Pets", side: .expense, aliases: ["vet"])
      try store.catalog.addMethod("Wallet", aliases: ["paytm wallet"])
      try store.settings.set(.currency, "USD")
      #expect(
        try store.changeLog(limit: 10).map { unnumbered($0.fact) } == [
          .setting(key: "currency", before: "INR", after: "USD"),
          .methodAdded(id: nil, name: "Wallet", aliases: ["paytm wallet"]),
          .categoryAdded(id: nil, name: "Pets", side: "expense", aliases: ["vet"]),
          .aliasAdded(kind: "category", name: "Meals", alias: "snacks"),
          .renamed(kind: "category", id: nil, before: "Food", after: "Meals"), written(.add, [1], rupees: 420),
        ])
      // The fact as stored: JSON, its money integer minor units and a currency code.
      #expect(
        try store.database.row("SELECT fact, summary FROM changes WHERE id = 1")?.values == [
          .text(
            #"{"transactions":{"written":{"action":"add","count":1,"entry":{"amount":{"currency":"INR","minor":42000},"#
              + #""category":"Food","kind":"expense"},"ids":[1]}}}"#), .null,
        ])
      func state() throws -> [String] {
        let catalog = try store.catalog.current()
        return [
          try store.settings.value(.currency), catalog.category(named: "Food")?.name ?? "-",
          catalog.category(named: "snacks")?.name ?? "-", catalog.category(named: "vet")?.name ?? "-",
          catalog.method(named: "Wallet")?.name ?? "-", String(try store.transactions.count()),
          try store.transactions.transaction(id: 1)?.fields.category ?? "-",
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
      // The redo names the change it repeats (#6, the setting) and what it did.
      #expect(log.first?.fact == .redid(change: 6, fact: .setting(key: "currency", before: "INR", after: "USD")))
      #expect(log.allSatisfy { !$0.undone })
    }
  }

  /// A new change after an undo ends what can be redone, as in any editor.
  @Test(arguments: Location.allCases)
  func aNewChangeEndsRedo(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addCategory("Pets", side: .expense, aliases: [])
      let undone = try store.undo()
      #expect(unnumbered(undone.fact) == .categoryAdded(id: nil, name: "Pets", side: "expense", aliases: []))
      #expect(try store.changeLog(limit: 5).first(where: { $0.id == undone.undoneChangeID })?.undone == true)
      try store.settings.set(.weekStart, "sunday")
      guard case .nothingToRedo? = storeError({ _ = try store.redo() }) else {
        Issue.record("a change after the undo must end redo")
        return
      }
      #expect(try store.catalog.current().category(named: "Pets") == nil)
    }
  }

  /// A change that touches two families (an import that meets a new category) is one SQLite
  /// transaction and one change: one undo takes back both, and the cached catalog follows.
  @Test(arguments: Location.allCases)
  func aChangeAcrossFamiliesIsOneChange(_ location: Location) throws {
    try withStore(location) { store, _ in
      _ = try store.catalog.current()
      let fact = ChangeFact.imported(file: ImportFact(file: "pets.csv", format: .csv, added: 1))
      let ids = try store.change(.import, fact: fact) { log in
        try store.catalog.insertCategory(log, "Pets", side: .expense, aliases: ["vet"])
        store.forgetCatalog()
        let resolved = try Validator.resolve(expense(900, "Pets"), catalog: store.catalog.current())
        return try store.transactions.record(log, [.add(resolved)])
      }
      #expect(try store.catalog.current().category(named: "vet")?.name == "Pets")
      #expect(try store.transactions.transaction(id: ids[0])?.fields.category == "Pets")
      #expect(try store.changeLog().map(\.fact) == [fact])
      let undone: UndoResult
      do { undone = try store.undo() } catch { Issue.record("undo: \(error)"); return }
      #expect(undone.transactionIDs == ids)
      #expect(try store.catalog.current().category(named: "Pets") == nil)
      #expect(try store.transactions.count() == 0)
      do { _ = try store.redo() } catch { Issue.record("redo: \(error)"); return }
      #expect(try store.transactions.transaction(id: ids[0])?.fields.category == "Pets")
    }
  }

  /// A refused change writes nothing to the log.
  @Test(arguments: Location.allCases)
  func aRefusedChangeIsNotLogged(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(storeError({ try store.catalog.addCategory("Food", side: .expense, aliases: []) }) != nil)
      #expect(storeError({ try store.catalog.rename(.category, from: "Nope", to: "X") }) != nil)
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

extension ChangeLogTests {
  /// An id the change log remembers is never given again: a redo meets no other row under it,
  /// and old revisions never name a newer category.
  @Test(arguments: Location.allCases)
  func undoneIdsAreNotReused(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addCategory("Pets", side: .expense, aliases: [])
      let pets = try #require(try store.database.row("SELECT id FROM categories WHERE name = 'Pets'")?.int(0))
      _ = try store.undo()
      try store.catalog.addCategory("Toys", side: .expense, aliases: [])
      let toys = try #require(try store.database.row("SELECT id FROM categories WHERE name = 'Toys'")?.int(0))
      #expect(toys > pets)
      try store.catalog.addMethod("Wallet", aliases: [])
      let wallet = try #require(try store.database.row("SELECT id FROM methods WHERE name = 'Wallet'")?.int(0))
      _ = try store.undo()
      try store.catalog.addMethod("Paytm", aliases: [])
      #expect(try #require(try store.database.row("SELECT id FROM methods WHERE name = 'Paytm'")?.int(0)) > wallet)
    }
  }
}
