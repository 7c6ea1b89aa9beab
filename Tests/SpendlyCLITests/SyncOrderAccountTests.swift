import Foundation
import SpendlyTestSupport
import Testing

/// `spendly sync`: files in the order of their statement periods, `--account` for files that
/// name none, a file placed by its contents, each statement's balance check (issue 25).
@Suite("spendly sync: order, accounts and balance checks")
struct SyncOrderAccountTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/statements/sync").path

  /// A folder in the sandbox holding copies of `names`.
  static func folder(_ sandbox: Sandbox, _ names: String...) throws -> String {
    let folder = sandbox.directory + "/statements"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: folder + "/" + name)
    }
    return folder
  }

  static func files(_ output: String) throws -> [[String: Any]] {
    let summary = try #require(try json(output) as? [String: Any])
    return try #require(summary["files"] as? [[String: Any]])
  }

  static func accounts(_ sandbox: Sandbox) throws -> [[String: Any]] {
    let listed = try #require(try json(sandbox.ok("--json", "accounts", "list")) as? [String: Any])
    return try #require(listed["accounts"] as? [[String: Any]])
  }

  /// `b-october.xml` comes before `a-november.xml` (its period is older); a file whose dates do
  /// not read comes last, though its name sorts first.
  @Test func filesGoInTheOrderOfTheirStatementsAndOneWithoutDatesLast() throws {
    let sandbox = try Sandbox()
    let folder = try Self.folder(sandbox, "a-november.xml", "b-october.xml")
    try "these are my notes\n".write(toFile: folder + "/0-notes.txt", atomically: true, encoding: .utf8)
    let result = try sandbox.run(["--json", "sync", folder, "--yes"])
    #expect(result.status == 65, "the notes do not import")
    let files = try Self.files(result.stdout)
    #expect(files.map { $0["file"] as? String } == ["b-october.xml", "a-november.xml", "0-notes.txt"])
    #expect(createdAccounts(files.first) == ["Bank ····2051: savings"], "October's file opens the account")
    let accounts = try Self.accounts(sandbox)
    #expect(accounts.map { $0["name"] as? String } == ["Bank ····2051"])
    #expect(accounts.first?["opening_date"] as? String == "2026-10-01")
  }

  /// Each file's line is followed by its statements' balance checks, as `import` prints them;
  /// the JSON has them in each file's `accounts`.
  @Test func eachFilesBalanceCheckIsPrintedUnderItsLine() throws {
    let sandbox = try Sandbox()
    let folder = try Self.folder(sandbox, "a-november.xml", "b-october.xml")
    let text = try sandbox.ok("sync", folder, "--yes")
    #expect(
      text == """
        b-october.xml (CAMT.053): 2 added · new savings account Bank ····2051
          Bank ····2051 Sat 31 Oct 2026: statement €2,550.00 · computed €2,550.00 · agrees
        a-november.xml (CAMT.053): 3 added
          Bank ····2051 Mon 30 Nov 2026: statement €3,704.10 · computed €3,704.10 · agrees
        2 new files · 5 added · 0 seen before

        """)
    try "!Type:Bank\nD2026-11-28\nT-10.00\nPKIOSK\n^\n".write(
      toFile: folder + "/c.qif", atomically: true, encoding: .utf8)
    let again = try Self.files(sandbox.ok("--json", "sync", folder, "--account", "bank"))
    #expect(again.count == 1)
    let qif = try #require(again.first?["accounts"] as? [[String: Any]])
    #expect(qif.first?["account"] as? String == "Bank ····2051")
    #expect(qif.first?["statement_balance"] is NSNull, "a QIF gives no balance")

    let other = try Sandbox()
    let files = try Self.files(
      other.ok("--json", "sync", try Self.folder(other, "a-november.xml", "b-october.xml"), "--yes"))
    let checks = files.compactMap { ($0["accounts"] as? [[String: Any]])?.first }
    #expect(checks.map { $0["statement_balance"] as? String } == ["2550.00", "3704.10"])
    #expect(checks.map { $0["computed_balance"] as? String } == ["2550.00", "3704.10"])
    #expect(checks.map { $0["as_of"] as? String } == ["2026-10-31", "2026-11-30"])
    #expect(checks.allSatisfy { $0["agrees"] as? Bool == true })
  }

  /// A QIF with no `!Account`: synced twice with `--account` it goes to that account; a third
  /// file, synced without, goes there too (most of its rows are there), no new account made.
  @Test func aFileThatNamesNoAccountGoesToAccountThenWhereItsRowsAre() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Visa Gold", "--type", "card", "--last4", "1111")
    try sandbox.ok("accounts", "add", "Amex Platinum", "--type", "card", "--last4", "2222")
    let folder = try Self.folder(sandbox, "visa-1.qif")
    let first = try Self.files(sandbox.ok("--json", "sync", folder, "--account", "visa"))
    #expect(first.first?["added"] as? Int == 3)
    #expect((first.first?["accounts"] as? [[String: Any]])?.first?["account"] as? String == "Visa Gold")
    try FileManager.default.copyItem(atPath: Self.fixtures + "/visa-2.qif", toPath: folder + "/visa-2.qif")
    let second = try Self.files(sandbox.ok("--json", "sync", folder, "--account", "visa"))
    #expect(second.map { $0["file"] as? String } == ["visa-2.qif"])
    #expect(second.first?["added"] as? Int == 1 && second.first?["duplicates"] as? Int == 3)
    try FileManager.default.copyItem(atPath: Self.fixtures + "/visa-3.qif", toPath: folder + "/visa-3.qif")
    let third = try Self.files(sandbox.ok("--json", "sync", folder))
    #expect(createdAccounts(third.first) == [])
    #expect((third.first?["accounts"] as? [[String: Any]])?.first?["account"] as? String == "Visa Gold")
    #expect(third.first?["added"] as? Int == 1 && third.first?["duplicates"] as? Int == 3)
    #expect(try Self.accounts(sandbox).map { $0["name"] as? String } == ["Visa Gold", "Amex Platinum"])
    let rows = try #require(try json(sandbox.ok("--json", "list", "--account", "visa gold")) as? [[String: Any]])
    #expect(rows.count == 5)
  }

  /// `import FILE` without --account: a file that names no account goes to the account holding
  /// its bank references (one of four rows is there), not to a new one.
  @Test func anImportWithoutAccountFindsTheAccountHoldingItsReferences() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Canara Savings", "--type", "savings")
    try sandbox.ok("accounts", "add", "Kotak Savings", "--type", "savings")
    try sandbox.ok("import", Self.fixtures + "/cheques-1.qif", "--account", "canara")
    let summary = try #require(
      try json(sandbox.ok("--json", "import", Self.fixtures + "/cheques-2.qif", "--yes")) as? [String: Any])
    #expect(createdAccounts(summary) == [])
    #expect((summary["accounts"] as? [[String: Any]])?.first?["account"] as? String == "Canara Savings")
    #expect(summary["added"] as? Int == 3 && summary["duplicates"] as? Int == 1)
  }

  /// Sync without --account: a QIF that names no account goes to the account already holding
  /// most of its rows (imported there with `import --account`), not to a new "Card".
  @Test func syncWithoutAccountFindsTheAccountHoldingMostRows() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Visa Gold", "--type", "card")
    try sandbox.ok("import", Self.fixtures + "/visa-1.qif", "--account", "visa")
    let files = try Self.files(sandbox.ok("--json", "sync", try Self.folder(sandbox, "visa-2.qif")))
    #expect(createdAccounts(files.first) == [])
    #expect((files.first?["accounts"] as? [[String: Any]])?.first?["account"] as? String == "Visa Gold")
    #expect(files.first?["added"] as? Int == 1)
    #expect(try Self.accounts(sandbox).count == 1)
  }

  /// A dry run's file that would need an account is told, not counted as failed; the real run
  /// without --account or --yes still fails it.
  @Test func aDryRunSaysAFileWouldNeedAnAccount() throws {
    let sandbox = try Sandbox()
    let folder = try Self.folder(sandbox, "a-november.xml")
    let dry = try sandbox.run(["sync", folder, "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.contains("· 1 would need an account (--account NAME, or --yes to create it)"), "\(dry.stdout)")
    #expect(!dry.stdout.contains("failed"), "\(dry.stdout)")
    let real = try sandbox.run(["sync", folder])
    #expect(real.status == 65 && real.stdout.contains("· 1 failed"), "\(real.stdout)")
  }

  /// A word `--account` does not resolve stops sync before any file is read.
  @Test func anAccountThatIsNoneStopsSyncBeforeAnyFile() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("accounts", "add", "Visa Gold", "--type", "card")
    let folder = try Self.folder(sandbox, "visa-1.qif")
    let result = try sandbox.run(["sync", folder, "--account", "mastercard"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("no account named 'mastercard'"))
    #expect(try sandbox.ok("list") == "no transactions\n")
  }
}
