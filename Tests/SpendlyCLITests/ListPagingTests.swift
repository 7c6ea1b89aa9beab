import Foundation
import SpendlyTestSupport
import Testing

/// `spendly list --page` and `--sort`: pages of 25 that say where they are.
@Suite("spendly list: pages and sorting")
struct ListPagingTests {
  @Test func pagesSayWhereTheyAre() throws {
    let sandbox = try Sandbox()
    let phrases = (1...30).map { "\($0 * 10) upi food" }.joined(separator: "\n") + "\n"
    let saved = try sandbox.run(["--yes"], input: Data(phrases.utf8))
    #expect(saved.status == 0, "\(saved.stderr)")
    let first = try sandbox.ok("list", "--page", "1").split(separator: "\n")
    #expect(first.count == 27)  // the header, 25 rows, the footer
    #expect(first.last == "page 1 of 2 · 30 transactions")
    let second = try sandbox.ok("list", "--page", "2").split(separator: "\n")
    #expect(second.count == 7)
    #expect(second[1].hasPrefix("#5 "))
    #expect(second.last == "page 2 of 2 · 30 transactions")
    #expect(try sandbox.ok("list", "--page", "3") == "no page 3: there are 2 pages\n")
    let smallest = try #require(
      try json(sandbox.ok("--json", "list", "--sort", "amount", "--reverse", "--limit", "3")) as? [[String: Any]])
    #expect(smallest.map { $0["amount"] as? String } == ["10.00", "20.00", "30.00"])
    let oldest = try #require(
      try json(sandbox.ok("--json", "list", "--sort", "date", "--reverse", "--page", "1", "--page-size", "2"))
        as? [[String: Any]])
    #expect(oldest.map { $0["id"] as? Int } == [1, 2])
    for bad in [["list", "--page", "0"], ["list", "--page", "1", "--limit", "5"], ["list", "--sort", "price"]] {
      let result = try sandbox.run(bad)
      #expect(result.status == 64, "\(bad)")
      #expect(result.stderrLines.count == 1)
    }
  }
}
