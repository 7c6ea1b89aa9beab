import SpendlyCore
import Testing

@testable import SpendlyStore

/// An old name works wherever a name is accepted, and method settings read by the current name.
@Suite("TransactionStore: old names after a rename")
struct OldNamesTests {
  @Test(arguments: Location.allCases)
  func anOldNameWorksWhereANameIsAccepted(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(try store.rename(.category, from: "Food", to: "Meals") == "Food")
      // Alias, rename and filters reach Meals by its old name, in any case.
      #expect(try store.addAlias("snacks", to: "food", kind: .category) == "Meals")
      #expect(try store.catalog().category(named: "snacks")?.name == "Meals")
      let saved = try store.add(expense(90, "FOOD"))
      #expect(saved.fields.category == "Meals")
      #expect(try store.list(TransactionFilter(category: "Food")).map(\.id) == [saved.id])
      // Renaming by an old name renames what it names now; every earlier name stays an alias.
      #expect(try store.rename(.category, from: "food", to: "Grub") == "Meals")
      let grub = try #require(try store.catalog().category(named: "Grub"))
      #expect(Set(grub.aliases) == ["Food", "Meals", "snacks"])
      // Methods likewise, and an alias is a name too.
      try store.addAlias("bhim", to: "UPI", kind: .method)
      #expect(try store.rename(.method, from: "bhim", to: "UPI Lite") == "UPI")
      #expect(try store.addAlias("phonepe", to: "upi", kind: .method) == "UPI Lite")
      guard
        case .unknown("category", "Nothing")? = storeError({ try store.addAlias("x", to: "Nothing", kind: .category) })
      else {
        Issue.record("an alias of an unknown category should fail")
        return
      }
    }
  }

  @Test(arguments: Location.allCases)
  func methodSettingsReadByTheCurrentName(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(try store.currentSetting(.method) == "Cash")
      #expect(try store.currentSetting(.incomeMethod) == "Bank Transfer")
      #expect(try store.currentSetting(.card) == "Credit Card")
      try store.rename(.method, from: "Cash", to: "Money")
      try store.rename(.method, from: "Credit Card", to: "HDFC Card")
      try store.rename(.method, from: "Bank Transfer", to: "NEFT")
      #expect(try store.setting(.method) == "Cash")
      #expect(try store.currentSetting(.method) == "Money")
      #expect(try store.currentSetting(.card) == "HDFC Card")
      #expect(try store.currentSetting(.incomeMethod) == "NEFT")
      // A missing setting means the built-in method, under its current name too.
      try store.database.execute("DELETE FROM settings WHERE key = 'default_income_method'")
      #expect(try store.currentSetting(.incomeMethod) == "NEFT")
    }
  }
}
