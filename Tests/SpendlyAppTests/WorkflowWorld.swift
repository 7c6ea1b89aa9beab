import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore
import SpendlyTestSupport

/// A session on a database of its own in a sandbox, at a fixed time, for calling a workflow directly.
struct WorkflowWorld {
  let sandbox: Sandbox
  let session: Session

  init() throws {
    sandbox = try Sandbox()
    session = Self.session(at: sandbox.directory + "/spendly.db")
  }

  static func session(at path: String) -> Session {
    let fixed = LocalDateTime(iso: "2026-11-29T13:05")!
    return Session(databasePath: path, fixedNow: fixed, clock: { fixed })
  }

  /// A path in the sandbox.
  func path(_ name: String) -> String { sandbox.directory + "/" + name }

  /// Writes `text` to a file in the sandbox, returning its path.
  func file(_ name: String, _ text: String) throws -> String {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    return path(name)
  }

  /// Saves an expense in rupees on a day of November 2026.
  @discardableResult
  func expense(_ rupees: Int64, _ category: String, day: Int, merchant: String? = nil) throws -> Transaction {
    try session.store().transactions.add(
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: rupees * 100, currency: .inr), category: category, method: "UPI",
        merchant: merchant, date: LocalDate(year: 2026, month: 11, day: day)!))
  }

  func count() throws -> Int { try session.store().transactions.count() }
}
