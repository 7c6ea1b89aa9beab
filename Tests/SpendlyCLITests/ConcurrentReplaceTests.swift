import Foundation
import SpendlyTestSupport
import Testing

/// A restore or `import --replace` while another process saves: every save that printed
/// `saved` is in the final database or in a copy a replace kept beside it.
@Suite("replace while saving")
struct ConcurrentReplaceTests {
  /// The amounts (in rupees) of the `list --json` rows of the database at `path`.
  static func amounts(_ path: String) throws -> Set<Int> {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--db", path, "--json", "list", "--limit", "100000"], globals: false)
    #expect(result.status == 0, "\(path): \(result.stderr)")
    let rows = try #require(try json(result.stdout) as? [[String: Any]])
    return Set(rows.compactMap { ($0["amount_minor"] as? Int).map { $0 / 100 } })
  }

  @Test(arguments: [["restore", "b.db"], ["import", "b.json", "--replace"]])
  func everySavedEntryIsInTheDatabaseOrTheKeptCopy(replace: [String]) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    _ = try sandbox.ok("backup", "b.db")
    _ = try sandbox.ok("export", "json", "b.json")
    // A writer in another process: 120 saves of distinct amounts, each line it printed kept.
    let log = sandbox.directory + "/saved.txt"
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = [
      "-c",
      "i=1000; while [ $i -lt 1120 ]; do \"$0\" --db \"$1\" --now 2026-11-29T13:05 add --yes $i cash food >>\"$2\" 2>/dev/null; i=$((i+1)); done",
      spendlyBinary, sandbox.database, log,
    ]
    try writer.run()
    var replaces = 0
    while writer.isRunning && replaces < 4 || replaces == 0 {
      let result = try sandbox.run(replace)
      #expect(result.status == 0, "\(result.stderr)")
      replaces += 1
    }
    writer.waitUntilExit()
    let saved = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      .filter { $0.hasPrefix("saved #") }
      .compactMap { line -> Int? in
        // "saved #12 · -₹1,003.00 Food …": the amount without its grouping.
        guard let amount = line.split(separator: " ").first(where: { $0.contains("₹") }) else { return nil }
        return Int(amount.filter(\.isNumber).dropLast(2))
      }
    #expect(saved.count >= 60, "only \(saved.count) saves went through")
    var found = try Self.amounts(sandbox.database)
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.database.components(separatedBy: "/spendly.db")[0]
    )
    .filter { $0.contains(".before-restore-") }
    #expect(kept.count == replaces)
    for name in kept {
      found.formUnion(try Self.amounts(sandbox.directory + "/data/" + name))
    }
    let lost = Set(saved).subtracting(found)
    #expect(lost.isEmpty, "saved but in no file: \(lost.sorted())")
    // The replace is not undone, and undo says where the copy is.
    let undo = try sandbox.run(["undo"])
    if undo.status != 0 {
      #expect(undo.stderr.contains("not undoable") && undo.stderr.contains("spendly restore"), "\(undo.stderr)")
    }
  }

  @Test func undoAfterAReplaceNamesTheCopyAndChangesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    _ = try sandbox.ok("export", "json", "one.json")
    for amount in ["11", "12", "13", "14", "15"] { _ = try sandbox.ok("add", "--yes", amount, "cash", "food") }
    _ = try sandbox.ok("export", "json", "six.json")
    _ = try sandbox.ok("add", "--yes", "99", "cash", "food")
    #expect(try sandbox.run(["import", "six.json", "--replace"]).status == 0)
    let before = try sandbox.databaseBytes()
    let undo = try sandbox.run(["undo"])
    #expect(undo.status != 0)
    #expect(undo.stderr.contains("not undoable"), "\(undo.stderr)")
    #expect(undo.stderr.contains(".before-restore-") && undo.stderr.contains("spendly restore"), "\(undo.stderr)")
    #expect(try sandbox.databaseBytes() == before)
    #expect(try Self.amounts(sandbox.database).count == 6)
    // A change after the replace is undone as usual; the replace still stops undo.
    _ = try sandbox.ok("add", "--yes", "77", "cash", "food")
    #expect(try sandbox.ok("undo").hasPrefix("undid add of #"))
    #expect(try sandbox.run(["undo"]).stderr.contains("not undoable"))
    #expect(try sandbox.ok("log").contains("replaced the database with six.json"))
  }
}
