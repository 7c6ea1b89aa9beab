import Foundation
import SpendlyTestSupport
import Testing

/// `export csv --all-fields`, edited in a spreadsheet, back in with `import`: through the
/// binary, with LibreOffice saving the file with semicolons (soffice is required, as for the
/// workbook's tests; `make test` installs it).
@Suite("import: an edited --all-fields CSV, through LibreOffice")
struct CSVReimportCommandTests {
  /// The file's rows with three expenses changed as a person would in the sheet: two amounts
  /// and a category. Returns the lines and the three ids.
  static func editThree(_ csv: String) throws -> (String, [String]) {
    var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var edited: [String] = []
    for (index, line) in lines.enumerated().dropFirst() where edited.count < 3 {
      // Id, Date, Time, Type, Amount, Currency, Category: no cell before the Merchant is quoted.
      var cells = line.split(separator: ",", maxSplits: 7, omittingEmptySubsequences: false).map(String.init)
      guard cells.count == 8, cells[3] == "expense", cells[5] == "INR", cells[6] != "Travel" else { continue }
      switch edited.count {
      case 0: cells[4] = "1234.50"
      case 1: cells[4] = "7"
      default: cells[6] = "Travel"
      }
      edited.append(cells[0])
      lines[index] = cells.joined(separator: ",")
    }
    #expect(edited.count == 3)
    return (lines.joined(separator: "\n"), edited)
  }

  /// The file as LibreOffice saves it with a semicolon delimiter after opening it (the Amount
  /// column as a number, the rest as text, as a person would set them to keep ids and codes).
  static func savedBySpreadsheet(_ file: String, in sandbox: Sandbox) throws -> String {
    let columns = (1...22).map { "\($0)/\($0 == 5 ? 1 : 2)" }.joined(separator: "/")
    let out = sandbox.directory + "/saved"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let converted = try ExportToolsTests.tool(
      [
        "soffice", "-env:UserInstallation=file://\(sandbox.directory)/profile", "--headless",
        "--infilter=CSV:44,34,76,1,\(columns)",
        "--convert-to", "csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,false,false,false",
        "--outdir", out, file,
      ], in: sandbox.directory)
    #expect(converted.status == 0, "\(converted.err)")
    return out + "/" + (file as NSString).lastPathComponent
  }

  @Test func threeRowsEditedInLibreOfficeAreThreeUpdatesAndOneUndo() throws {
    let sandbox = try Sandbox()
    try ExportImportTests.world(sandbox)
    let exported = try sandbox.ok("export", "csv", "--all-fields")
    let rows = exported.split(separator: "\n").count - 1
    let (edited, ids) = try Self.editThree(exported)
    let file = sandbox.directory + "/books.csv"
    try edited.write(toFile: file, atomically: true, encoding: .utf8)
    let saved = try Self.savedBySpreadsheet(file, in: sandbox)
    let semicolons = try String(contentsOfFile: saved, encoding: .utf8)
    #expect(semicolons.hasPrefix("Id;Date;Time;Type;Amount;"), "\(semicolons.prefix(200))")

    let dry = try sandbox.ok("import", saved, "--dry-run")
    #expect(dry.hasPrefix("\(saved) (Spendly CSV): would be 3 updated · 0 added · \(rows - 3) unchanged\n"), "\(dry)")
    let said = try sandbox.ok("import", saved)
    #expect(said.hasPrefix("\(saved) (Spendly CSV): 3 updated · 0 added · \(rows - 3) unchanged\n"), "\(said)")
    #expect(said.contains("'undo' takes this import back"))
    #expect(try sandbox.ok("log").contains("imported \(saved): 3 updated · 0 added"))
    let history = try sandbox.ok("history", ids[0])
    #expect(history.contains("import  current") && history.contains("₹1,234.50"), "\(history)")
    #expect(try sandbox.ok("history", ids[2]).contains("Travel"))
    // The same file again: nothing left to update.
    let again = try #require(try json(sandbox.ok("--json", "import", saved)) as? [String: Any])
    #expect(again["updated"] as? Int == 0 && again["added"] as? Int == 0)
    #expect((again["conflicts"] as? [Any])?.count == 3, "each edited row's transaction moved on: \(again)")
    // One undo takes all three back.
    #expect(try sandbox.ok("undo").hasPrefix("undid import"))
    let after = try sandbox.ok("export", "csv", "--all-fields")
    #expect(ExportImportTests.withoutOrigin(after) == ExportImportTests.withoutOrigin(exported))
  }

  @Test func theSummaryListsConflictsAndDeletesOnlyWithSyncDeletes() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--yes", "420", "food", "upi", "date:2026-11-02")
    try sandbox.ok("add", "--yes", "120", "transport", "cash", "date:2026-11-03")
    try sandbox.ok("add", "--yes", "99", "food", "cash", "date:2026-11-04")
    let exported = try sandbox.ok("export", "csv", "--all-fields")
    try sandbox.ok("edit", "1", "--note", "changed here")
    var lines = exported.split(separator: "\n").map(String.init)
    lines[1] = lines[1].replacingOccurrences(of: ",420.00,", with: ",430.00,")
    // A row between the first and the last (by date and id): the export surely held it.
    lines.removeAll { $0.hasPrefix("2,") }
    let file = sandbox.directory + "/edited.csv"
    try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    let kept = try sandbox.ok("import", file)
    #expect(kept.hasPrefix("\(file) (Spendly CSV): 0 added · 1 unchanged · 1 conflict\n"), "\(kept)")
    #expect(kept.contains("  conflict: #1 at line 2 (amount): changed since the export"), "\(kept)")
    #expect(kept.contains("1 row of the export is not in the file: kept (--sync-deletes deletes them)"), "\(kept)")
    let synced = try #require(try json(sandbox.ok("--json", "import", file, "--sync-deletes")) as? [String: Any])
    #expect(synced["deleted"] as? Int == 1 && synced["unchanged"] as? Int == 1)
    #expect(try sandbox.transactions().count == 2)
    // --sync-deletes means nothing for a statement.
    let refused = try sandbox.run(["import", ImportCommandTests.folder + "/hdfc-savings-nov.ofx", "--sync-deletes"])
    #expect(refused.status != 0 && refused.stderr.contains("--sync-deletes is for Spendly's CSV"), "\(refused.stderr)")
    #expect(try sandbox.ok("help", "import").contains("--sync-deletes"))
  }
}
