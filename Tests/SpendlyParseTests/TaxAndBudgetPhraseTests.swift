import SpendlyCore
import Testing

@testable import SpendlyParse

/// Issue 22: a tax paid is an expense ("income tax" names a tax), and a budget phrase is a
/// budget setting, read from lexicon/markers.txt.
@Suite("Parse: tax words and budget phrases")
struct TaxAndBudgetPhraseTests {
  @Test(arguments: [
    ("income tax 5000 neft", Kind.expense), ("advance tax 25000 neft", .expense), ("gst 1800 upi", .expense),
    ("property tax 4200 upi", .expense), ("professional tax 200 neft", .expense), ("tds 3000 neft", .expense),
    ("tax refund 3000 neft", .income), ("salary 150000 credited", .income), ("income 5000 neft", .income),
  ])
  func taxPaidIsAnExpense(_ phrase: String, _ kind: Kind) throws {
    let now = try #require(LocalDateTime(iso: "2026-11-29T13:05"))
    let draft = try PhraseParser().parse(phrase, now: now)
    #expect(draft.kind == kind, "\(phrase)")
    #expect(draft.amount != nil)
  }

  @Test func budgetPhrasesNameTheSetting() {
    let parser = PhraseParser()
    func setting(_ line: String) -> [String]? { parser.budgetSetting(line.split(separator: " ").map(String.init)) }
    #expect(setting("food budget 9000") == ["food", "9000"])
    #expect(setting("set food budget to 9000") == ["food", "9000"])
    #expect(setting("budget for food 9000") == ["food", "9000"])
    #expect(setting("monthly budget 50000") == ["50000"])
    #expect(setting("budget 50000") == ["50000"])
    #expect(setting("budget set food 9000") == nil)
    #expect(setting("how much budget is left for food") == nil)
    #expect(setting("420 upi food") == nil)
  }
}
