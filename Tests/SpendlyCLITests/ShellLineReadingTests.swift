import Foundation
import SpendlyTestSupport
import Testing

/// Issue 22: what the shell makes of a line that starts with a command's word, a leading `+`,
/// or a tax word: an entry when it reads as one, and every refusal says how to record it anyway.
@Suite("spendly shell: command, question or entry")
struct ShellLineReadingTests {
  func saved(_ sandbox: Sandbox) throws -> [[String: Any]] {
    try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
  }

  /// "upcoming concert tickets 2500 card" is no `upcoming N`: the whole line is an entry.
  @Test func aCommandWordBeforeAnEntryIsTheEntry() throws {
    let sandbox = try Sandbox()
    let lines = "upcoming concert tickets 2500 card\ndue 500 library fine cash\ncalendar 350 stationery cash\n"
    let result = try sandbox.run(["--yes"], input: Data(lines.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let amounts = try saved(sandbox).compactMap { $0["amount"] as? String }.sorted()
    #expect(amounts == ["2500.00", "350.00", "500.00"], "\(result.stdout)")
    #expect(try saved(sandbox).allSatisfy { $0["kind"] as? String == "expense" })
  }

  /// "recurring deposit 5000 monthly neft" is no `recurring` action: the line is a schedule,
  /// and "recurring deposit" is a name, not the deposit transfer word.
  @Test func aCommandWordBeforeAScheduleIsTheSchedule() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--yes"], input: Data("recurring deposit 5000 monthly neft\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let listed = try #require(try json(sandbox.ok("--json", "recurring")) as? [String: Any])
    let schedules = try #require(listed["schedules"] as? [[String: Any]])
    #expect(schedules.count == 1)
    #expect(schedules.first?["name"] as? String == "Recurring deposit", "\(schedules)")
    #expect(schedules.first?["kind"] as? String == "expense", "\(schedules)")
  }

  /// A one-shot command whose words read as an entry says how to record it, as the shell does.
  @Test func aRefusedOneShotCommandSaysHowToRecordIt() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "10", "tea", "cash")
    let upcoming = try sandbox.run(["upcoming", "concert", "tickets", "2500", "card"])
    #expect(upcoming.status == 64)
    #expect(upcoming.stderr.hasSuffix("; to record it: spendly add upcoming concert tickets 2500 card\n"), "\(upcoming.stderr)")
    // A command that reads an amount of its own is refused about that amount, with no hint.
    let reconcile = try sandbox.run(["reconcile", "Cash", "5L"])
    #expect(reconcile.status != 0 && !reconcile.stderr.contains("to record it"), "\(reconcile.stderr)")
    // Words that read as no entry get the command's own refusal alone.
    let plain = try sandbox.run(["upcoming", "soon"])
    #expect(plain.status == 64)
    #expect(!plain.stderr.contains("to record it"), "\(plain.stderr)")
  }

  /// "show 99" of a missing id is that refusal, never a draft of ₹99: numbers alone after a
  /// command's name are its arguments.
  @Test func aMissingIdIsNoEntry() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--yes"], input: Data("show 99\n".utf8))
    #expect(result.stderr.contains("no transaction #99"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.database), "nothing was saved")
    let oneShot = try sandbox.run(["show", "99"])
    #expect(!oneShot.stderr.contains("to record it"), "\(oneShot.stderr)")
  }

  /// A line refused as a command ends with the way to record it anyway.
  @Test func aRefusedLineSaysHowToRecordIt() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--yes"], input: Data("upcoming soon\nzzqx frobnicate\n".utf8))
    #expect(result.status == 65)
    #expect(result.stderr.contains("to record it: add upcoming soon"), "\(result.stderr)")
    #expect(result.stderr.contains("to record it: add zzqx frobnicate"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 2, "one line each: \(result.stderr)")
  }

  /// "+ LINE" forces LINE as an entry, its kind read from its words; "+2500" is still income.
  @Test func plusAndASpaceForcesAnEntryNotIncome() throws {
    let sandbox = try Sandbox()
    let lines = "+ upcoming concert tickets 2500 card\n+2500 freelance\n"
    let result = try sandbox.run(["--yes"], input: Data(lines.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let kinds = try saved(sandbox).map { "\($0["amount"] as? String ?? "") \($0["kind"] as? String ?? "")" }.sorted()
    #expect(kinds == ["2500.00 expense", "2500.00 income"], "\(kinds)")
  }

  /// Tax paid is an expense: "income tax" names a tax, not income.
  @Test func incomeTaxIsAnExpense() throws {
    let sandbox = try Sandbox()
    let lines = "income tax 5000 neft\ngst 1800 upi\ntax refund 3000 neft\n"
    let result = try sandbox.run(["--yes"], input: Data(lines.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let kinds = try saved(sandbox).map { "\($0["amount"] as? String ?? "") \($0["kind"] as? String ?? "")" }.sorted()
    #expect(kinds == ["1800.00 expense", "3000.00 income", "5000.00 expense"], "\(kinds)")
  }

  /// "food budget 9000" and its other forms set a budget, as "budget food 9000" does.
  @Test func aBudgetPhraseSetsTheBudget() throws {
    let sandbox = try Sandbox()
    let lines = "food budget 9000\nset food budget to 9500\nbudget for travel 3000\nmonthly budget 50000\n"
    let result = try sandbox.run(["--yes"], input: Data(lines.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try saved(sandbox).isEmpty, "no expense saved: \(result.stdout)")
    let shown = try sandbox.ok("budget")
    for figure in ["9,500", "3,000", "50,000"] { #expect(shown.contains(figure), "\(figure): \(shown)") }
  }

  /// A one-shot add of a budget setting is refused with the command that sets it.
  @Test func addRefusesABudgetSetting() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["add", "--yes", "set", "food", "budget", "to", "9000"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("spendly budget set food 9000"), "\(result.stderr)")
  }

  /// A schedule's draft offers `o`: saved once, as an ordinary entry with no schedule.
  @Test func aScheduleDraftCanBeSavedOnce() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run([], input: Data("weekly groceries 2000 dmart upi\no\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let entries = try saved(sandbox)
    #expect(entries.count == 1, "\(result.stdout)")
    #expect(entries.first?["amount"] as? String == "2000.00")
    let note = entries.first?["note"] as? String ?? ""
    #expect(!note.contains("weekly"), "\(entries)")
    let schedules = try sandbox.ok("--json", "recurring")
    #expect(!schedules.contains("2000"), "no schedule saved: \(schedules)")
  }

  /// An amount refused in the dialogue shows one example: the reader's own, or the field's
  /// when the reader's wording has none (decided by the error, never by its words).
  @Test func aRefusedAmountShowsOneExample() throws {
    let sandbox = try Sandbox()
    for answer in ["12abc", "1,2,3", "12.345"] {
      let result = try sandbox.run([], input: Data("coffee cash\n\(answer)\n".utf8))
      let examples = result.stderr.components(separatedBy: "(example:").count - 1
      #expect(examples == 1, "\(answer): \(result.stderr)")
    }
  }
}
