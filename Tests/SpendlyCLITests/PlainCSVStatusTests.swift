import Foundation
import SpendlyTestSupport
import Testing

/// The plain CSV has no Status column, so it holds only what totals count: memo and rejected
/// rows (and pending ones under `config pending exclude`) are left out and said to be, and a
/// re-import keeps lifetime totals per currency.
@Suite("export csv: the rows totals leave out")
struct PlainCSVStatusTests {
  static let rows = """
    Date,Type,Amount,Currency,Category,Payment Method,Status
    2026-11-01,expense,100,INR,Food,Cash,booked
    2026-11-02,expense,50,INR,Food,Cash,memo
    2026-11-03,expense,70,EUR,Food,Cash,rejected
    2026-11-04,expense,30,EUR,Food,Cash,pending
    2026-11-05,income,900,EUR,Salary,Bank Transfer,booked

    """

  static func lifetime(_ sandbox: Sandbox) throws -> String {
    try sandbox.ok("--json", "query", "spent lifetime")
  }

  @Test func thePlainLayoutLeavesOutWhatTotalsLeaveOutAndSaysSo() throws {
    let sandbox = try Sandbox()
    let source = sandbox.directory + "/statuses.csv"
    try Self.rows.write(toFile: source, atomically: true, encoding: .utf8)
    try sandbox.ok("import", source)
    let file = sandbox.directory + "/plain.csv"
    let said = try sandbox.ok("export", "csv", file)
    #expect(said.contains("exported 3 transactions as CSV"), "\(said)")
    #expect(said.contains("2 rows that totals leave out (memo, rejected) are not in it: --all-fields keeps"), "\(said)")
    let again = try Sandbox()
    try again.ok("import", file)
    #expect(try Self.lifetime(again) == Self.lifetime(sandbox), "lifetime totals per currency survive")
    let piped = try sandbox.run(["export", "csv"])
    #expect(piped.stdout.split(separator: "\n").count == 4, "\(piped.stdout)")
    #expect(piped.stderr.contains("2 rows that totals leave out"), "\(piped.stderr)")
    let all = try sandbox.ok("export", "csv", file, "--all-fields")
    #expect(all.contains("exported 5 transactions") && !all.contains("leave out"), "\(all)")
    try sandbox.ok("config", "pending", "exclude")
    let excluding = try sandbox.ok("export", "csv", file)
    #expect(excluding.contains("3 rows that totals leave out (memo, rejected, pending)"), "\(excluding)")
  }
}
