import SpendlyCore
import Testing

@testable import SpendlyParse

/// A draft's warnings are cases, decided on by case: their wording is only how they are shown.
@Suite("Draft warnings are data, worded where shown")
struct DraftWarningTests {
  static let now = LocalDateTime(iso: "2026-11-29T13:05")!

  @Test func twoNumbersAreOneCaseAndTheirWordingIsAsBefore() throws {
    let parser = PhraseParser(catalog: Catalog.defaults)
    let draft = try parser.parse("420 300 food upi", now: Self.now)
    let warning = try #require(draft.warnings.first)
    guard case .severalAmounts = warning else {
      Issue.record("expected two amounts, got \(warning)")
      return
    }
    #expect(warning.isAboutAmount)
    #expect(warning.description.hasPrefix("'420' and '300' could each be the amount; "))
  }

  @Test func eachCaseIsWordedOnce() {
    #expect(DraftWarning.noAmount.description == "no amount in the phrase (example: 420 upi food)")
    #expect(
      DraftWarning.sameAccountBothEnds("HDFC").description
        == "from and to are both HDFC: a transfer needs two accounts (change one)")
    #expect(
      DraftWarning.droppedCategory(name: "Salary", side: .income, kind: .expense).description
        == "dropped category Salary: it is an income category and this is an expense")
    #expect(!DraftWarning.futureDate("Tue 1 Dec").isAboutAmount)
  }
}
