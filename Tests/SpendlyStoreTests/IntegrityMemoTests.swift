import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// The integrity memo: a file unchanged since Spendly last knew it intact is not read page by
/// page again, and any change by another program makes the next writer check it.
@Suite("Store: the integrity memo")
struct IntegrityMemoTests {
  @Test func aClosedStoreLeavesTheFileAsRecorded() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/spendly.db"
      let memo = IntegrityMemo(path: directory + "/state/verified")
      do {
        let store = try Store(path: path, clock: { fixedNow }, memo: memo)
        for rupees in 1...20 { try store.transactions.add(expense(Int64(rupees))) }
      }
      // After the last connection closed (and copied its log into the file), the memo matches.
      #expect(memo.matches(path))
      var info = stat()
      #expect(stat(directory + "/state/verified", &info) == 0 && info.st_mode & 0o777 == 0o600)
      // A read and another write keep it matching; the read leaves the memo's file as it was
      // (a rewrite would rename a new file, with a new inode, into its place).
      let inode = info.st_ino
      do {
        let store = try Store(path: path, access: .read, clock: { fixedNow }, memo: memo)
        #expect(try store.transactions.count() == 20)
      }
      #expect(memo.matches(path))
      #expect(stat(directory + "/state/verified", &info) == 0 && info.st_ino == inode)
      do {
        let store = try Store(path: path, clock: { fixedNow }, memo: memo)
        try store.transactions.add(expense(21))
      }
      #expect(memo.matches(path))
    }
  }

  @Test func aChangeByAnotherProgramIsCheckedAgain() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/spendly.db"
      let memo = IntegrityMemo(path: directory + "/verified")
      do {
        let store = try Store(path: path, clock: { fixedNow }, memo: memo)
        for rupees in 1...30 { try store.transactions.add(expense(Int64(rupees))) }
      }
      #expect(memo.matches(path))
      // Damage written behind Spendly's back changes the file: the memo no longer vouches for it,
      // the next write checks every page and refuses, and the memo is forgotten.
      try DamagedDataTests.damagePage(of: path)
      #expect(!memo.matches(path))
      let store = try Store(path: path, clock: { fixedNow }, memo: memo)
      guard case .damagedFile? = storeError({ try store.transactions.add(expense(5)) }) else {
        Issue.record("a write to a malformed file should be refused")
        return
      }
      #expect(!FileManager.default.fileExists(atPath: directory + "/verified"))
    }
  }

  @Test func stampsRoundTripAndNameTheFile() throws {
    try withTemporaryDirectory { directory throws in
      let path = directory + "/file"
      try Data("a".utf8).write(to: URL(fileURLWithPath: path))
      let stamp = try #require(IntegrityMemo.Stamp(of: path))
      #expect(IntegrityMemo.Stamp(text: stamp.text) == stamp)
      #expect(IntegrityMemo.Stamp(text: "1 2 3") == nil)
      #expect(IntegrityMemo.Stamp(of: directory + "/missing") == nil)
      try Data("ab".utf8).write(to: URL(fileURLWithPath: path))
      #expect(IntegrityMemo.Stamp(of: path) != stamp)
    }
  }
}
