import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// One name comparison in the store: "Café", "CAFÉ" and "cafe\u{301}" are one name for
/// categories, methods, accounts, aliases, debts and merchants, in SQL as in Swift.
@Suite("Store: names compare by their Unicode key")
struct NameKeyStoreTests {
  static let composed = "Café"
  static let upper = "CAFÉ"
  static let decomposed = "Cafe\u{301}"

  @Test func theKeyFoldsCaseAndUnicodeForm() {
    #expect(NameKey(Self.composed) == NameKey(Self.upper))
    #expect(NameKey(Self.composed) == NameKey(Self.decomposed))
    #expect(Array(NameKey(Self.decomposed).text.utf8) == Array("café".utf8), "stored composed")
    // Devanagari with a nukta: the precomposed letter and the letter with its sign are one name.
    #expect(NameKey("\u{095B}ुकाम") == NameKey("\u{091C}\u{093C}ुकाम"))
    #expect(NameKey("ई-मेल") == NameKey("ई-मेल"))
    #expect(NameKey("Cafe") != NameKey(Self.composed), "marks still count")
  }

  @Test(arguments: Location.allCases)
  func aCategoryIsOneNameInEveryCaseAndForm(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addCategory(Self.composed, side: .expense, aliases: [])
      #expect(storeError { try store.catalog.addCategory(Self.upper, side: .expense, aliases: []) } != nil)
      #expect(storeError { try store.catalog.addCategory(Self.decomposed, side: .expense, aliases: []) } != nil)
      #expect(try store.catalog.current().category(named: Self.decomposed)?.name == Self.composed)
      // SQL finds it by the other forms too: an alias, a rename, a budget.
      try store.catalog.addAlias("Coffee", to: Self.upper, kind: .category)
      #expect(storeError { try store.catalog.addAlias("COFFEE", to: "Food", kind: .category) } != nil)
      let added = try store.transactions.add(expense(120, Self.decomposed, merchant: "Blue Tokai"))
      #expect(added.fields.category == Self.composed)
      try store.catalog.rename(.category, from: "cafe\u{301}", to: "Cafés")
      #expect(try store.catalog.current().category(named: Self.upper)?.name == "Cafés", "the old name is an alias")
    }
  }

  @Test(arguments: Location.allCases)
  func methodsAccountsAndDebtsToo(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addMethod("Carte Bleue Café", aliases: [])
      #expect(storeError { try store.catalog.addMethod("CARTE BLEUE CAFÉ", aliases: []) } != nil)
      let account = Account(name: "Crédit Agricole", type: .savings, currency: .eur)
      try store.accounts.add(account)
      var twin = account
      twin.name = "CRE\u{301}DIT AGRICOLE"
      #expect(storeError { try store.accounts.add(twin) } != nil)
      #expect(try store.accounts.account(named: twin.name)?.name == "Crédit Agricole")
      try store.accounts.recordStatement(
        twin.name, StatementBalance(kind: .booked, amount: 10_000, asOf: LocalDate(iso: "2026-11-01")!, source: "typed"))
      #expect(try store.accounts.statements("crédit agricole").count == 1)
      func loan(_ name: String) -> Debt {
        Debt(
          id: 0, name: name, kind: .loan, balance: Money(minorUnits: 100_000, currency: .eur),
          start: LocalDate(iso: "2026-01-01")!, apr: DecimalNumber(text: "5")!,
          minimum: .percent(DecimalNumber(text: "5")!, floor: 100), dueDay: 5)
      }
      let debt = try store.debts.add(loan("Prêt Étudiant"))
      #expect(try store.debts.debt(named: "PRE\u{302}T ÉTUDIANT")?.id == debt.id)
      #expect(storeError { _ = try store.debts.add(loan("prêt étudiant")) } != nil)
    }
  }

  @Test(arguments: Location.allCases)
  func aMerchantIsFoundInEveryCaseAndForm(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.transactions.add(expense(250, merchant: "Café Mondegar"))
      #expect(store.merchants.knownMerchant("CAFÉ MONDEGAR") == "Café Mondegar")
      #expect(store.merchants.knownMerchant("cafe\u{301} mondegar") == "Café Mondegar")
      #expect(store.merchants.merchantUse("CAFE\u{301} MONDEGAR")?.category == "Food")
      #expect(store.merchants.names(startingWith: "CAFÉ") == ["Café Mondegar"])
      #expect(store.merchants.names(startingWith: "cafe\u{301} m") == ["Café Mondegar"])
      #expect(try store.transactions.list(TransactionFilter(merchant: "CAFÉ")).count == 1)
    }
  }

  /// A database made before the keys, holding two names SQLite's ASCII-only rule kept apart,
  /// opens with the later one renamed, its rows kept; the file then passes the sqlite3 shell's
  /// own integrity check, which needs nothing of Spendly's.
  @Test func anOlderDatabaseGetsItsKeysAndNamesThatBecameOneStayApart() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/old.db"
      let keyed = try #require(Schema.migrations.firstIndex { $0.name == "name-keys" })
      do {
        let database = try Database(path: path)
        try Schema.migrate(database, upTo: keyed)
        try database.execute(
          """
          INSERT INTO categories(id, name, side) VALUES (100, 'Café', 'expense'), (101, 'CAFÉ', 'expense'),
            (102, 'Cafe\u{301}', 'expense');
          INSERT INTO category_aliases(alias, category_id) VALUES ('Kaffee', 100), ('KAFFEE', 101);
          INSERT INTO methods(id, name) VALUES (100, 'Crédit'), (101, 'CRÉDIT');
          INSERT OR REPLACE INTO settings(key, value) VALUES ('default_method', 'CRÉDIT');
          """)
      }
      let store = try Store(path: path, clock: { fixedNow })
      let names = try store.catalog.current().categories.map(\.name)
      #expect(names.contains("Café") && names.contains("CAFÉ (2)") && names.contains("Cafe\u{301} (3)"))
      #expect(try store.catalog.current().category(named: "kaffee")?.name == "Café")
      // The default method named the later spelling: it still names that method, now renamed.
      #expect(try store.settings.value(.method) == "CRÉDIT (2)")
      #expect(storeError { try store.catalog.addCategory("cafe\u{301}", side: .expense, aliases: []) } != nil)
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
      shell.arguments = [path, "PRAGMA integrity_check"]
      let out = Pipe()
      shell.standardOutput = out
      try shell.run()
      shell.waitUntilExit()
      let verdict = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(verdict.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
    }
  }
}
