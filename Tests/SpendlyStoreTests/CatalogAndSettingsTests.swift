import SpendlyCore
import Testing

@testable import SpendlyStore

@Suite("TransactionStore: categories, methods, settings")
struct CatalogAndSettingsTests {
  @Test(arguments: Location.allCases)
  func defaultsAreSeeded(_ location: Location) throws {
    try withStore(location) { store, _ in
      let catalog = try store.catalog()
      #expect(catalog.categories(on: .expense).map(\.name) == Category.defaultExpense)
      #expect(catalog.categories(on: .income).map(\.name) == Category.defaultIncome)
      #expect(catalog.methods.map(\.name) == PaymentMethod.defaultNames)
      #expect(catalog.categories.allSatisfy { $0.builtin })
    }
  }

  @Test(arguments: Location.allCases)
  func addCategoryWithAliasesAndUseIt(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.addCategory("Pets", side: .expense, aliases: ["vet", "petfood"])
      try store.addCategory("Dividends", side: .income, aliases: [])
      let catalog = try store.catalog()
      #expect(catalog.category(named: "VET")?.name == "Pets")
      #expect(catalog.category(named: "pets")?.builtin == false)
      #expect(catalog.category(named: "Dividends")?.side == .income)
      let saved = try store.add(expense(900, "petfood"))
      #expect(saved.fields.category == "Pets")
      #expect(try store.list(TransactionFilter(category: "vet")).map(\.id) == [saved.id])
    }
  }

  @Test(arguments: Location.allCases)
  func methodsAndAliases(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.addMethod("HDFC Card", aliases: ["hdfc"])
      try store.addAlias("bhim", to: "upi", kind: .method)
      try store.addAlias("eating out", to: "Food", kind: .category)
      let catalog = try store.catalog()
      #expect(catalog.method(named: "HDFC")?.name == "HDFC Card")
      #expect(catalog.method(named: "Bhim")?.name == "UPI")
      #expect(catalog.category(named: "Eating Out")?.name == "Food")
      #expect(try store.add(expense(50, "eating out", method: "hdfc")).fields.method == "HDFC Card")
      guard case .unknown("method", "Paypal")? = storeError({ try store.addAlias("pp", to: "Paypal", kind: .method) })
      else {
        Issue.record("an alias for an unknown method should fail")
        return
      }
    }
  }

  @Test(arguments: Location.allCases)
  func renameKeepsTransactionsAndAliases(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.addAlias("electricity", to: "Bills", kind: .category)
      let bill = try store.add(expense(800, "Bills"))
      try store.rename(.category, from: "bills", to: "Utilities")
      try store.rename(.method, from: "UPI", to: "UPI Lite")
      let catalog = try store.catalog()
      // The old name stays an alias, so the lexicon's words for Bills still reach it.
      #expect(catalog.category(named: "Bills")?.name == "Utilities")
      #expect(catalog.method(named: "UPI")?.name == "UPI Lite")
      #expect(catalog.category(named: "electricity")?.name == "Utilities")
      #expect(try store.transaction(id: bill.id)?.fields.category == "Utilities")
      #expect(try store.transaction(id: bill.id)?.fields.method == "UPI Lite")
      #expect(try store.history(id: bill.id).first?.fields.category == "Utilities")
      try store.rename(.category, from: "Utilities", to: "utilities")
      #expect(try store.catalog().category(named: "UTILITIES")?.name == "utilities")
    }
  }

  @Test(arguments: Location.allCases)
  func duplicateNamesAreRejected(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.addCategory("Pets", side: .expense, aliases: ["vet"])
      let before = try store.tableCounts()
      let attempts: [(String, () throws -> Void)] = [
        ("category food", { try store.addCategory("food", side: .expense, aliases: []) }),
        ("category PETS", { try store.addCategory("PETS", side: .income, aliases: []) }),
        ("method upi", { try store.addMethod("upi", aliases: []) }),
        ("rename onto Shopping", { try store.rename(.category, from: "Food", to: "Shopping") }),
        ("alias vet", { try store.addAlias("VET", to: "Food", kind: .category) }),
        ("new category reusing alias", { try store.addCategory("Zoo", side: .expense, aliases: ["vet"]) }),
      ]
      for (name, attempt) in attempts {
        guard case .duplicateName? = storeError(attempt) else {
          Issue.record("\(name) should be a duplicate")
          continue
        }
      }
      guard case .invalid? = storeError({ try store.addCategory("   ", side: .expense, aliases: []) }) else {
        Issue.record("an empty name should be invalid")
        return
      }
      guard case .invalid? = storeError({ try store.addMethod("Bad\u{1B}[2J", aliases: []) }) else {
        Issue.record("a name with an escape sequence should be invalid")
        return
      }
      #expect(try store.tableCounts() == before)
    }
  }

  @Test(arguments: Location.allCases)
  func settingsRoundTrip(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(try store.setting(.currency) == "INR")
      #expect(try store.defaultCurrency() == .inr)
      #expect(try store.setting(.method) == "Cash")
      // Every setting has its default until set, in one place.
      for key in SettingKey.allCases { #expect(try store.setting(key) == key.defaultValue) }
      try store.setSetting(.currency, "USD")
      #expect(try store.defaultCurrency() == .usd)
      try store.setSetting(.weekStart, "sunday")
      try store.setSetting(.weekStart, "monday")
      #expect(try store.setting(.weekStart) == "monday")
      // Values are bound, never spliced into SQL.
      try store.setSetting(.card, "₹ and 'quotes'; DROP TABLE settings")
      #expect(try store.setting(.card) == "₹ and 'quotes'; DROP TABLE settings")
    }
  }

  @Test func settingsPersistOnDisk() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      try TransactionStore(path: path, clock: { fixedNow }).setSetting(.currency, "JPY")
      #expect(try TransactionStore(path: path, clock: { fixedNow }).defaultCurrency() == .jpy)
    }
  }
}
