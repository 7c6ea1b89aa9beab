import Foundation
import SpendlyTestSupport
import Testing

/// "lifetime" with a grouping ("lifetime by category", "top 3 merchants lifetime") covers
/// everything recorded, from the first entry, not this month.
@Suite("Questions: lifetime with a grouping covers the whole history")
struct WholeHistoryQuestionTests {
  @Test func aGroupingOverTheWholeHistory() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "--date", "2025-03-02", "900", "cash", "groceries", "at", "DMart")
    try sandbox.ok("add", "--yes", "--date", "2026-11-20", "420", "upi", "food", "lunch", "at", "Social")
    let answers: [(String, [String], [String])] = [
      ("lifetime by category", ["since Sun 2 Mar 2025", "Groceries", "₹900.00", "Food", "₹420.00"], []),
      ("top 3 merchants lifetime", ["since Sun 2 Mar 2025", "DMart", "Social"], []),
      ("lifetime monthly", ["Mar 2025", "₹900.00", "Nov 2026", "₹420.00"], []),
      // Without "lifetime" the same grouping is this month's.
      ("by category", ["this month"], ["Groceries"]),
    ]
    for (question, present, absent) in answers {
      let text = try sandbox.ok("query", question)
      for expected in present { #expect(text.contains(expected), "\(question): \(text)") }
      for unexpected in absent { #expect(!text.contains(unexpected), "\(question): \(text)") }
    }
    let json = try sandbox.ok("--json", "query", "lifetime by category")
    #expect(json.contains("\"from\": \"2025-03-02\""), "\(json)")
  }
}
