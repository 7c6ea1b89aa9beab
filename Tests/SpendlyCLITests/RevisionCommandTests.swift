import Foundation
import SpendlyTestSupport
import Testing

@Suite("spendly edit, delete, undo, history")
struct RevisionCommandTests {
  @Test func editKeepsTheOldRevision() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let out = try sandbox.ok("edit", "1", "--amount", "450", "--note", "lunch with Asha")
    #expect(out.hasPrefix("updated:\n  #1  expense  -₹450.00\n"))
    #expect(out.contains("note       lunch with Asha"))
    #expect(try sandbox.ok("edit", "1", "--amount", "450") == "#1 unchanged: it already has those values\n")
    #expect(try sandbox.ok("show", "1").hasPrefix("#1  expense  -₹450.00\n"))

    let history = try sandbox.ok("history", "1").split(separator: "\n")
    try #require(history.count == 4)
    #expect(history[0] == "#1: 2 revisions")
    #expect(history[2].contains("add") && history[2].contains("-₹420.00") && history[2].contains("earlier"))
    #expect(history[3].contains("edit") && history[3].contains("-₹450.00") && history[3].contains("current"))

    let revisions = try #require(try json(try sandbox.ok("--json", "history", "1")) as? [[String: Any]])
    #expect(revisions.map { $0["action"] as? String } == ["add", "edit"])
    #expect(revisions.map { $0["amount"] as? String } == ["420.00", "450.00"])
    #expect(revisions.map { $0["live"] as? Bool } == [true, true])
  }

  @Test func deleteThenUndoEverything() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    try sandbox.ok("edit", "1", "--amount", "450")
    #expect(try sandbox.ok("delete", "1") == "deleted #1 · -₹450.00 Food · undo brings it back\n")
    #expect(try sandbox.ok("list") == "no transactions\n")
    let shown = try sandbox.run(["show", "1"])
    #expect(shown.status == 65)
    // One that was: its history is named.
    #expect(shown.stderr == "spendly: id '1': transaction #1 was deleted or undone (see: spendly history 1)\n")
    let again = try sandbox.run(["delete", "1"])
    #expect(again.stderr == "spendly: id '1': transaction #1 was deleted or undone (see: spendly history 1)\n")
    let never = try sandbox.run(["show", "2"])
    #expect(never.status == 65)
    #expect(never.stderr == "spendly: id '2': no transaction #2\n")

    let history = try #require(try json(try sandbox.ok("--json", "history", "1")) as? [[String: Any]])
    #expect(history.map { $0["action"] as? String } == ["add", "edit", "delete"])
    #expect(history.last?["live"] as? Bool == false)

    #expect(try sandbox.ok("undo") == "undid delete of #1\n")
    #expect(try sandbox.ok("list").contains("-₹450.00"))
    #expect(try sandbox.ok("undo") == "undid edit of #1\n")
    #expect(try sandbox.ok("list").contains("-₹420.00"))
    let undone = try #require(try json(try sandbox.ok("--json", "undo")) as? [String: Any])
    #expect(undone["undone"] as? String == "add")
    #expect(undone["transactions"] as? [Int] == [1])
    #expect(try sandbox.ok("list") == "no transactions\n")

    let nothing = try sandbox.run(["undo"])
    #expect(nothing.status == 65)
    #expect(nothing.stdout.isEmpty)
    #expect(nothing.stderr == "spendly: nothing to undo\n")
  }

  @Test func editChangingKindFallsBackToAMatchingCategory() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    try sandbox.ok("edit", "1", "--kind", "income")
    let row = try #require(try json(try sandbox.ok("--json", "show", "1")) as? [String: Any])
    #expect(row["kind"] as? String == "income")
    #expect(row["category"] as? String == "Other income")
  }
}
