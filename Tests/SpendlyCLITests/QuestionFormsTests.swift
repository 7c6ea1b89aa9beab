import Foundation
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// Issue 8's question forms answered through the binary on PRODUCT.md's fixed data set:
/// listings (top, biggest, last N), amount bounds, one-figure averages, categories joined by
/// "and", income vs expenses.
@Suite("spendly query: listings, bounds, averages")
struct QuestionFormsTests {
  @Test func topExpensesAreTheLargestFirst() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    let out = try sandbox.ok("query", "top 3 expenses this month")
    let rows = QueryCommandTests.lines(out).filter { $0.contains("#") }
    #expect(rows.count == 3, "\(out)")
    #expect(rows.first?.contains("-₹20,000.00") == true, "\(out)")
    #expect(rows.last?.contains("-₹10,000.00") == true, "\(out)")
    let answer = try #require(try json(sandbox.ok("--json", "query", "biggest expense")) as? [String: Any])
    let listed = try #require(answer["transactions"] as? [[String: Any]])
    #expect(listed.count == 1)
    #expect(listed.first?["amount"] as? String == "20000.00")
    #expect(answer["order"] as? String == "largest")
  }

  @Test func lastTransactionsAreTheNewestOfAnyKind() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    let answer = try #require(try json(sandbox.ok("--json", "query", "last 5 transactions")) as? [String: Any])
    let listed = try #require(answer["transactions"] as? [[String: Any]])
    #expect(
      listed.map { $0["date"] as? String } == ["2026-11-28", "2026-11-24", "2026-11-15", "2026-11-10", "2026-11-05"])
    let income = try #require(try json(sandbox.ok("--json", "query", "last 3 income")) as? [String: Any])
    #expect((income["transactions"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["income"])
  }

  @Test func amountBoundsFilterTheTotal() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    // Shopping 15,000 and Travel 20,000 are over 10,000; Food is exactly 10,000, so not over.
    let over = try sandbox.ok("query", "expenses over 10000 this month")
    #expect(over.hasPrefix("  ₹35,000.00 spent over ₹10,000.00 this month"), "\(over)")
    #expect(over.contains("2 expenses"))
    let under = try sandbox.ok("query", "spent under 10k this month")
    #expect(under.hasPrefix("  ₹15,000.00 spent under ₹10,000.00"), "\(under)")
  }

  @Test func averageDailySpendIsOneFigure() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    let out = try sandbox.ok("query", "avg daily spend")
    // ₹60,000.00 over the 29 days of November so far.
    #expect(QueryCommandTests.lines(out).count == 1, "\(out)")
    #expect(out.hasPrefix("  ₹2,068.97/day spent this month"), "\(out)")
  }

  @Test func categoriesJoinedByAndAreAddedUp() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    let out = try sandbox.ok("query", "food and shopping this month")
    #expect(out.hasPrefix("  ₹25,000.00 spent on Food and Shopping this month"), "\(out)")
  }

  @Test func incomeVersusExpensesIsTheSavings() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    let out = try sandbox.ok("query", "income vs expenses 2026")
    for figure in ["income ₹1,50,000.00", "expenses ₹1,10,000.00", "savings ₹40,000.00"] {
      #expect(out.contains(figure), "\(figure) missing from: \(out)")
    }
  }

  /// Piped with --yes every complete draft is saved, with no question; a draft missing its
  /// amount is an error naming its line, and the session exits 65.
  @Test func pipedWithYesSavesEveryCompleteDraft() throws {
    let sandbox = try Sandbox()
    let all = try sandbox.run(["--yes"], input: Data("420 upi food\n180 coffee\n99 chai\n".utf8))
    #expect(all.status == 0, "\(all.stderr)")
    #expect(try sandbox.ok("--json", "list").components(separatedBy: "\"id\"").count - 1 == 3)
    let missing = try sandbox.run(["--yes"], input: Data("coffee at starbucks\n50 tea\n".utf8))
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("line 1: amount missing: nothing saved"), "\(missing.stderr)")
    #expect(try sandbox.ok("--json", "list").components(separatedBy: "\"id\"").count - 1 == 4)
  }

  /// Piped with --yes nobody can answer [e/q]: the ambiguous line is refused on its own and the
  /// next line is read as a line of its own.
  @Test func pipedWithYesRefusesAnAmbiguousLineAlone() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--yes"], input: Data("food 2025\n420 upi food\n".utf8))
    #expect(result.status == 65)
    #expect(result.stderr.contains("line 1: 'food 2025' is both an entry and a question"), "\(result.stderr)")
    let saved = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(saved.compactMap { $0["amount"] as? String } == ["420.00"])
  }

  /// A damaged row is named and the other rows still listed, as `list` does.
  @Test func listingsNameADamagedRowAndListTheRest() throws {
    let sandbox = try QueryCommandTests.fixedDataSet()
    try Database(path: sandbox.database).execute("UPDATE transactions SET time = '9pm' WHERE id = 3")
    let result = try sandbox.run(["query", "last 20 transactions"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("transaction #3"), "\(result.stderr)")
    #expect(QueryCommandTests.lines(result.stdout).filter { $0.contains("#") }.count == 6, "\(result.stdout)")
  }

  /// A leading ? forces a question, a leading + or add an entry, whatever the rest reads as.
  @Test func leadingMarksForceTheReading() throws {
    let sandbox = try Sandbox()
    let asked = try sandbox.run([], input: Data("? food 2025\nadd food 2025\n\n+500 refund 2025\n\n".utf8))
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(asked.stdout.contains("nothing spent on Food 2025"), "\(asked.stdout)")
    let saved = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(saved.compactMap { $0["amount"] as? String }.sorted() == ["2025.00", "500.00"], "\(saved)")
  }
}
