import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

/// Every command that takes a date, at the edges of the supported range (1970-01-01 to
/// 2200-12-31) and far past it: a clean result or the one refusal, never a hang, a crash or
/// memory in proportion to the distance. Each run is bounded by `ulimit` (1 s of CPU, 4 GB of
/// address space) and a wall-clock timeout, so a hang or a runaway fails instead of waiting.
@Suite("edge dates")
struct EdgeDateTests {
  static let edges = ["1969-12-31", "1970-01-01", "2200-12-31", "2201-01-01", "9999-12-31"]
  static let bounded = ["/usr/bin/timeout", "20", "/bin/sh", "-c", "ulimit -t 1; ulimit -v 4000000; exec \"$@\"", "sh"]

  static func commands(_ date: String) -> [[String]] {
    let month = String(date.prefix(7))
    let days = LocalDate(iso: date)!.daysSinceEpoch - LocalDate(iso: "2026-11-29")!.daysSinceEpoch
    return [
      ["add", "--yes", "netflix", "649", "on", date, "cc"],
      ["add", "--yes", "--amount", "10", "--date", date, "--category", "Food", "--method", "Cash"],
      ["recurring", "add", "--yes", "thing", "100", "monthly", "from", date, "cash"],
      ["recurring", "add", "--yes", "gym", "100", "monthly", "from", "1", "jan", "2026", "until", date, "cash"],
      ["calendar", month],
      ["recurring", "dates", "1", "--from", date, "--to", date],
      ["recurring", "dates", "1", "--to", date],
      ["budget", "set", "travel", "3000", "--month", month],
      ["budget", "set", "travel", "3000", "--from", month],
      [
        "debts", "add", "Z\(date)", "--balance", "1000", "--apr", "10", "--min", "100", "--due-day", "5", "--start",
        date,
      ],
      ["upcoming", String(max(days, 1))],
      ["--now", date + "T10:00", "list"],
      ["--now", date + "T10:00", "due"],
      ["--now", date + "T10:00", "calendar"],
      ["open", "spendly://quickadd?amount=10&category=Food&method=Cash&date=\(date)"],
    ]
  }

  @Test(arguments: edges)
  func everyDateTakingCommandAnswersCleanly(date: String) throws {
    let sandbox = try Sandbox()
    // A schedule anchored on a 31st and a debt, so far dates meet occurrences and due days.
    _ = try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "from", "31", "jan", "2026", "cc")
    _ = try sandbox.ok(
      "debts", "add", "HDFC card", "--balance", "50000", "--apr", "36", "--min", "2500", "--due-day", "31")
    let outside = date < "1970-01-01" || date > "2200-12-31"
    for command in Self.commands(date) {
      let result = try sandbox.run(command + (command[0] == "open" ? ["--yes"] : []), launcher: Self.bounded)
      #expect(result.status != 124, "\(command) did not finish")
      #expect([0, 64, 65].contains(result.status), "\(command): \(result.status) \(result.stderr)")
      if result.status != 0 {
        // One line, or a phrase's error: its line, then the phrase with a caret under the words.
        let lines = result.stderrLines
        #expect(
          lines.count == 1 || lines.count == 3 && lines[0].hasPrefix("spendly: input:1:") && lines[2].contains("^"),
          "\(command): \(result.stderr)")
      }
      if outside, command[0] != "upcoming" {
        #expect(result.status == 65, "\(command) was not refused: \(result.stdout)")
        #expect(
          result.stderr.contains("outside the dates Spendly keeps (1970-01-01 to 2200-12-31)"),
          "\(command): \(result.stderr)")
      }
    }
  }
}
