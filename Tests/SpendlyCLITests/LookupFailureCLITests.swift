import Foundation
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// A history look-up the database fails is reported once, after the parse that met it; the
/// parse itself goes on without that history.
@Suite("CLI: failed history look-ups are reported")
struct LookupFailureCLITests {
  @Test func aParseThatCannotReadHistoryWarnsOnce() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    try Database(path: sandbox.database).execute("DROP TABLE transactions")
    let parsed = try sandbox.run(["parse", "200 at social"])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    #expect(parsed.stdout.contains("₹200.00"), "\(parsed.stdout)")
    let warnings = parsed.stderrLines.filter { $0.hasPrefix("spendly: warning: could not read history") }
    #expect(warnings.count == 1, "\(parsed.stderr)")
    #expect(parsed.stderr.contains("transactions"), "\(parsed.stderr)")
  }
}
