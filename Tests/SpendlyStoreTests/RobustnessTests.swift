import Dispatch
import SpendlyCore
import Testing

@testable import SpendlyStore

/// Edge cases a long-lived shell beside one-shot commands runs into.
@Suite("Store: concurrent opens, imported fields, unknown currencies")
struct StoreRobustnessTests {
  /// Several processes (here threads, each with its own connection) opening a fresh database at
  /// once must all migrate it without "table already exists".
  @Test func concurrentFirstOpensAllSucceed() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/data/spendly.db"
      let failures = Failures()
      DispatchQueue.concurrentPerform(iterations: 6) { _ in
        do {
          let store = try Store(path: path, clock: { TestClock().now })
          _ = try store.transactions.count()
        } catch {
          failures.add("\(error)")
        }
      }
      #expect(failures.all.isEmpty)
      let store = try Store(path: path, clock: { TestClock().now })
      #expect(store.database.userVersion == Schema.latestVersion)
    }
  }

  @Test(arguments: Location.allCases)
  func unknownCurrencyIsRefused(_ location: Location) throws {
    try withStore(location) { store, _ in
      var fields = expense(10)
      fields.amount = Money(minorUnits: 1000, currency: Currency(code: "XYZ", symbol: "X", exponent: 2, name: "Nope"))
      #expect(throws: StoreError.self) { try store.transactions.add(fields) }
      let count = try store.transactions.count()
      #expect(count == 0)
    }
  }

  @Test(arguments: Location.allCases)
  func editingKeepsImportedFields(_ location: Location) throws {
    try withStore(location) { store, _ in
      var fields = expense(10)
      fields.importSource = "bank.ofx"
      fields.externalReference = "TXN-42"
      fields.status = .pending
      let saved = try store.transactions.add(fields)
      var changed = saved.fields
      changed.amount = Money(minorUnits: 2000, currency: .inr)
      let edited = try store.transactions.edit(id: saved.id, changed)
      #expect(edited.fields.externalReference == "TXN-42")
      #expect(edited.fields.importSource == "bank.ofx")
      #expect(edited.fields.status == .pending)
    }
  }
}

/// Collects errors from concurrent work.
final class Failures: @unchecked Sendable {
  private let lock = DispatchQueue(label: "failures")
  private var items: [String] = []
  func add(_ item: String) { lock.sync { items.append(item) } }
  var all: [String] { lock.sync { items } }
}
