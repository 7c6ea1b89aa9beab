import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyStore

/// Figures of budgets and reports that no longer fit an amount are one-line errors naming them
/// (exit 65), where they were once capped at Int64's ends and shown as if true.
@Suite("spendly: a figure too large to keep is an error naming it")
struct FigureTooLargeCLITests {
  static let kwd = Currency.named("KWD")!

  /// A rolling-over KWD Rent budget from October, with about 5 × 10^18 fils spent in each of
  /// October and November: November's "left" passes Int64 (it once showed Int64.min).
  @Test func aBudgetFigureThatDoesNotFitIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    let store = try Store(path: sandbox.database, clock: { LocalDateTime(iso: "2026-11-29T13:05")! })
    let largest = AmountParser.maximumMajorUnits * Self.kwd.minorPerMajor
    let rent = { (day: String) in
      TransactionFields(
        kind: .expense, amount: Money(minorUnits: largest, currency: Self.kwd), category: "Rent",
        method: "Bank Transfer", date: LocalDate(iso: day)!)
    }
    _ = try store.budgets.set(
      BudgetTarget(category: "Rent", currency: Self.kwd), limit: 1_000_000, scope: .from,
      month: YearMonth(text: "2026-10")!, rollover: true)
    try store.transactions.apply(
      action: .import,
      Array(repeating: .add(rent("2026-10-15")), count: 5_000)
        + Array(repeating: .add(rent("2026-11-15")), count: 5_000))
    let result = try sandbox.run(["budget"])
    #expect(result.status == 65, "\(result.stdout)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrLines == [
        "spendly: the amount left on the Rent budget in KWD for 2026-11 is too large to keep (past 92,233,720,368,547,758 units)"
      ], "\(result.stderr)")
  }

  /// Two loans grown past half of Int64 each: each balance fits, their total does not. The
  /// report's debts panel once showed the total capped at Int64.max.
  @Test func aReportDebtTotalThatDoesNotFitIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    for name in ["H1", "H2"] {
      try sandbox.ok(
        "debts", "add", name, "--balance", "999999999999", "--apr", "99.999999", "--min", "1", "--due-day", "31")
    }
    // The last month end at which such a balance still fits (and so passes half of Int64).
    let debt = Debt(
      id: 1, name: "H1", kind: .loan, balance: Money(minorUnits: 99_999_999_999_900, currency: .inr),
      start: LocalDate(iso: "2026-11-29")!, apr: DecimalNumber(text: "99.999999")!, minimum: .fixed(100), dueDay: 31)
    var day = LocalDate(iso: "2026-12-29")!
    while (try? debt.balance(on: day.adding(months: 1), payments: [])) != nil { day = day.adding(months: 1) }
    #expect(try debt.balance(on: day, payments: []).minorUnits > Int64.max / 2)
    let result = try sandbox.run(
      ["--db", sandbox.database, "--now", "\(day)T10:00", "report", "--html", "report.html"], globals: false)
    #expect(result.status == 65, "\(result.stdout)")
    #expect(result.stderrLines.count == 1)
    #expect(result.stderr.hasPrefix("spendly: the total of debts in INR is too large to keep"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory + "/report.html"))
  }

  /// A statement whose closing balance less its rows gives an opening balance past Int64: the
  /// new account's opening once wrapped round to a large negative balance; now nothing is
  /// imported and the error names it.
  @Test func aStatementOpeningThatDoesNotFitIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    // 922 rows of a 16-digit amount out (-9.22 × 10^18 paise: fits) and as much again left at
    // the close: the balance it opened with is past Int64.max.
    let largest = "99999999999999.99"
    let rows = (1...922).map { n in
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-\(largest)<FITID>BIG\(n)<NAME>WIRE \(n)</STMTTRN>"
    }
    let ofx = """
      OFXHEADER:100
      DATA:OFXSGML
      VERSION:102

      <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>INR
      <BANKACCTFROM><BANKID>HDFC0000123<ACCTID>50100012345678<ACCTTYPE>SAVINGS</BANKACCTFROM>
      <BANKTRANLIST><DTSTART>20261101<DTEND>20261130
      \(rows.joined(separator: "\n"))
      </BANKTRANLIST>
      <LEDGERBAL><BALAMT>\(largest)<DTASOF>20261130</LEDGERBAL>
      </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
      """
    let file = sandbox.directory + "/big.ofx"
    try ofx.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try sandbox.run(["import", "--yes", file])
    #expect(result.status == 65, "\(result.stdout)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrLines == [
        "spendly: Bank ····5678: its opening balance is too large to keep (past 92,233,720,368,547,758 units)"
      ], "\(result.stderr)")
    #expect(try sandbox.transactions().isEmpty)
    // With one row fewer the opening balance fits: no such error.
    try ofx.replacingOccurrences(of: rows[921] + "\n", with: "").write(toFile: file, atomically: true, encoding: .utf8)
    let fewer = try sandbox.run(["import", "--yes", file])
    #expect(!fewer.stderr.contains("opening balance"), "\(fewer.stderr)")
  }
}
