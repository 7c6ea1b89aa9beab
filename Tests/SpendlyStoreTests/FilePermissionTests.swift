import SpendlyCore
import Testing

@testable import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

func permissions(_ path: String) throws -> mode_t {
  var info = stat()
  try #require(stat(path, &info) == 0, "cannot stat \(path)")
  return info.st_mode & 0o777
}

/// Owner-only files only exist on disk, so these tests have no in-memory twin.
@Suite("Store: files are owner-only")
struct FilePermissionTests {
  @Test func createdFileIs0600AndItsDirectories0700() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/spendly/nested/spendly.db"
      let store = try Store(path: path, clock: { fixedNow })
      try store.transactions.add(expense(420))
      #expect(try permissions(path) == 0o600)
      #expect(try permissions(directory + "/spendly/nested") == 0o700)
      #expect(try permissions(directory + "/spendly") == 0o700)
      // While the store is open the write-ahead log exists and is owner-only too.
      #expect(try permissions(path + "-wal") == 0o600)
      #expect(try store.database.row("PRAGMA journal_mode")?.text(0) == "wal")
    }
  }

}
