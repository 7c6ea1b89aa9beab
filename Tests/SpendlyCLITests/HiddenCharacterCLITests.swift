import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// Zero-width and bidi characters: refused in names, removed from merchants and notes, and never
/// printed or put in JSON, even from rows stored before they were removed.
@Suite("spendly and hidden characters")
struct HiddenCharacterCLITests {
  static let hidden = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"]

  static func hasHidden(_ text: String) -> Bool { text.unicodeScalars.contains(where: TextSanitizer.isHidden) }

  @Test(arguments: hidden)
  func namesRefuseThem(_ character: String) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let before = try sandbox.databaseBytes()
    for arguments in [
      ["categories", "add", "Fo\(character)od"], ["methods", "add", "Pay\(character)tm"],
      ["categories", "alias", "Food", "sn\(character)ack"], ["methods", "alias", "UPI", "bh\(character)im"],
      ["categories", "rename", "Food", "Fo\(character)od"],
      ["categories", "add", "Pets", "--alias", "v\(character)et"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.stderrLines.count == 1)
      #expect(result.stderr.contains("invisible or direction-changing character (U+"), "\(result.stderr)")
      #expect(!Self.hasHidden(result.stderr))
    }
    #expect(try sandbox.databaseBytes() == before)
    let categories = try #require(try json(try sandbox.ok("--json", "categories")) as? [[String: Any]])
    #expect(categories.compactMap { $0["name"] as? String }.filter { $0.lowercased().hasPrefix("fo") } == ["Food"])
  }

  @Test func merchantsAndNotesLoseThem() throws {
    let sandbox = try Sandbox()
    try sandbox.ok(
      "add", "--yes", "--amount", "5", "--merchant", "Jo\u{200B}e's\u{202E}", "--note", "\u{2067}lunch\u{2069}")
    try sandbox.ok("add", "--yes", "6", "coffee", "at", "Caf\u{200C}e\u{FEFF}")
    let rows = try #require(try json(try sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(rows.map { $0["merchant"] as? String } == ["Cafe", "Joe's"])
    #expect(rows.last?["note"] as? String == "lunch")
    #expect(try sandbox.ids("--merchant", "joes") == [1])
  }

  /// Rows from an older database that still hold them: no output carries them.
  @Test func storedRowsAreShownWithoutThem() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let store = try Store(path: sandbox.database, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    try store.database.execute(
      """
      UPDATE transactions SET merchant = 'So' || char(8238) || 'cial', note = 'lu' || char(8203) || 'nch' || char(8294);
      UPDATE categories SET name = 'Fo' || char(8238) || 'od' WHERE name = 'Food';
      UPDATE methods SET name = 'U' || char(65279) || 'PI' WHERE name = 'UPI';
      """)
    for arguments in [
      ["list"], ["--json", "list"], ["show", "1"], ["--json", "show", "1"], ["history", "1"],
      ["--json", "history", "1"],
      ["categories"], ["--json", "categories"], ["methods"], ["--json", "methods"], ["query", "by", "category"],
      ["--json", "query", "by", "category"], ["query", "top", "merchants"], ["--json", "dashboard"],
    ] {
      let out = try sandbox.ok(arguments)
      #expect(!Self.hasHidden(out), "spendly \(arguments.joined(separator: " ")): \(out)")
    }
    let line = try sandbox.ok("list").split(separator: "\n")[1]
    for word in ["Food", "UPI", "Social", "lunch"] { #expect(line.contains(word), "\(line)") }
  }
}
