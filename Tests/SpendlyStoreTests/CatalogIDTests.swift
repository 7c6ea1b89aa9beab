import SpendlyCore
import Testing

@testable import SpendlyStore

/// Names are resolved to ids once, against the catalog the writer read; the write stores the
/// ids, so another process renaming a category in between changes nothing for it.
@Suite("Store: names resolved once into ids")
struct CatalogIDTests {
  @Test func theCatalogCarriesEachEntrysId() throws {
    try withStore(.memory) { store, _ in
      let catalog = try store.catalog.current()
      #expect(catalog.categories.allSatisfy { $0.id != nil })
      #expect(catalog.methods.allSatisfy { $0.id != nil })
      #expect(Set(catalog.categories.compactMap(\.id)).count == catalog.categories.count)
      let resolved = try Validator.resolve(expense(420), catalog: catalog)
      #expect(resolved.category == catalog.category(named: "Food")?.id)
      #expect(resolved.method == catalog.method(named: "UPI")?.id)
      #expect(resolved.account == nil)
    }
  }

  @Test func aRenameByAnotherProcessDoesNotBreakAWrite() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      let writer = try Store(path: path, clock: { fixedNow })
      _ = try writer.catalog.current()
      let other = try Store(path: path, clock: { fixedNow })
      try other.catalog.rename(.category, from: "Food", to: "Meals")
      // The writer still holds the catalog it read, where Food is Food: the id is what is stored.
      let saved = try writer.transactions.add(expense(420, "Food"))
      #expect(saved.fields.category == "Meals")
      #expect(try other.transactions.transaction(id: saved.id)?.fields.category == "Meals")
    }
  }

  @Test func anEntryRemovedByAnotherProcessIsAPlainError() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      let writer = try Store(path: path, clock: { fixedNow })
      try writer.catalog.addCategory("Pets", side: .expense, aliases: [])
      _ = try writer.catalog.current()
      let other = try Store(path: path, clock: { fixedNow })
      _ = try other.undo()
      let error = storeError { try writer.transactions.add(expense(900, "Pets")) }
      #expect(error != nil, "a category that is gone is not stored against")
      #expect(try other.transactions.count() == 0)
      #expect(error.map { "\($0)" }?.contains("Pets") == true, "\(String(describing: error))")
    }
  }
}
