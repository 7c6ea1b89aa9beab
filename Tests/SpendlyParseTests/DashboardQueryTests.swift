import SpendlyCore
import Testing

@testable import SpendlyParse

/// `spendly dashboard` asks `Query.dashboard` without a parser: it must be what the parser reads
/// from the word, whatever the day.
@Suite("Parse: the dashboard's question")
struct DashboardQueryTests {
  @Test(arguments: ["2026-11-29T12:00", "2024-02-29T00:00", "2026-01-01T23:59"])
  func theWordReadsAsTheFixedQuestion(_ now: String) throws {
    let parser = QueryParser(entry: PhraseParser())
    let read = try parser.parse("dashboard", now: try #require(LocalDateTime(iso: now)))
    #expect(read == Query.dashboard)
  }
}
