import SpendlyCore
import Testing

@testable import SpendlyStore

/// No hidden characters (zero-width, bidi controls) in names, merchants or notes.
@Suite("Store: hidden characters")
struct HiddenCharacterStoreTests {
  @Test(arguments: ["Fo\u{200B}od", "Food\u{FEFF}", "\u{202E}Pets", "Pe\u{2066}ts\u{2069}", "Fo\u{200D}od"])
  func hiddenCharactersInNamesAreRefused(_ name: String) throws {
    try withStore(.memory) { store, _ in
      try store.catalog.addMethod("HDFC Card", aliases: [])
      let before = try store.tableCounts()
      let attempts: [(String, () throws -> Void)] = [
        ("add category", { try store.catalog.addCategory(name, side: .expense, aliases: []) }),
        ("add method", { try store.catalog.addMethod(name, aliases: []) }),
        ("alias in add", { try store.catalog.addCategory("Zoo", side: .expense, aliases: [name]) }),
        ("alias", { try store.catalog.addAlias(name, to: "Food", kind: .category) }),
        ("method alias", { try store.catalog.addAlias(name, to: "UPI", kind: .method) }),
        ("rename category", { try store.catalog.rename(.category, from: "Food", to: name) }),
        ("rename method", { try store.catalog.rename(.method, from: "HDFC Card", to: name) }),
      ]
      for (what, attempt) in attempts {
        guard case .invalid(let error)? = storeError(attempt) else {
          Issue.record("\(what) should refuse \(name.unicodeScalars.map(\.codePoint))")
          continue
        }
        #expect(error.reason.contains("invisible or direction-changing"))
      }
      #expect(try store.tableCounts() == before)
      #expect(try store.catalog.current().categories.filter { $0.name.lowercased().hasPrefix("fo") }.count == 1)
    }
  }

  @Test(arguments: Location.allCases)
  func merchantsAndNotesAreStoredWithoutHiddenCharacters(_ location: Location) throws {
    try withStore(location) { store, _ in
      let saved = try store.transactions.add(
        expense(5, merchant: "Jo\u{200B}e's\u{202E}", note: "\u{2067}lunch\u{2069} 👩‍💻"))
      #expect(saved.fields.merchant == "Joe's")
      #expect(saved.fields.note == "lunch 👩‍💻")
      var fields = saved.fields
      fields.merchant = "\u{FEFF}Zara"
      #expect(try store.transactions.edit(id: saved.id, fields).fields.merchant == "Zara")
      #expect(try store.transactions.list(TransactionFilter(merchant: "zara")).count == 1)
    }
  }
}
