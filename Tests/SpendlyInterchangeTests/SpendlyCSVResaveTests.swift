import Foundation
import SpendlyCore
import Testing

@testable import SpendlyInterchange

/// Spendly's CSV after a spreadsheet saved it again: semicolons and decimal commas, empty rows at
/// the end, a column a person added or left unnamed, numbers without their trailing zeros.
@Suite("Spendly CSV re-saved by a spreadsheet")
struct SpendlyCSVResaveTests {
  static func read(_ text: String) throws -> (rows: [TransactionFields], warnings: [String], delimiter: Character) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("resave-\(UUID().uuidString).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var reader = try SpendlyCSVReader(path: path, defaultCurrency: .inr)
    var rows: [TransactionFields] = []
    while let row = try reader.next() { rows.append(row.fields) }
    return (rows, reader.warnings, reader.delimiter)
  }

  @Test func semicolonsWithDecimalCommasRead() throws {
    let read = try Self.read(
      "Date;Time;Type;Amount;Currency;Category;Payment Method;Merchant;Note\n"
        + "2026-11-01;10:00;expense;2989,7;INR;Food;UPI;;a\n"
        + "2026-11-02;;expense;1.234,50;EUR;Food;Cash;\"Bäcker; Ecke\";\n"
        + "2026-11-03;;income;150000;INR;Salary;Bank Transfer;;\n")
    #expect(read.delimiter == ";")
    #expect(read.rows.map(\.amount.minorUnits) == [298_970, 123_450, 15_000_000])
    #expect(read.rows[1].amount.currency == .eur && read.rows[1].merchant == "Bäcker; Ecke")
    #expect(read.warnings.isEmpty)
  }

  @Test func aSemicolonHeaderWithWindowsLineEndsIsRecognised() throws {
    let read = try Self.read("Date;Type;Category;Payment Method;Amount\r\n2026-12-01;expense;Food;Cash;12,50\r\n")
    #expect(read.delimiter == ";" && read.rows.map(\.amount.minorUnits) == [1250])
  }

  @Test func commaFilesKeepTheirGrouping() throws {
    let read = try Self.read(
      "Date,Type,Amount,Category,Payment Method\n2026-11-01,expense,\"1,500\",Food,UPI\n2026-11-02,expense,2989.7,Food,UPI\n")
    #expect(read.delimiter == ",")
    #expect(read.rows.map(\.amount.minorUnits) == [150_000, 298_970])
  }

  @Test func emptyRowsAtTheEndAreSkipped() throws {
    let read = try Self.read(
      "Date,Type,Amount,Category,Payment Method\n2026-11-01,expense,10,Food,UPI\n,,,,\n,,,,\n ,,, ,\n\n")
    #expect(read.rows.count == 1)
  }

  @Test func anAddedColumnIsIgnoredWithAWarningNamingIt() throws {
    let read = try Self.read(
      "Date,Type,Amount,Checked by,Category,Payment Method\n2026-11-01,expense,10,Asha,Food,UPI\n")
    #expect(read.rows.count == 1 && read.rows[0].category == "Food")
    #expect(read.warnings == ["column 4 'Checked by' is not Spendly's: ignored"])
  }

  @Test func anEmptyHeaderCellIsIgnoredAndWarnedOfOnlyWhenItHoldsSomething() throws {
    let quiet = try Self.read("Date,Type,Amount,Category,Payment Method,\n2026-11-01,expense,10,Food,UPI,\n")
    #expect(quiet.rows.count == 1 && quiet.warnings.isEmpty)
    let noted = try Self.read(
      "Date,Type,Amount,,Category\n2026-11-01,expense,10,,Food\n2026-11-02,expense,11,ok,Food\n2026-11-03,expense,12,x,Food\n")
    #expect(noted.rows.count == 3)
    #expect(noted.warnings == ["column 4 has no name in the header: its cells are ignored (line 3 on)"])
  }

  @Test func pointDecimalReadsOnlyWhatIsUnambiguous() {
    #expect(SpendlyCSV.pointDecimal("2989,7") == "2989.7")
    #expect(SpendlyCSV.pointDecimal("-12,50") == "-12.50")
    #expect(SpendlyCSV.pointDecimal("1.234.567,89") == "1234567.89")
    #expect(SpendlyCSV.pointDecimal("1,500") == "1.500", "beside semicolons a comma is the decimal mark")
    #expect(SpendlyCSV.pointDecimal("0,012") == "0.012")
    #expect(SpendlyCSV.pointDecimal("1 234,50") == "1234.50")
    #expect(SpendlyCSV.pointDecimal("1\u{A0}234,50") == "1234.50")
    #expect(SpendlyCSV.pointDecimal("2989.7") == "2989.7")
    #expect(SpendlyCSV.pointDecimal("1,50,000") == "1,50,000", "two commas: not a European number")
    #expect(SpendlyCSV.pointDecimal("₹12,5") == "₹12,5", "a symbol: the amount reader decides")
  }
}
