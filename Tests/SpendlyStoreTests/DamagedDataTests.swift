import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// Values that do not read back, a malformed file, a full disk: one clear error each, never a crash.
@Suite("Store: damaged rows and files, full disks")
struct DamagedDataTests {
  @Test(arguments: Location.allCases)
  func everyStoredValueIsCheckedAndBadRowsAreNamed(_ location: Location) throws {
    try withStore(location) { store, _ in
      for rupees in 1...9 { try store.transactions.add(expense(Int64(rupees) * 10)) }
      try store.database.execute(
        """
        PRAGMA foreign_keys = OFF;
        UPDATE transactions SET date = 'garbage' WHERE id = 1;
        UPDATE transactions SET created_at = 'soon' WHERE id = 2;
        UPDATE transactions SET amount = 'lots' WHERE id = 3;
        UPDATE transactions SET amount = 12.5 WHERE id = 4;
        UPDATE transactions SET time = '25:99' WHERE id = 5;
        UPDATE transactions SET status = 'lost' WHERE id = 6;
        UPDATE transactions SET category_id = 99 WHERE id = 7;
        UPDATE transactions SET updated_at = 20261129 WHERE id = 8;
        PRAGMA foreign_keys = ON;
        """)
      let listing = try store.transactions.listing()
      #expect(listing.items.map(\.id) == [9])
      #expect(
        Set(listing.damaged.map(\.description)) == [
          "transaction #1: stored date 'garbage' is not a date",
          "transaction #2: stored created_at 'soon' is not a date and time",
          "transaction #3: stored amount 'lots' is not a whole amount above zero",
          "transaction #4: stored amount '12.5' is not a whole amount above zero",
          "transaction #5: stored time '25:99' is not a time",
          "transaction #6: stored status 'lost' is not booked, pending, authorized, memo or rejected",
          "transaction #7: stored category_id '99' is not a category",
          "transaction #8: stored updated_at '20261129' is not a date and time",
        ])
      guard case .damaged(let row)? = storeError({ _ = try store.transactions.transaction(id: 1) }) else {
        Issue.record("reading #1 should name its damaged date")
        return
      }
      #expect(row == DamagedRow(row: "transaction #1", field: "date", value: "garbage", expected: "a date"))
      guard case .damaged? = storeError({ _ = try store.transactions.list() }) else {
        Issue.record("list() fails on the first damaged row; listing() reads on")
        return
      }
      #expect(try store.transactions.transaction(id: 9)?.fields.amount.minorUnits == 9_000)
    }
  }

  @Test(arguments: Location.allCases)
  func historyNamesADamagedRevision(_ location: Location) throws {
    try withStore(location) { store, _ in
      let saved = try store.transactions.add(expense(10))
      try store.transactions.edit(id: saved.id, expense(20))
      try store.database.execute("UPDATE revisions SET recorded_at = 'then' WHERE id = 1")
      let listing = try store.transactions.historyListing(id: saved.id)
      #expect(listing.items.map(\.id) == [2])
      #expect(
        listing.damaged.map(\.description) == [
          "revision #1 of transaction #1: stored recorded_at 'then' is not a date and time"
        ])
    }
  }

  @Test(arguments: Location.allCases)
  func aDamagedCatalogIsOneErrorNotACrash(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.catalog.addCategory("Pets", side: .expense, aliases: ["vet"])
      try store.database.execute(
        "PRAGMA foreign_keys = OFF; UPDATE category_aliases SET category_id = 'x' WHERE alias = 'vet'")
      guard case .damaged(let row)? = storeError({ _ = try store.catalog.current() }) else {
        Issue.record("a damaged alias row should be named")
        return
      }
      #expect(row.description == "category alias 'vet': stored category_id 'x' is not a whole number")
    }
  }

  @Test(arguments: Location.allCases)
  func unknownCurrenciesInStoredRowsKeepTheirCode(_ location: Location) throws {
    try withStore(location) { store, _ in
      try store.transactions.add(expense(10))
      try store.database.execute("UPDATE transactions SET currency = 'XYZ'")
      let stored = try #require(try store.transactions.list().first)
      #expect(stored.fields.amount.currency.code == "XYZ")
      #expect(!stored.fields.amount.currency.isKnown)
      #expect(try store.reports.summaries(TransactionFilter()).map(\.currency.code) == ["XYZ"])
      #expect(try store.reports.breakdown(TransactionFilter(), by: .category).map(\.currency.code) == ["XYZ"])
    }
  }

  @Test func aFullDiskIsOnePlainErrorAndSavesNothing() throws {
    try withStore(.disk) { store, _ in
      try store.transactions.add(expense(10))
      let pages = try #require(try store.database.row("PRAGMA page_count")?.int(0))
      // The file may not grow: SQLite answers SQLITE_FULL, as on a full disk.
      try store.database.execute("PRAGMA max_page_count = \(pages)")
      var fields = expense(20)
      fields.note = String(repeating: "a long note ", count: 160)
      var failure: StoreError?
      for _ in 0..<200 {
        let before = try store.tableCounts()
        failure = storeError { try store.transactions.add(fields) }
        if failure != nil {
          #expect(try store.tableCounts() == before)
          break
        }
      }
      guard case .diskFull? = failure else {
        Issue.record("expected a full disk, got \(String(describing: failure))")
        return
      }
      #expect(failure?.description == "the disk is full: nothing was saved")
    }
  }

  /// Overwrites part of a page the transactions table uses, as a failing disk might.
  static func damagePage(of path: String) throws {
    let database = try Database(path: path)
    let page = try #require(try database.row("SELECT rootpage FROM sqlite_master WHERE name = 'transactions'")?.int(0))
    let size = try #require(try database.row("PRAGMA page_size")?.int(0))
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: UInt64((page - 1) * size + 8))
    try handle.write(contentsOf: Data(repeating: 0xEE, count: 64))
    try handle.close()
  }

  @Test func aMalformedFileTakesNoWrites() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/spendly.db"
      do {
        let store = try Store(path: path, clock: { fixedNow })
        for rupees in 1...30 { try store.transactions.add(expense(Int64(rupees))) }
      }
      try Self.damagePage(of: path)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let store = try Store(path: path, clock: { fixedNow })
      guard case .damagedFile? = storeError({ try store.transactions.add(expense(5)) }) else {
        Issue.record("a write to a malformed file should be refused")
        return
      }
      // Refused every time, settings and categories too.
      for write in [
        { try store.settings.set(.weekStart, "sunday") }, { try store.catalog.addMethod("Wallet", aliases: []) },
      ] {
        let error = storeError(write)
        guard case .damagedFile? = error else {
          Issue.record("expected the damaged file again, got \(String(describing: error))")
          continue
        }
        #expect(error?.description.contains("PRAGMA integrity_check") == true)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  /// quick_check names a page it could not read with the error's code: damage only when it is no I/O error.
  @Test func integrityVerdicts() {
    func name(_ verdict: IntegrityCheck.Verdict) -> String {
      switch verdict {
      case .intact: return "intact"
      case .damaged: return "damaged"
      case .notChecked: return "not checked"
      }
    }
    #expect(name(.init("ok")) == "intact")
    #expect(name(.init(nil)) == "damaged")
    #expect(name(.init("On tree page 25 cell 17: Rowid 25 out of order")) == "damaged")
    #expect(name(.init("Page 17: unable to get the page. error code=11")) == "damaged")
    #expect(name(.init("Page 17: unable to get the page. error code=522")) == "not checked")
  }

  @Test func plainMessagesNeverShowTheSQL() {
    let cases: [(Int32, String)] = [
      (13, "the disk is full: nothing was saved"), (5, "the database is busy"), (8, "is read-only"),
      (11, "the database file is damaged"), (26, "the database file is damaged"), (10, "could not be read or written"),
      (1, "its table 'x' is missing"),
    ]
    for (code, words) in cases {
      let error = DatabaseError(code: code, message: "no such table: x", sql: "SELECT * FROM x")
      let text = StoreError.from(error, path: "/tmp/x.db").description
      #expect(text.contains(words), "\(code): \(text)")
      #expect(!text.contains("SELECT") && !text.contains("error \(code)"), "\(code): \(text)")
      if code == 1 { #expect(!text.contains("no such") && !text.contains("database error"), "\(text)") }
    }
  }

  /// A damaged file's message says what is wrong in words about the file, never SQLite's own
  /// report (pages, cells, index names).
  @Test func aDamagedFileIsDescribedNotQuoted() {
    let reports = [
      ("On tree page 25 cell 17: Rowid 25 out of order", "some of its pages do not read back"),
      ("row 3 missing from index transactions_by_date", "an index is out of step with its table"),
      ("wrong # of entries in index changes_by_time", "an index is out of step with its table"),
      ("file is not a database", "its header is not a database's"),
      ("database disk image is malformed", "some of its pages do not read back"),
    ]
    for (report, words) in reports {
      let text = StoreError.damagedFile("/tmp/x.db", report).description
      #expect(text.contains("(\(words))"), "\(text)")
      #expect(!text.contains("page 25") && !text.contains("transactions_by_date") && !text.contains("Rowid"), "\(text)")
    }
  }
}
