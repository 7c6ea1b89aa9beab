import CSQLite
import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// Damage a database can suffer: values changed by hand, bytes flipped on disk. Nothing may crash,
/// and a file SQLite finds malformed takes no writes.
@Suite("spendly on damaged data: no crash, bad rows named, malformed files refused for writes")
struct DamagedFileTests {
  /// A database of `count` transactions (through the store), closed so it is one file.
  static func database(at path: String, count: Int) throws {
    let store = try Store(path: path, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    var random = SplitMix64(seed: 0xDA7A)
    let fields = (0..<count).map { index in
      TransactionFields(
        kind: index % 7 == 0 ? .income : .expense,
        amount: Money(minorUnits: Int64(100 + random.below(500_000)), currency: index % 5 == 0 ? .usd : .inr),
        category: index % 7 == 0 ? "Salary" : random.pick(["Food", "Travel", "Bills"]), method: "UPI",
        merchant: random.pick(["Social", "Uber", nil]), note: index % 3 == 0 ? "note \(index)" : nil,
        date: LocalDate(iso: "2026-11-01")!.adding(days: random.below(28)), time: LocalTime(hour: 12, minute: 30))
    }
    try store.transactions.apply(action: .import, fields.map { .add($0) })
    try store.transactions.edit(id: 3, fields[2])
  }

  /// SQLite's full verdict on a file (`integrity_check`, as the write gate makes it): nil when
  /// it reads as intact, else what it said.
  static func malformation(_ path: String) -> String? {
    do {
      let database = try Database(path: path, flags: SQLITE_OPEN_READONLY)
      let answer = try database.row("PRAGMA integrity_check(1)")?.text(0)
      return answer == "ok" ? nil : answer ?? "no answer"
    } catch {
      return "\(error)"
    }
  }

  @Test func byteFlippedCopiesNeverCrashAndMalformedOnesTakeNoWrites() throws {
    let sandbox = try Sandbox()
    let original = sandbox.directory + "/original.db"
    try Self.database(at: original, count: 60)
    try #require(sideFiles(original).isEmpty)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: original)))
    var random = SplitMix64(seed: 0xF11F_2026)
    var malformed = 0
    var refusedAsNoDatabase = 0
    for copy in 0..<80 {
      var flipped = bytes
      for _ in 0..<(2 + random.below(4)) {
        flipped[random.below(flipped.count)] ^= UInt8(1 + random.below(255))
      }
      let path = sandbox.directory + "/flipped-\(copy).db"
      try Data(flipped).write(to: URL(fileURLWithPath: path))
      let verdict = Self.malformation(path)
      for command in [
        ["list", "--limit", "0"], ["query", "spent", "this", "month"], ["history", "3"], ["show", "3"],
      ] {
        let result = try sandbox.run(["--db", path, "--now", "2026-11-29T13:05"] + command, globals: false)
        #expect(result.status < 128, "copy \(copy): spendly \(command) died: \(result.stderr)")
      }
      let add = try sandbox.run(
        ["--db", path, "--now", "2026-11-29T13:05", "add", "--yes", "10", "upi"], globals: false)
      #expect(add.status < 128, "copy \(copy): add died: \(add.stderr)")
      if let verdict {
        malformed += 1
        #expect(add.status != 0, "copy \(copy) is malformed (\(verdict)) but add saved: \(add.stdout)")
        #expect(!add.stdout.contains("saved"))
        #expect(add.stderrLines.count == 1, "copy \(copy): \(add.stderr)END")
        #expect(
          add.stderr.contains("damaged") || add.stderr.contains("not a spendly database"),
          "copy \(copy): \(add.stderr)")
        if add.stderr.contains("damaged") { #expect(add.stderr.contains("PRAGMA integrity_check")) }
        if add.status == 66 { refusedAsNoDatabase += 1 }
      }
    }
    // The flips must damage enough copies for the test to mean something.
    #expect(malformed >= 10, "only \(malformed) of 80 copies are malformed")
    #expect(malformed - refusedAsNoDatabase >= 5, "too few copies open as databases at all")
  }

  /// The rows the brief names, damaged by hand: each is reported by its id, the rest are listed.
  @Test func damagedValuesAreNamedByRowAndTheRestListed() throws {
    let sandbox = try Sandbox()
    for amount in ["10", "20", "30", "40", "50"] { try sandbox.ok("add", "--yes", amount, "upi", "food") }
    try sandbox.ok("edit", "5", "--amount", "55")
    let database = try Database(path: sandbox.database)
    try database.execute(
      """
      UPDATE transactions SET date = 'garbage' WHERE id = 3;
      UPDATE transactions SET created_at = 'yesterday-ish' WHERE id = 2;
      UPDATE transactions SET amount = 'lots' WHERE id = 4;
      UPDATE revisions SET recorded_at = 'then' WHERE txn_id = 5 AND change_id = 5;
      """)
    let list = try sandbox.run(["list"])
    #expect(list.status == 0)
    #expect(list.stdout.contains("#5") && list.stdout.contains("#1"))
    #expect(!list.stdout.contains("#3") && !list.stdout.contains("#2") && !list.stdout.contains("#4"))
    #expect(
      list.stderrLines == [
        // 'garbage' sorts after every date, so #3 comes first, newest.
        "spendly: warning: transaction #3: stored date 'garbage' is not a date",
        "spendly: warning: transaction #4: stored amount 'lots' is not a whole amount above zero",
        "spendly: warning: transaction #2: stored created_at 'yesterday-ish' is not a date and time",
      ])
    let show = try sandbox.run(["show", "3"])
    #expect(show.status == 65)
    #expect(show.stderrLines == ["spendly: transaction #3: stored date 'garbage' is not a date"])
    let history = try sandbox.run(["history", "5"])
    #expect(history.status == 0)
    #expect(history.stdout.hasPrefix("#5: 1 revision"))
    #expect(history.stderr.contains("revision #5 of transaction #5: stored recorded_at 'then' is not a date and time"))
    // Questions total what reads back and say which currency could not be added up.
    let spent = try sandbox.run(["query", "spent", "this", "month"])
    #expect(spent.status == 0)
    #expect(spent.stdout.contains("INR: total cannot be added up"))
    #expect(spent.stderr.contains("a stored amount or kind is damaged"))
  }

  /// Codes spendly does not know, found in stored rows, are shown as codes with a warning, never as ₹.
  @Test func unknownCurrencyCodesAreShownByCode() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "420", "upi", "food")
    try sandbox.ok("add", "--yes", "100", "cash", "food")
    try Database(path: sandbox.database).execute(
      "UPDATE transactions SET currency = 'XYZ' WHERE id = 2; UPDATE revisions SET currency = 'XYZ' WHERE txn_id = 2")
    let warning = "spendly: warning: currency 'XYZ' is not one spendly knows: its amounts are shown in minor units"
    for command in [["list"], ["show", "2"], ["history", "2"], ["query", "spent", "this", "month"], ["dashboard"]] {
      let result = try sandbox.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(result.stdout.contains("XYZ 10,000"), "\(command): \(result.stdout)")
      #expect(!result.stdout.contains("₹100.00") && !result.stdout.contains("₹10,000"), "\(command)")
      #expect(result.stderrLines == [Substring(warning)], "\(command): \(result.stderr)")
    }
    let json = try sandbox.run(["--json", "list"])
    #expect(json.stdout.contains("\"currency\": \"XYZ\""))
    #expect(json.stderrLines == [Substring(warning)])
  }
}
