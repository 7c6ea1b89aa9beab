import Foundation
import SpendlyTestSupport
import Testing

/// `spendly recurring`, `due`, `subscriptions` through the binary.
@Suite("spendly recurring and due")
struct RecurringCommandTests {
  /// Runs at a given clock (the sandbox's default is 2026-11-29).
  static func at(_ sandbox: Sandbox, _ now: String, _ arguments: String...) throws -> RunResult {
    try sandbox.run(["--db", sandbox.database, "--now", now] + arguments, globals: false)
  }

  @Test func datesFromTheAnchorClampedToTheMonth() throws {
    let sandbox = try Sandbox()
    let added = try Self.at(
      sandbox, "2025-01-31T10:00", "recurring", "add", "--yes", "netflix", "649", "monthly", "from", "2025-01-31", "cc")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasSuffix("added subscription #1 Netflix ₹649.00 monthly · next 31 Jan\n"), "\(added.stdout)")
    let out = try sandbox.ok("--json", "recurring", "dates", "1", "--from", "2025-01-01", "--to", "2028-03-31")
    let dates = try #require((try json(out) as? [String: Any])?["dates"] as? [String])
    #expect(dates.prefix(4) == ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30"])
    #expect(dates.contains("2028-02-29"))
    #expect(dates.count == 39)
  }

  @Test func monthlyEquivalentsAreExact() throws {
    let sandbox = try Sandbox()
    for phrase in ["gym 100 weekly", "cleaning 2000 every 2 weeks", "milk 10 daily", "insurance 3000 quarterly"] {
      let result = try sandbox.run(["recurring", "add", "--yes"] + phrase.components(separatedBy: " "))
      #expect(result.status == 0, "\(phrase): \(result.stderr)")
    }
    let list = try #require(
      (try json(sandbox.ok("--json", "recurring")) as? [String: Any])?["schedules"] as? [[String: Any]])
    #expect(list.map { $0["monthly"] as? String } == ["433.33", "4333.33", "304.17", "1000.00"])
    #expect(list.map { $0["cadence"] as? String } == ["weekly", "biweekly", "daily", "quarterly"])
    let costs = try #require(try json(sandbox.ok("--json", "subscriptions")) as? [String: Any])
    let totals = try #require(costs["subscriptions_totals"] as? [[String: Any]])
    #expect(totals.first?["monthly"] as? String == "6070.83")
    #expect(totals.first?["yearly"] as? String == "72850.00")
  }

  /// Three months away: three charges; logging them is one change, and logging again adds nothing.
  @Test func dueLogsOncePerPeriod() throws {
    let sandbox = try Sandbox()
    _ = try Self.at(sandbox, "2026-01-31T10:00", "recurring", "add", "--yes", "netflix", "649", "monthly", "cc")
    let due = try Self.at(sandbox, "2026-04-29T10:00", "--json", "due")
    let items = try #require((try json(due.stdout) as? [String: Any])?["due"] as? [[String: Any]])
    #expect(items.map { $0["date"] as? String } == ["2026-01-31", "2026-02-28", "2026-03-31"])
    let logged = try Self.at(sandbox, "2026-04-29T10:00", "due", "--log", "--yes")
    #expect(logged.stdout == "  logged 3 recurring charges: Netflix ×3 (#1…#3)\n", "\(logged.stderr)")
    let again = try Self.at(sandbox, "2026-04-29T10:00", "due", "--log", "--yes")
    #expect(again.stdout == "  nothing due: nothing logged\n")
    let listed = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(listed.count == 3)
    #expect(try sandbox.ok("undo").hasPrefix("undid: logged 3 recurring charges"))
    let back = try Self.at(sandbox, "2026-04-29T10:00", "--json", "due")
    #expect(((try json(back.stdout) as? [String: Any])?["due"] as? [Any])?.count == 3)
  }

  /// A typed entry that matches a due schedule is that period's charge.
  @Test func aManualChargeIsLinkedIntoItsPeriod() throws {
    let sandbox = try Sandbox()
    _ = try Self.at(sandbox, "2026-01-31T10:00", "recurring", "add", "--yes", "netflix", "649", "monthly", "cc")
    let saved = try Self.at(sandbox, "2026-02-05T10:00", "add", "--yes", "netflix", "649", "cc")
    #expect(saved.stdout.contains("· Netflix · Jan period"), "\(saved.stdout)")
    let due = try Self.at(sandbox, "2026-02-05T10:00", "due")
    #expect(due.stdout == "  nothing due\n")
  }

  /// A charge typed before its schedule existed is that period's charge: adding the schedule
  /// links it (in the same change, which one undo takes back), and `due` does not log it again.
  @Test func addingAScheduleLinksTheChargesAlreadyStored() throws {
    let sandbox = try Sandbox()
    let now = "2026-11-29T10:00"
    #expect(try Self.at(sandbox, now, "add", "--yes", "salary", "150000", "credited", "on", "1", "nov").status == 0)
    let added = try Self.at(
      sandbox, now, "recurring", "add", "--yes", "salary", "150000", "monthly", "from", "1", "jan", "2026", "bank",
      "transfer")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("  links 1 entry already stored\n"), "\(added.stdout)")
    #expect(added.stdout.contains("10 dates up to today will be due"), "\(added.stdout)")
    #expect(added.stdout.hasSuffix("· linked 1 entry already stored\n"), "\(added.stdout)")
    let stored = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(stored.map { $0["recurring_id"] as? Int } == [1])
    let due = try Self.at(sandbox, now, "--json", "due")
    let items = try #require((try json(due.stdout) as? [String: Any])?["due"] as? [[String: Any]])
    #expect(items.count == 10)
    #expect(!items.contains { $0["date"] as? String == "2026-11-01" })
    #expect(try Self.at(sandbox, now, "due", "--log", "--yes").status == 0)
    let listed = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    let november = listed.filter { ($0["date"] as? String)?.hasPrefix("2026-11") == true }
    #expect(november.map { $0["amount"] as? String } == ["150000.00"])
    #expect(listed.count == 11)
    // Undo the log, then the schedule: the schedule is gone and the entry is unlinked again.
    _ = try sandbox.ok("undo")
    #expect(try sandbox.ok("undo").hasPrefix("undid: added income source Salary"))
    let schedules = try #require(
      (try json(sandbox.ok("--json", "recurring")) as? [String: Any])?["schedules"] as? [Any])
    #expect(schedules.isEmpty)
    let back = try #require(try json(sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(back.count == 1)
    #expect(back.first?["recurring_id"] is NSNull)
  }

  @Test func skipPauseResumeAndPriceChange() throws {
    let sandbox = try Sandbox()
    _ = try Self.at(sandbox, "2026-01-31T10:00", "recurring", "add", "--yes", "netflix", "649", "monthly", "cc")
    #expect(
      try Self.at(sandbox, "2026-04-29T10:00", "recurring", "skip", "1").stdout.contains(
        "skipped Netflix on Sat 31 Jan 2026"))
    #expect(
      try Self.at(sandbox, "2026-04-29T10:00", "recurring", "edit", "1", "--amount", "699", "--from", "2026-03-01")
        .status == 0)
    let due = try Self.at(sandbox, "2026-04-29T10:00", "--json", "due")
    let items = try #require((try json(due.stdout) as? [String: Any])?["due"] as? [[String: Any]])
    #expect(items.map { $0["date"] as? String } == ["2026-02-28", "2026-03-31"])
    #expect(items.map { $0["amount"] as? String } == ["649.00", "699.00"])
    // Pausing says the dates that came before it are still due.
    let pausing = try Self.at(sandbox, "2026-04-29T10:00", "recurring", "pause", "1")
    #expect(
      pausing.stdout
        == "paused Netflix: no new date comes due until 'recurring resume 1'; 2 earlier dates are still due ('due' lists them, 'recurring skip 1' skips one)\n",
      "\(pausing.stdout)")
    // While paused (from 29 Apr), 30 Apr and 31 May are not due; the earlier dates still are.
    let paused = try Self.at(sandbox, "2026-06-01T10:00", "--json", "due")
    let whilePaused = ((try json(paused.stdout) as? [String: Any])?["due"] as? [[String: Any]])?.map {
      $0["date"] as? String
    }
    #expect(whilePaused == ["2026-02-28", "2026-03-31"])
    #expect(try Self.at(sandbox, "2026-07-10T10:00", "recurring", "resume", "1").status == 0)
    let after = try Self.at(sandbox, "2026-07-10T10:00", "--json", "due")
    let dates = ((try json(after.stdout) as? [String: Any])?["due"] as? [[String: Any]])?.map { $0["date"] as? String }
    #expect(dates == ["2026-02-28", "2026-03-31"])
    #expect(try sandbox.ok("log", "--limit", "1").contains("resumed Netflix"))
  }

  /// The preview counts what `due` will list: today's date too, none after the end. Paused on
  /// a due day, that day's date stays due (it had come due), and resuming does not skip it.
  @Test func thePreviewCountsWhatDueListsAndAPauseKeepsTodaysDate() throws {
    let sandbox = try Sandbox()
    let day = "2026-12-07T10:00"
    func due(_ at: String = "2026-12-07T10:00") throws -> [String?] {
      let listed = try Self.at(sandbox, at, "--json", "due")
      return ((try json(listed.stdout) as? [String: Any])?["due"] as? [[String: Any]] ?? []).map {
        $0["date"] as? String
      }
    }
    let added = try Self.at(
      sandbox, day, "recurring", "add", "--yes", "gas", "800", "monthly", "from", "2026-11-07", "upi")
    #expect(added.stdout.contains("  2 dates up to today will be due"), "\(added.stdout)")
    #expect(try due() == ["2026-11-07", "2026-12-07"])
    let paused = try Self.at(sandbox, day, "recurring", "pause", "1")
    #expect(paused.stdout.contains("2 earlier dates are still due"), "\(paused.stdout)")
    #expect(try due() == ["2026-11-07", "2026-12-07"])
    #expect(try Self.at(sandbox, "2027-02-10T10:00", "recurring", "resume", "1").status == 0)
    #expect(
      try due("2027-02-10T10:00") == ["2026-11-07", "2026-12-07"],
      "7 Jan and 7 Feb fell in the pause and are skipped; 7 Dec, the pause day's, was not")
    let ended = try Self.at(
      sandbox, day, "recurring", "add", "--yes", "rent", "100", "monthly", "from", "2026-01-01", "until", "2026-03-31",
      "upi")
    #expect(ended.stdout.contains("  3 dates up to today will be due"), "\(ended.stdout)")
  }

  /// `resume` names the next date as `recurring` does: not one already logged nor skipped.
  @Test func resumeNamesTheNextDateNotLoggedNorSkipped() throws {
    let sandbox = try Sandbox()
    let day = "2026-12-02T10:00"
    _ = try Self.at(sandbox, day, "recurring", "add", "--yes", "netflix", "649", "monthly", "cc")
    #expect(try Self.at(sandbox, day, "due", "--log", "--yes").status == 0)
    #expect(try Self.at(sandbox, day, "recurring", "skip", "1").stdout.contains("2 Jan 2027"))
    #expect(try Self.at(sandbox, day, "recurring", "pause", "1").status == 0)
    let resumed = try Self.at(sandbox, day, "recurring", "resume", "1").stdout
    #expect(resumed.contains("next Tue 2 Feb 2027"), "\(resumed)")
    #expect(try Self.at(sandbox, day, "recurring").stdout.contains("2 Feb 2027"))
  }

  @Test func badInputIsOneLineAndChangesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    let before = try sandbox.databaseBytes()
    for (arguments, status) in [
      (["recurring", "add", "--yes", "gym", "500", "every", "5", "weeks"], Int32(65)),
      (["recurring", "add", "--yes", "gym", "500"], 65), (["recurring", "add", "--yes", "gym", "monthly"], 65),
      (["recurring", "skip", "9"], 65), (["recurring", "pause", "x"], 64), (["recurring", "frobnicate"], 64),
      (["recurring", "dates", "1", "--from", "nope"], 65),
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == status, "\(arguments): \(result.stderr)")
      #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
    }
    #expect(try sandbox.databaseBytes() == before)
    // A schedule's new name is refused in the option's words, not the charges' merchant's.
    _ = try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "cc")
    let stored = try sandbox.databaseBytes()
    let named = try sandbox.run(["recurring", "edit", "1", "--name", "Clean\u{1B}[31mER"])
    #expect(named.status == 65)
    #expect(named.stderr == "spendly: --name 'Clean\\u{1B}[31mER': contains control characters\n", "\(named.stderr)")
    #expect(try sandbox.databaseBytes() == stored)
  }
}

/// A date half a year or more away, or in another year, shows its year: "due 31 Jan" seen in
/// November would read as the coming January.
@Suite("recurring dates carry their year")
struct RecurringYearTests {
  @Test func aPastDueDateShowsItsYear() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "from", "31", "jan", "2026", "cc")
    let list = try sandbox.ok("recurring")
    #expect(list.contains("due 31 Jan 2026"), "\(list)")
    let due = try sandbox.ok("due")
    #expect(due.contains("Sat 31 Jan 2026") && due.contains("Sat 31 Oct"), "\(due)")
    #expect(!due.contains("31 Oct 2026"), "\(due)")
  }
}
