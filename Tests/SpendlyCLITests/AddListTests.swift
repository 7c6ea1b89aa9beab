import Foundation
import SpendlyTestSupport
import Testing

@Suite("spendly add, list, show")
struct AddListTests {
  @Test func addThenList() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let lines = try sandbox.ok("list").split(separator: "\n")
    try #require(lines.count == 2)
    #expect(lines[0].hasPrefix("ID"))
    #expect(lines[0].contains("Amount"))
    for word in ["#1", "2026-11-29 13:05", "-₹420.00", "Food", "UPI", "Social", "lunch"] {
      #expect(lines[1].contains(word), "list row lacks \(word): \(lines[1])")
    }
  }

  /// Saved without a draft shown (`--yes`): a day other than today is in the saved line, and a
  /// day or time still to come is warned of, as the shell's draft warns.
  @Test func aOneShotAddSaysTheDayAndWarnsOfTheFuture() throws {
    let sandbox = try Sandbox()
    let future = try sandbox.run(["add", "--yes", "100", "food", "cash", "on", "2027-06-01"])
    #expect(future.status == 0)
    #expect(future.stdout == "saved #1 · -₹100.00 Food · Cash · Tue 1 Jun 2027\n", "\(future.stdout)")
    #expect(future.stderr == "spendly: warning: Tue 1 Jun 2027 is in the future\n", "\(future.stderr)")
    let tonight = try sandbox.run(["add", "--yes", "100", "food", "cash", "at", "9pm"])
    #expect(tonight.stdout == "saved #2 · -₹100.00 Food · Cash\n", "\(tonight.stdout)")
    #expect(tonight.stderr == "spendly: warning: 21:00 today is later than now (13:05)\n", "\(tonight.stderr)")
    #expect(
      try sandbox.ok("add", "--yes", "100", "food", "cash", "yesterday")
        == "saved #3 · -₹100.00 Food · Cash · Sat 28 Nov 2026\n")
  }

  /// A date or time that does not exist is refused naming its field (an option) or marking its
  /// words (a phrase), even when an anchor word ("on") could have begun a schedule's date.
  @Test func aDateThatDoesNotExistNamesItsFieldOrItsWords() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let before = try sandbox.databaseBytes()
    let phrase = try sandbox.run(["add", "--yes", "dinner", "30", "on", "31", "feb", "cash"])
    #expect(phrase.status == 65)
    #expect(
      phrase.stderrLines == [
        "spendly: input:1:14: no such date: 31 Feb", "  dinner 30 on 31 feb cash", "               ^~~~~~",
      ], "\(phrase.stderr)")
    let date = try sandbox.run(["edit", "1", "--date", "2026-02-30"])
    #expect(date.status == 65)
    #expect(date.stderr.hasPrefix("spendly: date '2026-02-30': no such date"), "\(date.stderr)")
    let time = try sandbox.run(["edit", "1", "--time", "25:00"])
    #expect(time.status == 65)
    #expect(time.stderr.hasPrefix("spendly: time '25:00': no such time"), "\(time.stderr)")
    #expect(try sandbox.databaseBytes() == before)
  }

  @Test func jsonListParses() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let rows = try #require(try json(try sandbox.ok("--json", "list")) as? [[String: Any]])
    try #require(rows.count == 1)
    let row = rows[0]
    #expect(row["id"] as? Int == 1)
    #expect(row["amount"] as? String == "420.00")
    #expect(row["amount_minor"] as? Int == 42_000)
    #expect(row["currency"] as? String == "INR")
    #expect(row["kind"] as? String == "expense")
    #expect(row["category"] as? String == "Food")
    #expect(row["method"] as? String == "UPI")
    #expect(row["merchant"] as? String == "Social")
    #expect(row["note"] as? String == "lunch")
    #expect(row["date"] as? String == "2026-11-29")
    #expect(row["time"] as? String == "13:05")
    #expect(row["created_at"] as? String == "2026-11-29T13:05")
    #expect(row["rate"] is NSNull)
  }

  @Test func jsonAddAndOtherCurrencies() throws {
    let sandbox = try Sandbox()
    let saved = try #require(
      try json(
        try sandbox.ok("--json", "add", "--amount", "$12.50", "--category", "travel", "--date", "2026-11-28", "--yes"))
        as? [String: Any])
    #expect(saved["currency"] as? String == "USD")
    #expect(saved["amount"] as? String == "12.50")
    #expect(saved["category"] as? String == "Travel")
    #expect(saved["method"] as? String == "Cash")
    #expect(saved["time"] is NSNull)
    #expect(
      try sandbox.ok("add", "--amount", "1235", "--currency", "jpy", "--yes").hasPrefix("saved #2 · -¥1,235 Other"))
    #expect(
      try sandbox.ok("add", "--amount", "1,50,000", "--kind", "income", "--category", "Salary", "--yes")
        .hasPrefix("saved #3 · +₹1,50,000.00 Salary"))
    let ids = try #require(try json(try sandbox.ok("--json", "list")) as? [[String: Any]]).map { $0["id"] as? Int }
    #expect(ids == [3, 2, 1])
    let dollars = try #require(try json(try sandbox.ok("--json", "list", "--currency", "USD")) as? [[String: Any]])
    #expect(dollars.count == 1)
  }

  @Test func showEveryField() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let out = try sandbox.ok("show", "1")
    #expect(out.hasPrefix("#1  expense  -₹420.00\n"))
    #expect(out.contains("category   Food"))
    #expect(out.contains("merchant   Social"))
    #expect(out.contains("date       Sun 29 Nov 2026 13:05"))
    #expect(try sandbox.ok("show", "#1") == out)
  }

  @Test func controlCharactersInAMerchantAreRejectedAndNotEchoed() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    #expect(try sandbox.ok("list") == "no transactions\n")
    let result = try sandbox.run(["add", "--amount", "5", "--merchant", "Evil\u{1B}]0;owned\u{07}", "--yes"])
    #expect(result.status == 65)
    // Written out, so nothing reaches the terminal as a sequence.
    #expect(result.stderr.hasPrefix("spendly: merchant 'Evil\\u{1B}]0;owned\\u{7}'"), "\(result.stderr)")
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(!result.stderr.contains("\u{07}"))
    #expect(try sandbox.ok("list") == "no transactions\n")
  }

  @Test func databaseFileIsOwnerOnly() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    #expect(try permissions(sandbox.database) == 0o600)
    #expect(try permissions(sandbox.directory + "/data") == 0o700)
  }
}
