import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// `spendly edit` and questions at the edges, through the binary.
@Suite("spendly edit keeps what it does not show; questions stay in range")
struct EditKeepsFieldsTests {
  @Test func editKeepsTheBankReference() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    // An imported row (imports arrive later through the same store API).
    let store = try Store(path: sandbox.database, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    var fields = TransactionFields(
      kind: .expense, amount: Money(minorUnits: 42_000, currency: .inr), category: "Food", method: "UPI",
      date: LocalDate(iso: "2026-11-20")!)
    fields.externalReference = "HDFC-991"
    fields.importSource = "statement.csv"
    let saved = try store.transactions.add(fields)
    try sandbox.ok("edit", "\(saved.id)", "--amount", "450")
    let shown = try #require(
      try JSONSerialization.jsonObject(with: Data(try sandbox.ok("--json", "show", "\(saved.id)").utf8))
        as? [String: Any])
    #expect(shown["amount"] as? String == "450.00")
    #expect(shown["external_reference"] as? String == "HDFC-991")
    #expect(shown["import_source"] as? String == "statement.csv")
  }

  @Test func editRefusesACategoryOfTheOtherSide() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "420", "lunch")
    let result = try sandbox.run(["edit", "1", "--category", "Salary"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("income category"))
    #expect(try sandbox.ok("show", "1").hasPrefix("#1  expense  -₹420.00"))
  }

  @Test func questionsOutsideTheSupportedYearsAreRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    let result = try sandbox.run(["query", "compare between 0001-01-01 and 0001-01-31"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("between 1970 and 2200"))
  }

  @Test func hugeSavingsRatesDoNotCrash() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "--amount", "0.01", "--kind", "income", "--category", "Salary")
    for _ in 0..<3 { try sandbox.ok("add", "--yes", "--amount", "999999999999", "--category", "Other") }
    let result = try sandbox.run(["query", "savings", "this", "month"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("savings rate —"))
  }

  @Test func writingToAFullDeviceIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "420", "lunch")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: spendlyBinary)
    process.arguments = ["--db", sandbox.database, "list"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
  }
}
