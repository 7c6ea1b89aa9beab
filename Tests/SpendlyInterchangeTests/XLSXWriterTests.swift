import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyInterchange

/// The XLSX writer checked from outside: Python's zipfile for the ZIP structure, openpyxl for
/// what a spreadsheet reads back (types, formats, header, filter, widths, exact sums), and
/// LibreOffice's CSV conversion. python3 with openpyxl, and soffice, are required (`make test` installs them).
@Suite("XLSX writer")
struct XLSXWriterTests {
  static let rupees = "[$₹-4009]#,##,##0.00"
  static let generatedRows = 1000

  /// A fresh folder under the system's temporary folder, removed when the test ends.
  final class Folder {
    let path: String
    init() throws {
      path = FileManager.default.temporaryDirectory.appendingPathComponent("spendly-xlsx-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

  /// Four sheets: transactions with every cell type and format, a summary with percentages,
  /// a header with no rows, and a sheet without a header. Returns the amount column's sum in paise.
  @discardableResult
  static func writeSample(_ path: String) throws -> Int64 {
    var writer = try XLSXWriter(path: path)
    var total: Int64 = 0
    try writer.sheet(
      name: "Transactions", header: ["Date", "Merchant", "Amount", "Currency", "Count", "Note"],
      widths: [12, 28, 14.5, 9, 7, 40]
    ) { rows in
      let fixed: [[WorkbookCell]] = [
        [
          .date(day("2026-11-23")), .text("Café Mocha & Co <Bandra>"), .number("-1046.50", format: rupees),
          .text("INR"),
          .integer(1), .text("coffee \"and\" cake"),
        ],
        [
          .date(day("2026-11-24")), .text("Salary"), .number("123456.00", format: rupees), .text("INR"), .integer(1),
          .empty,
        ],
        [
          .date(day("2026-11-25")), .text("Amazon.com"), .number("-19.99", format: "$#,##0.00"), .text("USD"),
          .integer(2), .text("  leading spaces and\nnewline"),
        ],
        [
          .date(day("2026-11-26")), .text("Tokyo Ramen"), .number("-1500", format: "[$¥-411]#,##0"), .text("JPY"),
          .integer(1), .text("bell\u{7}gone\u{FFFF}, _x0041_ kept"),
        ],
        [
          .date(day("2026-11-27")), .text("Berlin Hbf"), .number("+42.10", format: "[$€-2] #,##0.00"), .text("EUR"),
          .integer(-3), .text("receipt 🧾"),
        ],
      ]
      for row in fixed { try rows.append(row) }
      total = -104_650 + 12_345_600 - 1999 - 150_000 + 4210
      for index in 0..<generatedRows {
        let paise = Int64(index) * 137 - 50_000
        total += paise
        try rows.append([
          .date(LocalDate(daysSinceEpoch: 20_000 + index)), .text("Merchant \(index % 17)"),
          .decimal(paise, scale: 2, format: rupees), .text("INR"), .integer(Int64(index)),
        ])
      }
    }
    try writer.sheet(name: "Bob's & Co", header: ["Category", "Share", "Total"], widths: [20, 8, 14]) { rows in
      try rows.append([.text("Food"), .number("0.256", format: "0.0%"), .number("-2588.60", format: rupees)])
      try rows.append([.text("Rent"), .number("0.744", format: "0.0%"), .number("-7500", format: rupees)])
    }
    try writer.sheet(name: "Empty", header: ["A", "B", "C"]) { _ in }
    try writer.sheet(name: "Notes", header: []) { rows in
      try rows.append([.text("no header here"), .empty, .integer(7)])
    }
    #expect(writer.sheetNames == ["Transactions", "Bob's & Co", "Empty", "Notes"])
    try writer.finish()
    return total
  }

  /// Runs python3 with `script`; fails the test (never skips it) when python3 or a module is missing.
  static func python(_ script: String, _ arguments: [String], in folder: Folder) throws -> String {
    try run(["python3", "-c", script] + arguments, in: folder)
  }

  /// Runs a program found on PATH and returns what it printed; a non-zero exit is an error.
  static func run(_ command: [String], in folder: Folder) throws -> String {
    let output = folder.path + "/out-\(UUID().uuidString)"
    let errors = output + ".err"
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    process.waitUntilExit()
    let printed = try String(contentsOfFile: output, encoding: .utf8)
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      throw CommandFailure(
        command: command.prefix(2).joined(separator: " "), status: process.terminationStatus, message: message)
    }
    return printed
  }

  struct CommandFailure: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let message: String
    var description: String { "\(command) exited with \(status): \(message)" }
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func zipStructureIsSoundAndDeterministic() throws {
    let folder = try Folder()
    try Self.writeSample(folder.path + "/a.xlsx")
    try Self.writeSample(folder.path + "/b.xlsx")
    let script = """
      import json, sys, zipfile
      z = zipfile.ZipFile(sys.argv[1])
      print(json.dumps({"bad": z.testzip(), "names": z.namelist(),
        "entries": [[i.compress_type, list(i.date_time), i.flag_bits] for i in z.infolist()]}))
      """
    let report = try Self.json(Self.python(script, [folder.path + "/a.xlsx"], in: folder))
    #expect(report["bad"] is NSNull, "every entry's CRC checks")
    let names = try #require(report["names"] as? [String])
    #expect(
      Set(names) == [
        "[Content_Types].xml", "_rels/.rels", "docProps/core.xml", "docProps/app.xml", "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml",
        "xl/worksheets/sheet3.xml", "xl/worksheets/sheet4.xml",
      ])
    #expect(names.count == 11)
    for entry in try #require(report["entries"] as? [[Any]]) {
      #expect(entry[0] as? Int == 8, "deflated")
      #expect(entry[1] as? [Int] == [2026, 1, 1, 0, 0, 0], "fixed time")
      #expect((entry[2] as? Int ?? -1) & 0x08 == 0, "sizes in the local header, no data descriptor")
    }
    let first = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.xlsx"))
    let second = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b.xlsx"))
    #expect(first == second, "the same workbook makes the same bytes")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "no temporary file is left beside the workbook")
  }

  static let openpyxlScript = """
    import json, sys, decimal, openpyxl
    wb = openpyxl.load_workbook(sys.argv[1])
    out = {"sheets": wb.sheetnames}
    for ws in wb.worksheets:
        out[ws.title] = {
            "cells": [[[type(c.value).__name__, None if c.value is None else str(c.value), c.number_format,
                        bool(c.font.b)] for c in row] for row in ws.iter_rows()],
            "freeze": ws.freeze_panes, "filter": ws.auto_filter.ref,
            "widths": {k: d.width for k, d in ws.column_dimensions.items() if d.customWidth},
        }
    amounts = [r[0].value for r in wb["Transactions"].iter_rows(min_row=2, min_col=3, max_col=3)]
    total = sum(decimal.Decimal(repr(v)) for v in amounts)
    out["total"] = str(total.quantize(decimal.Decimal("0.01")))
    out["amountTypes"] = sorted(set(type(v).__name__ for v in amounts))
    print(json.dumps(out))
    """

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func openpyxlReadsTypesFormatsAndLayout() throws {
    let folder = try Folder()
    let path = folder.path + "/sample.xlsx"
    let total = try Self.writeSample(path)
    let book = try Self.json(Self.python(Self.openpyxlScript, [path], in: folder))
    #expect(book["sheets"] as? [String] == ["Transactions", "Bob's & Co", "Empty", "Notes"])

    let sheet = try #require(book["Transactions"] as? [String: Any])
    let cells = try #require(sheet["cells"] as? [[[Any]]])
    #expect(cells.count == 1 + 5 + Self.generatedRows)
    func cell(_ row: Int, _ column: Int) -> (type: String, value: String?, format: String, bold: Bool) {
      let cell = cells[row][column]
      return (cell[0] as? String ?? "", cell[1] as? String, cell[2] as? String ?? "", cell[3] as? Bool ?? false)
    }
    #expect(cells[0].indices.allSatisfy { cell(0, $0).bold }, "the header is bold")
    #expect(cell(0, 2).value == "Amount")
    #expect(!cell(1, 1).bold)
    #expect(cell(1, 0).type == "datetime" && cell(1, 0).value == "2026-11-23 00:00:00")
    #expect(cell(1, 0).format == "yyyy-mm-dd")
    #expect(cell(1, 1).value == "Café Mocha & Co <Bandra>")
    #expect(cell(1, 2).type == "float" && cell(1, 2).value == "-1046.5")
    #expect(cell(1, 2).format == Self.rupees)
    #expect(cell(3, 2).format == "$#,##0.00")
    #expect(cell(4, 2).format == "[$¥-411]#,##0")
    #expect(cell(5, 2).format == "[$€-2] #,##0.00" && cell(5, 2).value == "42.1")
    #expect(cell(1, 4).type == "int" && cell(1, 4).value == "1")
    #expect(cell(5, 4).value == "-3")
    #expect(cell(1, 5).value == "coffee \"and\" cake")
    #expect(cell(2, 5).type == "NoneType", "an empty cell is left out")
    #expect(cell(3, 5).value == "  leading spaces and\nnewline")
    #expect(cell(5, 5).value == "receipt 🧾")
    #expect(sheet["freeze"] as? String == "A2")
    #expect(sheet["filter"] as? String == "A1:F\(1 + 5 + Self.generatedRows)")
    let widths = try #require(sheet["widths"] as? [String: Double])
    #expect(widths == ["A": 12, "B": 28, "C": 14.5, "D": 9, "E": 7, "F": 40])
    #expect(book["amountTypes"] as? [String] == ["float", "int"], "numbers: \"-1500\" reads as an int")
    guard case .number(let expected, _) = WorkbookCell.decimal(total, scale: 2, format: nil) else { return }
    #expect(book["total"] as? String == expected, "the amounts add up to the exact decimal")

    let summary = try #require(book["Bob's & Co"] as? [String: Any])
    let share = try #require((summary["cells"] as? [[[Any]]])?[1][1])
    #expect(share[1] as? String == "0.256" && share[2] as? String == "0.0%")
    #expect(summary["filter"] as? String == "A1:C3")
    let empty = try #require(book["Empty"] as? [String: Any])
    #expect(empty["filter"] as? String == "A1:C1" && empty["freeze"] as? String == "A2")
    let notes = try #require(book["Notes"] as? [String: Any])
    #expect(notes["freeze"] is NSNull && notes["filter"] is NSNull, "no header: nothing frozen or filtered")
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func textIsEscapedStrippedAndCut() throws {
    let folder = try Folder()
    let path = folder.path + "/text.xlsx"
    var writer = try XLSXWriter(path: path)
    let long = String(repeating: "é", count: 40_000)
    try writer.sheet(name: "A&B <c>", header: ["x"]) { rows in
      try rows.append([.text("bell\u{7}gone\u{1F}\u{FFFE}, tab\tkept, cr\r, _x0041_ literal, ]]> end")])
      try rows.append([.text(long)])
      try rows.append([.text(" ")])
    }
    try writer.finish()
    let script = """
      import json, sys, openpyxl
      ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
      print(json.dumps([ws.title] + [c.value for c in ws["A"]]))
      """
    let values = try #require(
      JSONSerialization.jsonObject(with: Data(Self.python(script, [path], in: folder).utf8)) as? [String])
    #expect(values[0] == "A&B <c>")
    // openpyxl leaves `_x005F_` undecoded in inline strings; Excel and LibreOffice read "_" (the
    // LibreOffice test sees "_x0041_ kept").
    #expect(values[2] == "bellgone, tab\tkept, cr\r, _x005F_x0041_ literal, ]]> end")
    #expect(values[3].count == SheetRows.maximumTextLength, "cut at Excel's cell limit")
    #expect(values[4] == " ")
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func libreOfficeConvertsTheWorkbook() throws {
    let folder = try Folder()
    // `make test` installs LibreOffice (libreoffice-calc-nogui): without it this fails, never skips.
    #expect((try? Self.run(["which", "soffice"], in: folder)) != nil, "soffice is not installed")
    let path = folder.path + "/sample.xlsx"
    try Self.writeSample(path)
    // UTF-8, values as shown (so the number formats apply), every sheet to its own file.
    let filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1"
    _ = try Self.run(
      [
        "soffice", "-env:UserInstallation=file://\(folder.path)/profile", "--headless", "--convert-to", filter,
        "--outdir", folder.path, path,
      ], in: folder)
    func csv(_ sheet: String) throws -> [Substring] {
      try String(contentsOfFile: folder.path + "/sample-\(sheet).csv", encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
    }
    let transactions = try csv("Transactions")
    #expect(
      Array(transactions.prefix(8)) == [
        "Date,Merchant,Amount,Currency,Count,Note",
        "2026-11-23,Café Mocha & Co <Bandra>,\"-₹1,046.50\",INR,1,\"coffee \"\"and\"\" cake\"",
        // LibreOffice groups in thousands where Excel shows the Indian ₹1,23,456.00.
        "2026-11-24,Salary,\"₹123,456.00\",INR,1,",
        "2026-11-25,Amazon.com,-$19.99,USD,2,\"  leading spaces and",
        "newline\"",
        "2026-11-26,Tokyo Ramen,\"-¥1,500\",JPY,1,\"bellgone, _x0041_ kept\"",
        "2026-11-27,Berlin Hbf,€ 42.10,EUR,-3,receipt 🧾",
        "2024-10-04,Merchant 0,-₹500.00,INR,0,",
      ])
    #expect(transactions.count == 1 + 6 + Self.generatedRows + 1, "a line per row, the note's line break, the end")
    #expect(
      try csv("Bob's & Co") == ["Category,Share,Total", "Food,25.6%,\"-₹2,588.60\"", "Rent,74.4%,\"-₹7,500.00\"", ""])
    #expect(try csv("Empty") == ["A,B,C", ""])
    #expect(try csv("Notes") == ["no header here,,7", ""])
  }

  @Test func errorsNameTheFileAndWhatFailed() throws {
    let folder = try Folder()
    let missing = folder.path + "/no/such/folder/out.xlsx"
    #expect(throws: WriteError.self) { _ = try XLSXWriter(path: missing) }
    do {
      _ = try XLSXWriter(path: missing)
    } catch {
      #expect(error.description == "\(missing): cannot create: No such file or directory")
    }
    do {
      _ = try XLSXWriter(path: folder.path)
    } catch {
      #expect(error.description == "\(folder.path): cannot create: not a regular file")
    }

    let path = folder.path + "/out.xlsx"
    var writer = try XLSXWriter(path: path)
    #expect(throws: WriteError(path: path, "sheet 'a/b': a sheet name cannot contain '/'")) {
      try writer.sheet(name: "a/b", header: []) { _ in }
    }
    try writer.sheet(name: "Data", header: ["n"]) { try $0.append([.integer(1)]) }
    #expect(throws: WriteError(path: path, "two sheets are named 'data'")) {
      try writer.sheet(name: "data", header: []) { _ in }
    }
    #expect(throws: WriteError(path: path, "sheet 'Bad' cell B2: '1,0' is not a number")) {
      try writer.sheet(name: "Bad", header: ["a", "b"]) { try $0.append([.empty, .number("1,0", format: nil)]) }
    }
    do {
      try writer.finish()
      Issue.record("a workbook whose sheet failed was finished")
    } catch {
      #expect(error == WriteError(path: path, "not written: sheet 'Bad' was left unfinished"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing is left behind")
  }

  @Test func aFileIsReplacedOnlyWhenFinished() throws {
    let folder = try Folder()
    let path = folder.path + "/book.xlsx"
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    do {
      var writer = try XLSXWriter(path: path)
      try writer.sheet(name: "Data", header: ["n"]) { try $0.append([.integer(1)]) }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2, "written beside it")
    }  // abandoned: never finished
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["book.xlsx"])
    var writer = try XLSXWriter(path: path)
    try writer.sheet(name: "Data", header: ["n"]) { try $0.append([.integer(1)]) }
    try writer.finish()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: [0x50, 0x4B, 0x03, 0x04]))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["book.xlsx"])
  }

  @Test func aFullDiskIsReported() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    guard descriptor >= 0 else { return }  // no /dev/full on this system
    let archive = try ZipArchive(descriptor: descriptor, reportedAs: "/exports/book.xlsx")
    #expect(throws: WriteError(path: "/exports/book.xlsx", "cannot write: No space left on device")) {
      for _ in 0..<100 { try archive.add("x.xml", Array(repeating: 0x41, count: 1 << 16)) }
      try archive.finish()
    }
  }

  @Test func sheetNamesAreMadeToFit() {
    #expect(WorkbookSheetName.fitting("Food: 2026/11 [draft]") == "Food 2026 11 draft")
    #expect(WorkbookSheetName.fitting("'quoted'") == "quoted")
    #expect(WorkbookSheetName.fitting("") == "Sheet")
    #expect(WorkbookSheetName.fitting("history") == "Sheet history")
    #expect(WorkbookSheetName.fitting("Transactions", taken: ["transactions"]) == "Transactions (2)")
    let long = WorkbookSheetName.fitting(String(repeating: "x", count: 40), taken: [String(repeating: "x", count: 31)])
    #expect(long == String(repeating: "x", count: 27) + " (2)")
    #expect(WorkbookSheetName.problem(long) == nil)
  }

  @Test func cellsAndDatesBecomeSpreadsheetValues() {
    #expect(SheetRows.serial(Self.day("1970-01-01")) == 25_569)
    #expect(SheetRows.serial(Self.day("1900-03-01")) == 61)
    #expect(SheetRows.serial(Self.day("1900-01-01")) == 1)
    #expect(SheetRows.serial(Self.day("1899-12-31")) == nil)
    #expect(WorkbookCell.decimal(-5, scale: 2, format: nil) == .number("-0.05", format: nil))
    #expect(WorkbookCell.decimal(123_456, scale: 0, format: "x") == .number("123456", format: "x"))
    #expect(WorkbookCell.numberText("+1.50") == "1.50")
    #expect(WorkbookCell.numberText("1.") == nil && WorkbookCell.numberText("1e5") == nil)
    #expect(String(decoding: SheetRows.columnName(16_383), as: UTF8.self) == "XFD")
    #expect(String(decoding: SheetRows.columnName(26), as: UTF8.self) == "AA")
  }

  /// By hand only: `SPENDLY_XLSX_OUT=/tmp/big.xlsx SPENDLY_XLSX_ROWS=200000 swift test --filter
  /// writesALargeSheetOnRequest` writes the sample and a one-sheet workbook of that many rows
  /// beside it (big.xlsx, big.sample.xlsx), to time and measure.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["SPENDLY_XLSX_OUT"] != nil))
  func writesALargeSheetOnRequest() throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try #require(environment["SPENDLY_XLSX_OUT"])
    try Self.writeSample(String(path.dropLast(5)) + ".sample.xlsx")
    let count = Int(environment["SPENDLY_XLSX_ROWS"] ?? "") ?? 200_000
    var writer = try XLSXWriter(path: path)
    try writer.sheet(
      name: "Transactions", header: ["Date", "Merchant", "Category", "Amount", "Count", "Note"],
      widths: [12, 28, 16, 14, 7, 40]
    ) { rows in
      for index in 0..<count {
        try rows.append([
          .date(LocalDate(daysSinceEpoch: 19_000 + index / 200)), .text("Merchant \(index % 977)"),
          .text(["Food", "Rent", "Travel & transport", "Shopping"][index % 4]),
          .decimal(Int64(index % 100_003) * 7 - 250_000, scale: 2, format: Self.rupees), .integer(Int64(index)),
          index % 3 == 0 ? .text("note for row \(index) <with> \"quotes\"") : .empty,
        ])
      }
    }
    try writer.finish()
  }
}
