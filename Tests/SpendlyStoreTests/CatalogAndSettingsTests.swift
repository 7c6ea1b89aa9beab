import SpendlyCore
import Testing

@testable import SpendlyStore

@Suite("Store: categories, methods, settings")
struct CatalogAndSettingsTests {
  @Test(arguments: Location.allCases)
  func defaultsAreSeeded(_ location: Location) throws {
    try withStore(location) { store, _ in
      let catalog = try store.catalog.current()
      #expect(catalog.categories(on: .expense).map(\.name) == Category.defaultExpense)
      #expect(catalog.categories(on: .income).map(\.name) == Category.defaultIncome)
      #expect(catalog.methods.map(\.name) == PaymentMethod.defaultNames)
      #expect(catalog.categories.allSatisfy { $0.builtin })
    }
  }

  @Test(arguments: Location.allCases)
  func addCategoryWithAliasesAndUseIt(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addCategory("Pets", side: .expense, aliases: ["vet", "petfood"])
      try store.catalog.addCategory("Dividends", side: .income, aliases: [])
      let catalog = try store.catalog.current()
      #expect(catalog.category(named: "VET")?.name == "Pets")
      #expect(catalog.category(named: "pets")?.builtin == false)
      #expect(catalog.category(named: "Dividends")?.side == .income)
      let saved = try store.transactions.add(expense(900, "petfood"))
      #expect(saved.fields.category == "Pets")
      #expect(try store.transactions.list(TransactionFilter(category: "vet")).map(\.id) == [saved.id])
    }
  }

  @Test(arguments: Location.allCases)
  func methodsAndAliases(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addMethod("HDFC Card", aliases: ["hdfc"])
      try store.catalog.addAlias("bhim", to: "upi", kind: .method)
      try store.catalog.addAlias("eating out", to: "Food", kind: .category)
      let catalog = try store.catalog.current()
      #expect(catalog.method(named: "HDFC")?.name == "HDFC Card")
      #expect(catalog.method(named: "Bhim")?.name == "UPI")
      #expect(catalog.category(named: "Eating Out")?.name == "Food")
      #expect(try store.transactions.add(expense(50, "eating out", method: "hdfc")).fields.method == "HDFC Card")
      guard
        case .unknown("method", "Paypal")? = storeError({
          try store.catalog.addAlias("pp", to: "Paypal", kind: .method)
        })
      else {
        Issue.record("an alias for an unknown method should fail")
        return
      }
    }
  }

  @Test(arguments: Location.allCases)
  func renameKeepsTransactionsAndAliases(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addAlias("electricity", to: "Bills", kind: .category)
      let bill = try store.transactions.add(expense(800, "Bills"))
      try store.catalog.rename(.category, from: "bills", to: "Utilities")
      try store.catalog.rename(.method, from: "UPI", to: "UPI Lite")
      let catalog = try store.catalog.current()
      // The old name stays an alias, so the lexicon's words for Bills still reach it.
      #expect(catalog.category(named: "Bills")?.name == "Utilities")
      #expect(catalog.method(named: "UPI")?.name == "UPI Lite")
      #expect(catalog.category(named: "electricity")?.name == "Utilities")
      #expect(try store.transactions.transaction(id: bill.id)?.fields.category == "Utilities")
      #expect(try store.transactions.transaction(id: bill.id)?.fields.method == "UPI Lite")
      #expect(try store.transactions.history(id: bill.id).first?.fields.category == "Utilities")
      try store.catalog.rename(.category, from: "Utilities", to: "utilities")
      #expect(try store.catalog.current().category(named: "UTILITIES")?.name == "utilities")
    }
  }

  @Test(arguments: Location.allCases)
  func duplicateNamesAreRejected(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addCategory("Pets", side: .expense, aliases: ["vet"])
      let before = try store.tableCounts()
      let attempts: [(String, () throws -> Void)] = [
        ("category food", { try store.catalog.addCategory("food", side: .expense, aliases: []) }),
        ("category PETS", { try store.catalog.addCategory("PETS", side: .income, aliases: []) }),
        ("method upi", { try store.catalog.addMethod("upi", aliases: []) }),
        ("rename onto Shopping", { try store.catalog.rename(.category, from: "Food", to: "Shopping") }),
        ("alias vet", { try store.catalog.addAlias("VET", to: "Food", kind: .category) }),
        ("new category reusing alias", { try store.catalog.addCategory("Zoo", side: .expense, aliases: ["vet"]) }),
      ]
      for (name, attempt) in attempts {
        guard case .duplicateName? = storeError(attempt) else {
          Issue.record("\(name) should be a duplicate")
          continue
        }
      }
      guard case .invalid? = storeError({ try store.catalog.addCategory("   ", side: .expense, aliases: []) }) else {
        Issue.record("an empty name should be invalid")
        return
      }
      guard case .invalid? = storeError({ try store.catalog.addMethod("Bad\u{1B}[2J", aliases: []) }) else {
        Issue.record("a name with an escape sequence should be invalid")
        return
      }
      #expect(try store.tableCounts() == before)
    }
  }

  @Test(arguments: Location.allCases)
  func settingsRoundTrip(_ location: Location) throws {
    try withStore(location) { store, _ in
      #expect(try store.settings.value(.currency) == "INR")
      #expect(try store.settings.defaultCurrency() == .inr)
      #expect(try store.settings.value(.method) == "Cash")
      // Every setting has its default until set, in one place.
      for key in SettingKey.allCases { #expect(try store.settings.value(key) == key.defaultValue) }
      try store.settings.set(.currency, "USD")
      #expect(try store.settings.defaultCurrency() == .usd)
      try store.settings.set(.weekStart, "sunday")
      try store.settings.set(.weekStart, "monday")
      #expect(try store.settings.value(.weekStart) == "monday")
      // Values are bound, never spliced into SQL.
      try store.settings.set(.card, "₹ and 'quotes'; DROP TABLE settings")
      #expect(try store.settings.value(.card) == "₹ and 'quotes'; DROP TABLE settings")
    }
  }

  @Test func settingsPersistOnDisk() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      try Store(path: path, clock: { fixedNow }).settings.set(.currency, "JPY")
      #expect(try Store(path: path, clock: { fixedNow }).settings.defaultCurrency() == .jpy)
    }
  }
}
