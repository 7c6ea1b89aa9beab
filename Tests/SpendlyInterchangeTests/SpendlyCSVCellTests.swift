import Foundation
import SpendlyCore
import Testing

@testable import SpendlyInterchange

/// The cells of Spendly's CSV as the reader finds them: by the header's names once, in any order
/// and letter case, and each read the same whether it takes the fast path (an ISO date, `09:30`)
/// or the forms spreadsheets save.
@Suite("Spendly CSV cells")
struct SpendlyCSVCellTests {
  @Test(arguments: [
    ("09:30", "09:30"), ("9:30", "09:30"), ("13:05:00", "13:05"), ("1:05 PM", "13:05"), ("01:05:00 pm", "13:05"),
    ("12:00 AM", "00:00"), ("23:59", "23:59"),
  ])
  func timesRead(_ text: String, _ expected: String) throws {
    #expect(try #require(SpendlyCSVReader.time(text)).description == expected)
  }

  @Test(arguments: ["24:00", "9:5", "09:60", "13:05 PM", "0:30 AM", "9.30", "09:30:5", ""])
  func timesRefused(_ text: String) {
    #expect(SpendlyCSVReader.time(text) == nil, "read \(text)")
  }

  @Test func columnsAreFoundByTheHeaderInAnyOrderAndCase() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cells-\(UUID().uuidString).csv").path
    try
      ("note,AMOUNT,Payment Method,Type,date,Time,Merchant,Category,Currency,Status\n"
      + "lunch,120.50,UPI,expense,2026-11-29,1:05 PM,Cafe,Food,USD,pending\n"
      + ",7,Cash,income,29/11/2026,,,Salary,,\n").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var reader = try SpendlyCSVReader(path: path, defaultCurrency: .inr)
    let first = try #require(try reader.next()).fields
    #expect(first.note == "lunch" && first.merchant == "Cafe" && first.category == "Food" && first.method == "UPI")
    #expect(first.amount == Money(minorUnits: 12_050, currency: .usd) && first.kind == .expense)
    #expect(first.date == LocalDate(year: 2026, month: 11, day: 29) && first.time == LocalTime(hour: 13, minute: 5))
    #expect(first.status == .pending)
    let second = try #require(try reader.next()).fields
    #expect(second.amount == Money(minorUnits: 700, currency: .inr) && second.kind == .income)
    #expect(second.note == nil && second.time == nil && second.status == .booked)
    #expect(try reader.next() == nil)
  }

  @Test func aBadCellIsNamedByItsHeaderAndColumn() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cells-\(UUID().uuidString).csv").path
    try "Type,Date,Amount,Time\nexpense,2026-11-29,10,25:00\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var reader = try SpendlyCSVReader(path: path, defaultCurrency: .inr)
    let error = try #require(throws: SpendlyCSVError.self) { _ = try reader.next() }
    #expect(error.line == 2 && error.column == 4)
    #expect(error.message.hasPrefix("Time '25:00'"), "\(error.message)")
  }
}
