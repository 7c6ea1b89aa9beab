import Foundation
import SpendlyTestSupport
import Testing

/// A question almost understood ends with the nearest question it could be, and nothing after
/// it: no "to record it" hint, no draft, at the shell and in one-shot commands.
@Suite("a near-miss question ends with 'did you mean'")
struct NearMissQuestionTests {
  @Test func oneShotEndsWithTheNearestQuestion() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    for (line, nearest) in [
      ("top 10 merchnts this month", "top 10 merchants this month"),
      ("spent this mnth by categroy", "spent this month by category"),
    ] {
      let result = try sandbox.run(["query"] + line.split(separator: " ").map(String.init))
      #expect(result.status == 65, "\(line): \(result.stderr)")
      #expect(result.stderr.hasSuffix("did you mean: \(nearest)?\n"), "\(line): \(result.stderr)")
      #expect(!result.stderr.contains("to record it"), "\(line): \(result.stderr)")
    }
    // A line not near any question still ends with the way to record it.
    let far = try sandbox.run(["query", "spent", "500", "this", "mnth"])
    #expect(far.stderr.contains("to record it: spendly add"), "\(far.stderr)")
  }

  @Test func theShellEndsWithTheNearestQuestion() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    let before = try sandbox.transactions().count
    let lines = "query spent this mnth by categroy\nquery top 10 merchnts this month\n"
    let result = try sandbox.run([], input: Data(lines.utf8))
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(errors.contains { $0.hasSuffix("did you mean: spent this month by category?") }, "\(result.stderr)")
    #expect(errors.contains { $0.hasSuffix("did you mean: top 10 merchants this month?") }, "\(result.stderr)")
    #expect(!result.stderr.contains("to record it"), "\(result.stderr)")
    #expect(!result.stdout.contains("inferred"), "no draft: \(result.stdout)")
    #expect(try sandbox.transactions().count == before)
  }
}
