import Foundation
import SpendlyTestSupport
import Testing

/// Issue 22's recurring and budget items, through the binary (clock 2026-11-29).
@Suite("issue 22: recurring and budgets")
struct Issue22RecurringBudgetTests {
  /// An end after the last occurrence has ended the schedule: no next, no totals, `ended`.
  @Test func anEndedScheduleCountsInNoTotal() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("recurring", "add", "--yes", "gym", "1000", "monthly", "from", "2026-01-20", "until", "2026-12-15")
    try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "from", "2026-01-10", "cc")
    let costs = try #require(try json(sandbox.ok("--json", "subscriptions")) as? [String: Any])
    let totals = try #require(costs["subscriptions_totals"] as? [[String: Any]])
    #expect(totals.first?["monthly"] as? String == "649.00")
    let list = try sandbox.ok("recurring")
    #expect(list.split(separator: "\n").contains { $0.contains("Gym") && $0.hasSuffix("ended") }, "\(list)")
    let schedules = try #require(
      (try json(sandbox.ok("--json", "recurring")) as? [String: Any])?["schedules"] as? [[String: Any]])
    #expect(schedules[0]["next"] is NSNull)
  }

  /// `oldest_due`: the oldest occurrence with no charge in its period.
  @Test func theJSONSaysTheOldestDue() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "from", "2026-09-10", "cc")
    let schedules = try #require(
      (try json(sandbox.ok("--json", "recurring")) as? [String: Any])?["schedules"] as? [[String: Any]])
    #expect(schedules[0]["oldest_due"] as? String == "2026-09-10")
    #expect(schedules[0]["next"] as? String == "2026-12-10")
  }

  @Test func anEditThatChangesNothingWritesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "from", "2026-09-10", "cc")
    let empty = try sandbox.run(["recurring", "edit", "1", "--name", ""])
    #expect(empty.status != 0)
    #expect(empty.stderr.contains("--name is empty"), "\(empty.stderr)")
    let same = try sandbox.ok("recurring", "edit", "1", "--name", "Netflix", "--amount", "649")
    #expect(same.hasPrefix("nothing changed"), "\(same)")
    let log = try sandbox.ok("log")
    #expect(!log.contains("edited"), "\(log)")
  }

  /// Text and JSON show the same figure, rounded down; the warning is decided on it.
  @Test func percentRoundsTheSameInTextAndJSON() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("budget", "set", "food", "1000")
    let saved = try sandbox.ok("add", "--yes", "799.99", "food", "cash")
    #expect(saved.contains("(79%)"), "\(saved)")
    #expect(!saved.contains("warning"))
    let budget = try #require(try json(sandbox.ok("--json", "budget")) as? [String: Any])
    let food = try #require((budget["budgets"] as? [[String: Any]])?.first)
    #expect(food["percent"] as? Double == 79.9)
    let reached = try sandbox.ok("add", "--yes", "200.01", "food", "cash")
    #expect(reached.contains("budget reached: Food ₹1,000.00 of ₹1,000.00"), "\(reached)")
    #expect(try sandbox.ok("add", "--yes", "0.01", "food", "cash").contains("over budget by ₹0.01"))
  }

  @Test func clearingFromAMonthClearsEveryLaterRule() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("budget", "set", "food", "6000", "--from", "2027-02")
    try sandbox.ok("budget", "clear", "food", "--from", "2027-01")
    for month in ["2027-01", "2027-02", "2027-07", "2027-12"] {
      let budget = try #require(try json(sandbox.ok("--json", "budget", "--month", month)) as? [String: Any])
      #expect((budget["budgets"] as? [[String: Any]])?.isEmpty == true, "\(month): \(budget)")
    }
  }

  @Test func aBadBudgetAmountSaysWhy() throws {
    let sandbox = try Sandbox()
    for (arguments, reason) in [
      (["1000000000000"], "too large (at most 999,999,999,999)"), (["0.001"], "more than 2 decimal places"),
      (["5000.5", "--currency", "JPY"], "no minor unit"), (["0"], "more than zero"),
    ] {
      let result = try sandbox.run(["budget", "set", "food"] + arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("no amount above zero"))
    }
  }
}
