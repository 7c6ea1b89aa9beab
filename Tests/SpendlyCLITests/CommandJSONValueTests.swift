import SpendlyCore
import Testing

@testable import SpendlyCLI

/// The commands' JSON as typed values: the keys and their order as the hand-built objects wrote
/// them, null where a value is missing, and keys that are data (undo's verb) spelled as given.
@Suite("Command JSON from Encodable values")
struct CommandJSONValueTests {
  @Test func aBackupAndARestoreKeepTheirKeysAndWriteAMissingCopyAsNull() {
    #expect(
      JSON(BackupJSON(file: "b.db", transactions: 3, bytes: 4096, schema: 9)).rendered(indent: nil)
        == #"{"file":"b.db","transactions":3,"bytes":4096,"schema":9}"#)
    #expect(
      JSON(RestoreJSON(file: "b.db", transactions: 3, kept: nil)).rendered(indent: nil)
        == #"{"file":"b.db","transactions":3,"kept":null}"#)
  }

  @Test func undoAndRedoWriteTheActionUnderTheirOwnVerb() {
    let undone = JSON(RevertedJSON(verb: "undone", action: "add", summary: "added #2", transactions: [2]))
    #expect(undone.rendered(indent: nil) == #"{"undone":"add","summary":"added #2","transactions":[2]}"#)
    let redone = JSON(RevertedJSON(verb: "redone", action: "import", summary: "imported", transactions: []))
    #expect(redone.rendered(indent: nil) == #"{"redone":"import","summary":"imported","transactions":[]}"#)
  }

  @Test func aRefusedImportSaysNothingWasAddedAndWhy() {
    let json = JSON(ImportRefusedJSON(file: "x.csv", format: "Spendly CSV", dryRun: true, errors: ["no file"]))
    #expect(
      json.rendered(indent: nil)
        == #"{"file":"x.csv","format":"Spendly CSV","dry_run":true,"added":0,"errors":["no file"]}"#)
  }

  @Test func aFilesRowsWriteWarningsOnlyWhenThereAreSomeAndALinelessConflictAsNull() {
    func rows(_ warnings: [String]?) -> JSON {
      JSON(
        FileRowsJSON(
          file: "e.csv", format: "Spendly CSV", dryRun: false, added: 1, duplicates: 0, updated: 0, unchanged: 2,
          conflicts: [.init(id: 7, line: nil, changed: ["amount"], reason: "deleted in the sheet")], deleted: 0,
          missing: 0, createdCategories: [], createdMethods: [], createdAccounts: [], createdAccountTypes: [],
          droppedRecurring: 0,
          warnings: IfPresent(warnings)))
    }
    let plain = rows(nil)
    #expect(plain.pairs.map(\.0).last == "errors")
    #expect(!plain.rendered(indent: nil).contains("warnings"))
    #expect(plain.rendered(indent: nil).contains(#""conflicts":[{"id":7,"line":null,"changed":["amount"],"#))
    let warned = rows(["line 3: odd date"])
    #expect(warned.pairs.map(\.0).suffix(2) == ["errors", "warnings"])
  }

  @Test func aBalanceWritesEachFigureBesideItsMinorUnits() {
    let inr = Currency.inr
    let json = JSON(
      BalanceJSON(
        account: "HDFC", type: "savings", class: "asset", currency: "INR", from: "2026-11-01", to: "2026-11-30",
        step: "day", balance: MoneyFigure(42_000, inr),
        points: [BalanceJSON.Point(date: "2026-11-30", balance: MoneyFigure(42_000, inr))], statements: []))
    #expect(
      json.pairs.map(\.0) == [
        "account", "type", "class", "currency", "from", "to", "step", "balance", "balance_minor", "points",
        "statements",
      ])
    #expect(json.rendered(indent: nil).contains(#""points":[{"date":"2026-11-30","balance":"420.00","balance_minor":42000}]"#))
  }

  @Test func aSyncNamesAFileThatFailedAndWhy() {
    let json = JSON(
      SyncJSON(files: [.failed(file: "a.csv", error: "no mapping")], new: 0, seen: 1, added: 0, errors: ["no mapping"]))
    #expect(
      json.rendered(indent: nil)
        == #"{"files":[{"file":"a.csv","error":"no mapping"}],"new":0,"seen":1,"added":0,"errors":["no mapping"]}"#)
  }
}
