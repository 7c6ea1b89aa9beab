import Foundation
import SpendlyTestSupport
import Testing

/// The Recurring column names the schedule, so in another database a row links to the schedule
/// of that name (never to whatever has the same id there); a name it lacks is said and unlinked.
@Suite("export csv --all-fields: schedules by name")
struct RecurringColumnTests {
  @Test func rowsLinkToTheScheduleOfTheirNameInAnotherDatabase() throws {
    let source = try Sandbox()
    try source.ok("recurring", "add", "--yes", "salary", "50000", "monthly", "from", "1", "nov", "bank", "transfer")
    try source.ok("recurring", "add", "--yes", "rent", "18000", "monthly", "from", "5", "nov", "neft")
    try source.ok("due", "--log", "--yes")
    let file = source.directory + "/all.csv"
    try source.ok("export", "csv", file, "--all-fields")
    let csv = try String(contentsOfFile: file, encoding: .utf8)
    #expect(csv.contains(",Salary,") && csv.contains(",Rent,"), "\(csv)")
    // Rent is schedule #1 here, where Salary was.
    let other = try Sandbox()
    try other.ok("recurring", "add", "--yes", "rent", "18000", "monthly", "from", "5", "nov", "neft")
    let imported = try other.run(["import", file])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stderr.contains("the schedule 'Salary', which this database does not have: left unlinked"),
      "\(imported.stderr)")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(other.ok("--json", "list").utf8)) as? [[String: Any]])
    for row in rows {
      let linked = row["recurring_id"] as? Int
      #expect(row["category"] as? String == "Rent" ? linked == 1 : linked == nil, "\(row)")
    }
    #expect(try other.ok("recurring").contains("Rent") && !other.ok("recurring").contains("Salary"), "nothing created")
    // Again: every row a duplicate, so no row is left unlinked.
    let again = try other.run(["import", file])
    #expect(again.stdout.contains("0 added") && !again.stderr.contains("left unlinked"), "\(again.stderr)")
  }
}
