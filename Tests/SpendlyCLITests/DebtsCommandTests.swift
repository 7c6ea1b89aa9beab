import Foundation
import SpendlyTestSupport
import Testing

/// `spendly debts` through the binary: the schedule and plan JSON, payments and their undo,
/// and refusals as one line.
@Suite("spendly debts: schedules, plans, payments")
struct DebtsCommandTests {
  static func portfolio(_ sandbox: Sandbox) throws {
    try sandbox.ok(
      "debts", "add", "Card", "--balance", "1,50,000", "--apr", "36", "--min-percent", "5", "--min-floor", "500",
      "--due-day", "31", "--kind", "card")
    try sandbox.ok(
      "debts", "add", "Personal loan", "--balance", "50000", "--apr", "14", "--min", "10000", "--due-day", "10")
    try sandbox.ok(
      "debts", "add", "Car loan", "--balance", "6,00,000", "--apr", "9", "--min", "15000", "--due-day", "5")
  }

  @Test func theScheduleEndsAtZero() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "debts", "add", "Home loan", "--balance", "5,00,000", "--apr", "9.5", "--term", "60", "--due-day", "31",
      "--start", "2026-11-15")
    let schedule = try #require(try json(sandbox.ok("--json", "debts", "schedule", "Home", "loan")) as? [String: Any])
    let rows = try #require(schedule["rows"] as? [[String: Any]])
    #expect(rows.count == 60)
    #expect(rows[0]["month"] as? Int == 1)
    #expect(rows[0]["date"] as? String == "2026-12-31")
    #expect(rows[2]["date"] as? String == "2027-02-28")
    #expect(rows[0]["payment"] as? String == "10500.93")
    #expect(rows[0]["interest"] as? String == "3958.33")
    #expect(rows[0]["principal"] as? String == "6542.60")
    #expect(rows[59]["balance"] as? String == "0.00")
    #expect(schedule["total_paid"] as? String == "630055.82")
    #expect(schedule["total_interest"] as? String == "130055.82")
  }

  @Test func plansBothWaysAndTheBudgetIsRemembered() throws {
    let sandbox = try Sandbox()
    try Self.portfolio(sandbox)
    let plan = try #require(
      try json(sandbox.ok("--json", "debts", "plan", "--budget", "40000", "--strategy", "avalanche")) as? [String: Any])
    #expect(plan["strategy"] as? String == "avalanche")
    #expect(plan["months"] as? Int == 23)
    #expect(plan["debt_free"] as? String == "2028-10")  // month 1 is Dec 2026, after --now
    #expect(plan["total_interest"] as? String == "93864.69")
    #expect(plan["total_paid"] as? String == "893864.69")
    let debts = try #require(plan["debts"] as? [[String: Any]])
    #expect(debts.map { $0["paid_off"] as? String } == ["2027-09", "2027-05", "2028-10"])
    #expect(debts.map { $0["interest"] as? String } == ["26767.12", "1826.22", "65271.35"])
    let both = try sandbox.ok("debts", "plan", "--budget", "40000")
    #expect(both.contains("avalanche saves ₹1,385.02 in interest"))
    #expect(try sandbox.ok("query", "when", "will", "i", "be", "debt", "free").contains("Oct 2028"))
    // The budget is one setting in the database (the same budget again adds no change), so a
    // copy of the database keeps it.
    let log = try sandbox.ok("log", "--limit", "2")
    #expect(log.contains("remembered the debt plan budget ₹40,000.00") && log.contains("added debt Car loan"), "\(log)")
    _ = try sandbox.ok("backup", "copy.db")
    let copy = try sandbox.run(["--db", sandbox.directory + "/copy.db", "query", "when will i be debt free"])
    #expect(copy.status == 0 && copy.stdout.contains("Oct 2028"), "\(copy.stdout) \(copy.stderr)")
    _ = try sandbox.ok("undo")
    // The budget forgotten, the plan is the one on the debts as they are (issue 27).
    let assumed = try sandbox.ok("query", "when will i be debt free")
    #expect(assumed.contains("no plan made yet: avalanche assumed"), "\(assumed)")
    #expect(!assumed.contains("₹40,000.00 a month"), "\(assumed)")
  }

  @Test func aPaymentAndItsUndo() throws {
    let sandbox = try Sandbox()
    try Self.portfolio(sandbox)
    let paid = try sandbox.ok("debts", "pay", "Personal", "loan", "10000", "upi")
    #expect(paid.hasPrefix("saved #1 · paid ₹10,000.00 on debt Personal loan · balance ₹40,000.00"), "\(paid)")
    let shown = try #require(try json(sandbox.ok("--json", "show", "1")) as? [String: Any])
    #expect(shown["category"] as? String == "Debt")
    #expect(shown["method"] as? String == "UPI")
    let listed = { () throws -> String? in
      let all = try #require(try json(sandbox.ok("--json", "debts")) as? [String: Any])
      return (all["debts"] as? [[String: Any]])?.first { $0["name"] as? String == "Personal loan" }?["balance"]
        as? String
    }
    #expect(try listed() == "40000.00")
    try sandbox.ok("undo")
    #expect(try listed() == "50000.00")
  }

  /// A payment dated after today says the balance from its day, not today's unchanged one.
  @Test func aFuturePaymentSaysTheBalanceOnItsDay() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "debts", "add", "Small", "--balance", "300", "--apr", "0", "--min", "100", "--due-day", "20", "--yes")
    let paid = try sandbox.ok("debts", "pay", "Small", "100", "on", "2027-01-31", "--yes")
    #expect(paid.contains("· balance on Sun 31 Jan 2027 ₹200.00"), "\(paid)")
  }

  /// A debt paid down to nothing shows no minimum and nothing due.
  @Test func aPaidOffDebtHasNothingDue() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "debts", "add", "Small", "--balance", "300", "--apr", "12", "--min", "100", "--due-day", "20", "--yes")
    try sandbox.ok("debts", "pay", "Small", "300", "--yes")
    let listed = try sandbox.ok("debts")
    #expect(listed.contains("₹0.00  12%  —        —         paid off"), "\(listed)")
    let all = try #require(try json(sandbox.ok("--json", "debts")) as? [String: Any])
    #expect((all["debts"] as? [[String: Any]])?.first?["minimum"] as? String == "0.00")
    let page = sandbox.directory + "/report.html"
    try sandbox.ok("report", "--html", page)
    #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<td class=\"num\">—</td><td>paid off</td>"))
  }

  /// "car loan emi 15000", "15000 car loan payment" with a debt record "Car loan" (no loan
  /// account): a payment linked to the debt, so what is owed goes down, as `debts pay` does.
  @Test func aLoanPaymentPhraseIsLinkedToTheDebt() throws {
    let sandbox = try Sandbox()
    try Self.portfolio(sandbox)
    let owed = { () throws -> String? in
      let all = try #require(try json(sandbox.ok("--json", "debts")) as? [String: Any])
      return (all["debts"] as? [[String: Any]])?.first { $0["name"] as? String == "Car loan" }?["balance"] as? String
    }
    #expect(try owed() == "600000.00")
    try sandbox.ok("add", "--yes", "car", "loan", "emi", "15000")
    let shown = try #require(try json(sandbox.ok("--json", "show", "1")) as? [String: Any])
    #expect(shown["debt_id"] as? Int == 3)
    #expect(shown["category"] as? String == "Debt")
    #expect(try owed() == "585000.00")
    try sandbox.ok("add", "--yes", "15000", "car", "loan", "payment")
    #expect(try owed() == "570000.00")
    // Without a payment word it is no payment: "car loan 500" stays a plain expense.
    try sandbox.ok("add", "--yes", "car", "loan", "500")
    #expect(try owed() == "570000.00")
  }

  /// With a payment word, one word of one debt's name names it; a word two debts share names
  /// neither; and a phrase's payment dated before the debt started is refused, as `debts pay`'s is.
  @Test func aPaymentPhraseNamesADebtByOneOfItsWords() throws {
    let sandbox = try Sandbox()
    try Self.portfolio(sandbox)
    try sandbox.ok("add", "--yes", "car", "emi", "15000")
    let shown = try #require(try json(sandbox.ok("--json", "show", "1")) as? [String: Any])
    #expect(shown["debt_id"] as? Int == 3, "\(shown)")
    try sandbox.ok("add", "--yes", "loan", "emi", "1000")
    let shared = try #require(try json(sandbox.ok("--json", "show", "2")) as? [String: Any])
    #expect(shared["debt_id"] is NSNull, "'loan' is in two debts' names: \(shared)")
    // A word of a debt's name away from the payment word, or with other words left, pays none.
    try sandbox.ok(
      "debts", "add", "Loan from Dad", "--balance", "20000", "--apr", "0", "--min", "1000", "--due-day", "1")
    for (index, phrase) in [
      "emi 3000 for personal trainer", "laptop emi 5000 for the new car", "phone emi 2000 from card",
    ]
    .enumerated() {
      let saved = try sandbox.run(["add", "--yes"] + phrase.split(separator: " ").map(String.init))
      #expect(saved.status == 0, "\(phrase): \(saved.stderr)")
      let plain = try #require(try json(sandbox.ok("--json", "show", "\(index + 3)")) as? [String: Any])
      #expect(plain["debt_id"] is NSNull, "\(phrase): \(plain)")
    }
    let before = try sandbox.databaseBytes()
    let early = try sandbox.run(["add", "--yes", "personal", "emi", "10000", "on", "1", "jan", "2020"])
    #expect(early.status == 65, "\(early.stderr)")
    #expect(early.stderr.contains("before Personal loan started"), "\(early.stderr)")
    #expect(try sandbox.databaseBytes() == before)
  }

  @Test func refusalsAreOneLine() throws {
    let sandbox = try Sandbox()
    try Self.portfolio(sandbox)
    let before = try sandbox.databaseBytes()
    for (arguments, message) in [
      (
        ["debts", "plan", "--budget", "20000"],
        "spendly: budget: ₹12,725.00 short of the first month's minimums (₹32,725.00)"
      ),
      (
        ["debts", "add", "Card", "--balance", "100", "--apr", "5", "--min", "10", "--due-day", "1"],
        "spendly: debt 'Card' already exists"
      ),
      (
        ["debts", "add", "X", "--balance", "100", "--apr", "5", "--min", "10", "--due-day", "32"],
        "spendly: --due-day '32': expected a whole number from 1 to 31"
      ),
      (
        ["debts", "add", "X", "--balance", "100", "--apr", "abc", "--min", "10", "--due-day", "3"],
        "spendly: --apr 'abc': expected a number like 9.5"
      ),
      (
        ["debts", "schedule", "Card"],
        "spendly: debts schedule: Card has no term (debts edit 'Card' --term 60), or see 'debts plan'"
      ),
      (["debts", "pay", "Nobody", "100"], "spendly: no debt named 'Nobody' (see: spendly debts)"),
      (
        ["debts", "add", "X", "--balance", "1000", "--apr", "10", "--min", "100", "--term", "12", "--due-day", "3"],
        "spendly: debts add: --term makes the minimum the amortized payment; give --min or --term, not both"
      ),
      (
        ["debts", "pay", "loan", "100"],
        "spendly: 'loan' could be Personal loan or Car loan: say which (see: spendly debts)"
      ),
      (
        ["debts", "pay", "car", "loan", "100", "on", "1", "nov"],
        "spendly: date '2026-11-01': is before Car loan started (2026-11-29)"
      ),
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderrLines == [Substring(message)], "\(arguments): \(result.stderr)")
    }
    #expect(try sandbox.databaseBytes() == before)
  }

  /// A term with --min is refused on edit too, and the edit changes nothing.
  @Test func aTermAndAMinimumAreRefusedTogether() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("debts", "add", "X", "--balance", "1000", "--apr", "10", "--term", "12", "--due-day", "3")
    let before = try sandbox.databaseBytes()
    let result = try sandbox.run(["debts", "edit", "X", "--min", "50"])
    #expect(result.status == 64)
    #expect(
      result.stderrLines == [
        "spendly: debts edit: X has a term, which makes its minimum the amortized payment; give --term none with --min"
      ], "\(result.stderr)")
    #expect(try sandbox.databaseBytes() == before)
    // With the term taken off, the minimum is kept.
    try sandbox.ok("debts", "edit", "X", "--term", "none", "--min", "50")
    #expect(try sandbox.ok("debts").contains("₹50.00"))
  }

  /// A unique word or prefix names a debt ("hdfc" for "HDFC card").
  @Test func aDebtIsNamedByAWordOfItsName() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "debts", "add", "HDFC card", "--balance", "10000", "--apr", "36", "--min", "500", "--due-day", "5", "--kind",
      "card")
    let paid = try sandbox.ok("debts", "pay", "hdfc", "500")
    #expect(paid.contains("paid ₹500.00 on debt HDFC card"), "\(paid)")
  }

  /// An EMI paid on the start day, before its first due date, is not overdue after it.
  @Test func anEarlyEMIIsNotOverdue() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("debts", "add", "Car", "--balance", "12000", "--apr", "0", "--term", "12", "--due-day", "31")
    try sandbox.ok("debts", "pay", "Car", "1000")
    let later = try sandbox.run(["--db", sandbox.database, "--now", "2027-01-02", "debts"], globals: false)
    #expect(later.status == 0)
    #expect(!later.stdout.contains("overdue"), "\(later.stdout)")
  }

  /// A balance past what an amount holds is an error naming the debt: never capped, never
  /// left out of a total.
  @Test func aBalanceThatNoLongerFitsIsAnError() throws {
    let sandbox = try Sandbox()
    try Self.portfolio(sandbox)
    try sandbox.ok(
      "debts", "add", "H2", "--balance", "999999999999", "--apr", "99.999999", "--min", "1", "--due-day", "31")
    let result = try sandbox.run(["--db", sandbox.database, "--now", "2038-11-29", "debts"], globals: false)
    #expect(result.status == 65)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderr.hasPrefix("spendly: H2: its balance on "), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
