import SpendlyCore
import Testing

@testable import SpendlyStore

/// An old name works wherever a name is accepted, and method settings read by the current name.
@Suite("Store: old names after a rename")
struct OldNamesTests {
  @Test(arguments: Location.allCases)
  func anOldNameWorksWhereANameIsAccepted(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(try store.catalog.rename(.category, from: "Food", to: "Meals") == "Food")
      // Alias, rename and filters reach Meals by its old name, in any case.
      #expect(try store.catalog.addAlias("snacks", to: "food", kind: .category) == "Meals")
      #expect(try store.catalog.current().category(named: "snacks")?.name == "Meals")
      let saved = try store.transactions.add(expense(90, "FOOD"))
      #expect(saved.fields.category == "Meals")
      #expect(try store.transactions.list(TransactionFilter(category: "Food")).map(\.id) == [saved.id])
      // Renaming by an old name renames what it names now; every earlier name stays an alias.
      #expect(try store.catalog.rename(.category, from: "food", to: "Grub") == "Meals")
      let grub = try #require(try store.catalog.current().category(named: "Grub"))
      #expect(Set(grub.aliases) == ["Food", "Meals", "snacks"])
      // Methods likewise, and an alias is a name too.
      try store.catalog.addAlias("bhim", to: "UPI", kind: .method)
      #expect(try store.catalog.rename(.method, from: "bhim", to: "UPI Lite") == "UPI")
      #expect(try store.catalog.addAlias("phonepe", to: "upi", kind: .method) == "UPI Lite")
      guard
        case .unknown("category", "Nothing")? = storeError({
          try store.catalog.addAlias("x", to: "Nothing", kind: .category)
        })
      else {
        Issue.record("an alias of an unknown category should fail")
        return
      }
    }
  }

  @Test(arguments: Location.allCases)
  func methodSettingsReadByTheCurrentName(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(try store.settings.current(.method) == "Cash")
      #expect(try store.settings.current(.incomeMethod) == "Bank Transfer")
      #expect(try store.settings.current(.card) == "Credit Card")
      try store.catalog.rename(.method, from: "Cash", to: "Money")
      try store.catalog.rename(.method, from: "Credit Card", to: "HDFC Card")
      try store.catalog.rename(.method, from: "Bank Transfer", to: "NEFT")
      #expect(try store.settings.value(.method) == "Cash")
      #expect(try store.settings.current(.method) == "Money")
      #expect(try store.settings.current(.card) == "HDFC Card")
      #expect(try store.settings.current(.incomeMethod) == "NEFT")
      // A missing setting means the built-in method, under its current name too.
      try store.database.execute("DELETE FROM settings WHERE key = 'default_income_method'")
      #expect(try store.settings.current(.incomeMethod) == "NEFT")
    }
  }
}
