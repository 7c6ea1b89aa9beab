import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// Zero-width and bidi characters: refused at every entrance (names, merchants, notes, phrases,
/// links), and never printed or put in JSON, even from rows stored before they were refused.
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

  /// One rule at every entrance: a merchant, a note or a phrase holding one is refused,
  /// naming it (U+202E), and nothing is saved; never saved without it.
  @Test(arguments: hidden)
  func everyEntranceRefusesThem(_ character: String) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let before = try sandbox.databaseBytes()
    let code = character.unicodeScalars.first!.codePoint
    let link = character.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
    for arguments in [
      ["log-payment", "--amount", "420", "--merchant", "\(character)evil", "--yes"],
      ["log-payment", "--amount", "420", "--note", "lu\(character)nch", "--yes"],
      ["add", "--yes", "--amount", "5", "--merchant", "Jo\(character)e's"],
      ["add", "--yes", "--amount", "5", "--note", "\(character)lunch"],
      ["add", "--yes", "6", "coffee", "at", "Caf\(character)e"],
      ["add", "--yes", "6 coffee at \"Caf\(character)e\""],
      ["edit", "1", "--merchant", "So\(character)cial", "--yes"],
      ["open", "spendly://quickadd?amount=420&merchant=\(link)evil", "--yes"],
      ["open", "spendly://quickadd?text=420%20lunch%20at%20\(link)evil", "--yes"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 65, "\(arguments): \(result.stderr)")
      // The first line names it (a phrase's error goes on with the phrase and a caret).
      #expect(
        result.stderrLines.first?.contains("invisible or direction-changing character (\(code))") == true,
        "\(arguments): \(result.stderr)")
      #expect(!Self.hasHidden(result.stderr))
      #expect(result.stdout.isEmpty)
    }
    #expect(try sandbox.databaseBytes() == before)
  }

  /// The shell's entries meet the same rule.
  @Test func theShellRefusesThem() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--yes"], input: Data("420 lunch at \u{202E}evil\n".utf8))
    #expect(result.stderr.contains("invisible or direction-changing character (U+202E)"), "\(result.stderr)")
    let saved = FileManager.default.fileExists(atPath: sandbox.database) ? try sandbox.transactions() : []
    #expect(saved.isEmpty)
  }

  /// A zero-width joiner inside an emoji is part of the picture, not hidden.
  @Test func anEmojiJoinerIsNoHiddenCharacter() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "--amount", "5", "--merchant", "Desk", "--note", "👩\u{200D}💻 work")
    let rows = try #require(try json(try sandbox.ok("--json", "list")) as? [[String: Any]])
    #expect(rows.first?["note"] as? String == "👩\u{200D}💻 work")
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
