import Foundation
import SpendlyCore
import Testing

@testable import SpendlyInterchange

/// `import --guess` then `--mapping` on the project's own fixtures of each bank's shape
/// (Tests/Fixtures/statements/guess): the guess read back as written, with no hand edits, gives
/// the right count and signed sum.
@Suite("Bank CSV guess: every shape read right with no hand edits")
struct BankCSVGuessTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/statements/guess").path

  /// The fixture's guess, its text read back as a mapping, and the statement it reads.
  static func guessAndRead(_ name: String, currency: Currency = .inr) throws -> (BankCSVGuess, Statement) {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    let guess = BankCSVFormat.guessed(TextDecoding.text(bytes))
    let mapping = try BankCSVMapping(text: guess.text)
    #expect(mapping == guess.mapping, "\(name): the guess reads back as written")
    var options = StatementFile.Options(currency: currency)
    options.mapping = mapping
    let (format, statements) = try StatementFile.read(bytes, options: options)
    #expect(format == .csv)
    return (guess, try #require(statements.first))
  }

  static func sum(_ statement: Statement) -> Int64 { statement.rows.map(\.amount).reduce(0, +) }

  @Test func hdfcWithTitleSeparatorsAndASummaryFooter() throws {
    let (guess, statement) = try Self.guessAndRead("hdfc.csv")
    #expect(statement.rows.count == 5)
    #expect(Self.sum(statement) == 3_465_100)
    #expect(statement.rows.map(\.amount) == [-34_900, -500_000, -2_500_000, -2_000_000, 8_500_000])
    #expect(statement.rows[0].date == LocalDate(iso: "2026-11-01"), "01/11/26 is 2026, not the year 26")
    #expect(statement.skippedFooterLines == 6)
    #expect(statement.ledgerBalance?.minorUnits == 18_465_100, "1,84,651.00 reads in lakh grouping")
    #expect(guess.mapping.dateFormat == "DD/MM/YY" && guess.mapping.skip == 5)
    #expect(guess.text.contains("# date = Date (DD/MM/YY: 15/11/26 seen)\n"))
    #expect(guess.text.contains("# debit = Withdrawal Amt. (money out: 4 rows)\n"))
    #expect(guess.text.contains("6 footer lines after the last row, from 'STATEMENT SUMMARY  :-'"))
    #expect(guess.warnings.isEmpty)
  }

  @Test func iciciWithdrawalAndDepositColumns() throws {
    let (guess, statement) = try Self.guessAndRead("icici.csv")
    #expect(guess.mapping.debit == "Withdrawal Amount (INR )" && guess.mapping.credit == "Deposit Amount (INR )")
    #expect(guess.mapping.amount == nil)
    #expect(guess.mapping.date == "Transaction Date", "a transaction date before a value date")
    #expect(statement.rows.map(\.amount) == [-129_900, 2_000_000, -1_500_000, 45_050, -200_000])
    #expect(Self.sum(statement) == 215_150)
    #expect(statement.rows[4].date == LocalDate(iso: "2026-11-29"))
    #expect(statement.rows[0].reference == nil, "'-' in the cheque column is no reference")
    #expect(statement.rows[2].reference == "000123")
    #expect(statement.skippedFooterLines == 2)
  }

  @Test func sbiWithMonthNamesAndAComputerGeneratedFooter() throws {
    let (guess, statement) = try Self.guessAndRead("sbi.csv")
    #expect(guess.mapping.dateFormat == "DD MMM YYYY")
    #expect(statement.rows.count == 4)
    #expect(Self.sum(statement) == 8_423_433)
    #expect(statement.rows[3].date == LocalDate(iso: "2026-11-29"))
    #expect(statement.skippedFooterLines == 1)
  }

  @Test func kotakAmountSignedByItsDrCrColumn() throws {
    let (guess, statement) = try Self.guessAndRead("kotak.csv")
    #expect(guess.mapping.amount == "Amount" && guess.mapping.drcr == "Dr / Cr")
    #expect(guess.text.contains("# drcr = Dr / Cr (DR and CR seen beside the amount)\n"))
    #expect(statement.rows.map(\.amount) == [-124_500, 80_000, -450_000, -61_240, 21_500])
    #expect(Self.sum(statement) == -534_240)
    #expect(statement.skippedFooterLines == 2)
    #expect(statement.ledgerBalance?.minorUnits == 3_465_760)
  }

  @Test func europeanSemicolonsAndDecimalCommas() throws {
    let (guess, statement) = try Self.guessAndRead("europe.csv", currency: .eur)
    #expect(guess.mapping.delimiter == ";" && guess.mapping.decimalComma && guess.mapping.skip == 2)
    #expect(guess.mapping.dateFormat == "DD.MM.YYYY" && guess.mapping.currency == "Währung")
    #expect(statement.rows.map(\.amount) == [-4250, 250_000, -120_000, -1999])
    #expect(Self.sum(statement) == 123_751)
    let (yearFirst, other) = try Self.guessAndRead("europe-ymd.csv", currency: .eur)
    #expect(yearFirst.mapping.dateFormat == "YYYY.MM.DD")
    #expect(other.rows.count == 3 && Self.sum(other) == 5965, "1 245,80: a space groups thousands")
    #expect(other.rows[1].date == LocalDate(iso: "2025-12-04"))
  }

  @Test func usMonthFirstProvenAndYearFirstShortDates() throws {
    let (guess, statement) = try Self.guessAndRead("us.csv", currency: .usd)
    #expect(guess.mapping.dateFormat == "MM/DD/YYYY", "11/15/2026 proves month first")
    #expect(guess.mapping.currency == "Currency" && guess.mapping.drcr == nil, "Type says Sale, not DR or CR")
    #expect(statement.rows.count == 5 && Self.sum(statement) == 34_099)
    #expect(statement.rows[0].date == LocalDate(iso: "2026-11-02"))
    let (short, rows) = try Self.guessAndRead("us-ymd.csv", currency: .usd)
    #expect(short.mapping.dateFormat == "YYYY/M/D")
    #expect(rows.rows.map(\.date) == ["2012-03-02", "2012-03-09", "2012-03-22"].map { LocalDate(iso: $0) })
    #expect(Self.sum(rows) == 142_765)
  }

  @Test func headerNamesSayWhatAColumnIs() {
    let names: [(String, BankCSVColumn)] = [
      ("Withdrawal Amount (INR )", .debit), ("Deposit Amt.", .credit), ("Paid out", .debit), ("Paid in", .credit),
      ("Money In", .credit), ("Dr / Cr", .side), ("CR/DR", .side), ("DrCr", .side), ("Debit/Credit", .side),
      ("Closing Balance", .balance), ("Balance (INR )", .balance), ("Value Dt", .valueDate), ("Txn Date", .date),
      ("Chq./Ref.No.", .reference), ("Transaction Remarks", .payee), ("Sl. No.", .serial), ("Amount", .amount),
      ("Betrag", .amount), ("Buchungstag", .date), ("Währung", .currency),
    ]
    for (name, kind) in names { #expect(BankCSVColumn.of(name) == kind, "\(name)") }
  }

  @Test func aHeaderlessFileIsGuessedFromItsValues() throws {
    let (guess, statement) = try Self.guessAndRead("headerless.csv")
    #expect(!guess.mapping.header && guess.mapping.skip == 0)
    #expect(guess.mapping.date == "1" && guess.mapping.payee == "2")
    #expect(guess.mapping.amount == "3" && guess.mapping.balance == "4", "the balance moves by the amount")
    #expect(guess.text.contains("header = no\n"))
    #expect(statement.rows.count == 4 && Self.sum(statement) == 2_388_650)
    #expect(statement.rows[0].payee == "Coffee Bean Andheri")
  }
}
