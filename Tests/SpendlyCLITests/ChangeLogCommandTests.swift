import Foundation
import SpendlyTestSupport
import Testing

/// `spendly undo`, `redo` and `log` through the binary: a rename, a new alias, a new category
/// and a config change are each undone, redone and listed in plain words.
@Suite("spendly undo, redo and log of every kind of change")
struct ChangeLogCommandTests {
  @Test func everyKindIsUndoneRedoneAndListed() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("categories", "rename", "Food", "Meals")
    try sandbox.ok("categories", "alias", "Meals", "snacks")
    try sandbox.ok("categories", "add", "Pets", "--alias", "vet")
    try sandbox.ok("config", "currency", "USD")
    let log = try sandbox.ok("log")
    for words in [
      "renamed category Food → Meals", "added alias snacks for category Meals", "added expense category Pets (vet)",
      "set currency to USD (was INR)",
    ] {
      #expect(log.contains(words), "\(words) missing from: \(log)")
    }
    #expect(try sandbox.ok("undo") == "undid: set currency to USD (was INR)\n")
    #expect(try sandbox.ok("config", "currency") == "INR\n")
    #expect(try sandbox.ok("undo") == "undid: added expense category Pets (vet)\n")
    #expect(try sandbox.ok("undo") == "undid: added alias snacks for category Meals\n")
    #expect(try sandbox.ok("undo") == "undid: renamed category Food → Meals\n")
    #expect(try sandbox.ok("parse", "50", "snacks").contains("Food"))
    #expect(try sandbox.ok("log", "--limit", "5").contains("(undone)"))
    for _ in 0..<4 { try sandbox.ok("redo") }
    #expect(try sandbox.ok("config", "currency") == "USD\n")
    #expect(try sandbox.ok("categories").contains("Pets"))
    let nothing = try sandbox.run(["redo"])
    #expect(nothing.status == 65)
    #expect(nothing.stderr.hasPrefix("spendly: nothing to redo"))
    let entries = try #require(try json(sandbox.ok("--json", "log", "--limit", "0")) as? [[String: Any]])
    #expect(entries.count == 12)
    #expect(entries.first?["action"] as? String == "redo")
    #expect(entries.allSatisfy { $0["undone"] as? Bool == false })
  }
}
