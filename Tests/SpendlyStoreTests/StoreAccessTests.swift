import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// What opening does to the file: reads create nothing, only databases are opened, read-only stays so.
@Suite("Store: access to the database file")
struct StoreAccessTests {
  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test(arguments: [StoreAccess.read, .readOnly])
  func aReadOfAMissingFileCreatesNothing(_ access: StoreAccess) throws {
    try withTemporaryDirectory { directory throws in
      guard
        case .missing? = storeError({
          _ = try Store(path: directory + "/a/b.db", access: access, clock: { fixedNow })
        })
      else {
        Issue.record("a read of a missing file should say it is missing")
        return
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
  }

  @Test func readOnlyAccessReadsAndRefusesEveryWrite() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      do {
        let store = try Store(path: path, clock: { fixedNow })
        try store.transactions.add(expense(420))
        try store.transactions.add(expense(180, merchant: "Blue Tokai"))
      }
      try #require(chmod(path, 0o444) == 0)
      let before = try bytes(path)
      let store = try Store(path: path, access: .readOnly, clock: { fixedNow })
      #expect(store.isReadOnly)
      #expect(try store.transactions.list().map(\.fields.merchant) == ["Blue Tokai", "Social"])
      #expect(try store.reports.summaries(TransactionFilter()).first?.expenses == 60_000)
      #expect(store.merchants.lastUse(of: "social")?.category == "Food")
      let writes: [() throws -> Void] = [
        { try store.transactions.add(expense(5)) }, { try store.transactions.delete(id: 1) }, { _ = try store.undo() },
        { try store.settings.set(.weekStart, "sunday") },
        { try store.catalog.addCategory("Pets", side: .expense, aliases: []) },
      ]
      for write in writes {
        guard case .readOnly(path)? = storeError(write) else {
          Issue.record("a write to a read-only store should be refused as read-only")
          continue
        }
      }
      #expect(try store.transactions.count() == 2)
      #expect(try bytes(path) == before)
      #expect(try permissions(path) == 0o444)
    }
  }

  @Test func anExistingDatabaseKeepsOnlyItsOwnersAccessAndNeverGainsWrite() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly.db"
      _ = try Store(path: path, clock: { fixedNow })
      try #require(chmod(path, 0o644) == 0)
      _ = try Store(path: path, access: .read, clock: { fixedNow })
      #expect(try permissions(path) == 0o600)
      try #require(chmod(path, 0o444) == 0)
      _ = try Store(path: path, access: .read, clock: { fixedNow })
      #expect(try permissions(path) == 0o400)
    }
  }

  enum NotADatabase: String, CaseIterable, Sendable {
    case text, shortFile, sqliteHeaderOnly, anotherProgramsDatabase, folder, fifo
  }

  @Test(arguments: NotADatabase.allCases, [StoreAccess.create, .read, .readOnly])
  func somethingElseIsRefusedAndLeftExactlyAsItWas(_ kind: NotADatabase, _ access: StoreAccess) throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/file"
      switch kind {
      case .text: try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: path))
      case .shortFile: try Data("SQLite".utf8).write(to: URL(fileURLWithPath: path))
      case .sqliteHeaderOnly:
        try Data(DatabaseFile.header + [UInt8](repeating: 0xAB, count: 200)).write(to: URL(fileURLWithPath: path))
      case .anotherProgramsDatabase:
        try Database(path: path).execute("CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('mine')")
      case .folder: try #require(mkdir(path, 0o755) == 0)
      case .fifo: try #require(mkfifo(path, 0o644) == 0)
      }
      try #require(chmod(path, 0o644) == 0)
      var info = stat()
      try #require(stat(path, &info) == 0)
      let content = info.st_mode & S_IFMT == S_IFREG ? try bytes(path) : nil
      let error = storeError { _ = try Store(path: path, access: access, clock: { fixedNow }) }
      switch error {
      case .notADatabase?, .cannotOpen?: break
      default: Issue.record("\(kind) opened with \(access): \(String(describing: error))")
      }
      var after = stat()
      try #require(stat(path, &after) == 0)
      #expect(after.st_mode == info.st_mode)
      #expect(after.st_size == info.st_size)
      #expect(try (after.st_mode & S_IFMT == S_IFREG ? bytes(path) : nil) == content)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file"])
    }
  }
}
