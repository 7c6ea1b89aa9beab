import Foundation
import SpendlyCore
import Testing

@testable import SpendlyInterchange

/// A bank CSV's separators, footers and mappings that would read every row as one kind; the
/// date formats a guess decides and the ones it cannot.
@Suite("Bank CSV: footers, separators, one-kind mappings, date formats")
struct BankCSVFooterTests {
  static func mapping(_ text: String) throws(StatementError) -> BankCSVMapping { try BankCSVMapping(text: text) }

  static func failure(_ body: () throws -> Void) -> StatementError? {
    do {
      try body()
      return nil
    } catch { return error as? StatementError }
  }

  static let rules = "date = Date\ndate-format = DD/MM/YYYY\ndebit = Debit\ncredit = Credit\n"
  static let plain = try! BankCSVMapping(text: rules)

  @Test func aLineThatIsNoRowInTheMiddleIsStillAnErrorWithItsLine() throws {
    let text = "Date,Debit,Credit\n01/11/2026,10.00,\nOpening Balance,,\n02/11/2026,,5.00\n"
    let error = try #require(Self.failure { _ = try BankCSVFormat.read(text, mapping: Self.plain, currency: .inr) })
    #expect(error.line == 3)
    #expect(error.message.contains("Opening Balance"))
    // The same line at the end is a footer.
    let footer = try BankCSVFormat.read(
      "Date,Debit,Credit\n01/11/2026,10.00,\n02/11/2026,,5.00\nTotal,10.00,5.00\n", mapping: Self.mapping(Self.rules),
      currency: .inr)
    #expect(footer.rows.count == 2 && footer.skippedFooterLines == 1)
  }

  @Test func aDatedLastLineThatDoesNotReadIsAnErrorNotAFooter() throws {
    let text = "Date,Debit,Credit\n01/11/2026,10.00,\n31/02/2026,4.00,\n"
    let error = try #require(Self.failure { _ = try BankCSVFormat.read(text, mapping: Self.plain, currency: .inr) })
    #expect(error.line == 3 && error.message.contains("does not match date-format"))
    let amount = "Date,Debit,Credit\n01/11/2026,10.00,\n02/11/2026,lots,\n"
    #expect(Self.failure { _ = try BankCSVFormat.read(amount, mapping: Self.plain, currency: .inr) }?.line == 3)
  }

  @Test func separatorRowsAreSkippedAnywhere() throws {
    let text = "Date,Debit,Credit\n*****,*****,*****\n01/11/2026,10.00,\n-----,,\n02/11/2026,,5.00\n"
    let statement = try BankCSVFormat.read(text, mapping: Self.mapping(Self.rules), currency: .inr)
    #expect(statement.rows.map(\.amount) == [-1000, 500])
    #expect(statement.skippedFooterLines == 0)
  }

  @Test func skipEndAndSkipMatchingAreReadAndApplied() throws {
    let rules = Self.rules + "skip-end = 1\nskip-matching = ^\\W*(B/F|Page \\d+)\n"
    let mapping = try Self.mapping(rules)
    #expect(mapping.skipEnd == 1 && mapping.skipMatching == "^\\W*(B/F|Page \\d+)")
    #expect(try Self.mapping(mapping.text) == mapping, "the new keys are written back")
    let text = "Date,Debit,Credit\nB/F,,\n01/11/2026,10.00,\nPage 2,,\n02/11/2026,,5.00\n30/11/2026,closing,\n"
    let statement = try BankCSVFormat.read(text, mapping: mapping, currency: .inr)
    #expect(statement.rows.map(\.amount) == [-1000, 500])
    #expect(statement.skippedFooterLines == 1, "the dated last line skip-end takes")
    #expect(Self.failure { _ = try Self.mapping(Self.rules + "skip-matching = (unclosed\n") }?.line == 5)
    #expect(
      Self.failure { _ = try Self.mapping(Self.rules + "skip-end = -1\n") }?.message == "skip-end: expected a number")
  }

  @Test func headerNoTakesColumnNumbersOnly() throws {
    let mapping = try Self.mapping("header = no\ndate = 1\ndate-format = YYYY-MM-DD\namount = 2\n")
    let statement = try BankCSVFormat.read("2026-11-01,-4.50\n2026-11-02,10\n", mapping: mapping, currency: .inr)
    #expect(statement.rows.map(\.amount) == [-450, 1000])
    let named = Self.failure { _ = try Self.mapping("header = no\ndate = Date\namount = 2\n") }
    #expect(named?.message.contains("columns are numbers") == true)
  }

  @Test func aMappingThatReadsEveryRowAsOneKindIsRefused() throws {
    // ICICI's withdrawals taken as the amount: every row money in, deposits zero.
    let icici = "Date,Withdrawal Amount (INR ),Deposit Amount (INR )\n01/11/2026,10.00,0.00\n02/11/2026,0.00,5.00\n"
    let taken = try Self.mapping("date = Date\ndate-format = DD/MM/YYYY\namount = Withdrawal Amount (INR )\n")
    let refused = try #require(Self.failure { _ = try BankCSVFormat.read(icici, mapping: taken, currency: .inr) })
    #expect(refused.line == 1)
    #expect(refused.message.hasPrefix("every row reads as money in, but 'Withdrawal Amount (INR )'"))
    // Kotak's Dr / Cr missed.
    let kotak = "Date,Amount,Dr / Cr\n01/11/2026,10.00,DR\n02/11/2026,5.00,CR\n"
    let unsigned = try Self.mapping("date = Date\ndate-format = DD/MM/YYYY\namount = Amount\n")
    #expect(
      Self.failure { _ = try BankCSVFormat.read(kotak, mapping: unsigned, currency: .inr) }?.message
        == "every row reads as money in, but 'Dr / Cr' says DR and CR: map it as drcr = Dr / Cr")
    // One signed column taken as debit: its signs are dropped.
    let signed = "Date,Amount\n01/11/2026,-10.00\n02/11/2026,5.00\n"
    let lone = try Self.mapping("date = Date\ndate-format = DD/MM/YYYY\ndebit = Amount\n")
    #expect(
      Self.failure { _ = try BankCSVFormat.read(signed, mapping: lone, currency: .inr) }?.message.contains(
        "has amounts of both signs") == true)
    // A statement of only money out, with nothing saying otherwise, reads.
    let card = "Date,Debit,Credit\n01/11/2026,10.00,\n02/11/2026,5.00,\n"
    #expect(try BankCSVFormat.read(card, mapping: Self.mapping(Self.rules), currency: .inr).rows.count == 2)
  }

  @Test func datesAreDecidedFromEveryValue() throws {
    #expect(DateFormatGuess.guess(["01/11/26", "05/11/26", "31/10/26"])?.format == "DD/MM/YY")
    #expect(DateFormatGuess.guess(["01/11/26", "31/10/26"])?.example == "31/10/26", "the value that proves it")
    #expect(DateFormatGuess.guess(["11/02/2026", "11/05/2026", "11/15/2026"])?.format == "MM/DD/YYYY")
    let unproven = try #require(DateFormatGuess.guess(["11/02/2026", "11/05/2026"]))
    #expect(unproven.format == "DD/MM/YYYY" && unproven.warning?.contains("no day over 12") == true)
    #expect(DateFormatGuess.guess(["11/02/2026"], monthFirstSaid: true)?.format == "MM/DD/YYYY")
    #expect(DateFormatGuess.guess(["2012/3/22", "2012/3/2"])?.format == "YYYY/M/D")
    #expect(DateFormatGuess.guess(["2025.12.04"])?.format == "YYYY.MM.DD")
    #expect(DateFormatGuess.guess(["29-Nov-2026", "1-Dec-2026"])?.format == "DD-MMM-YYYY")
    #expect(DateFormatGuess.guess(["29 Nov 2026"])?.format == "DD MMM YYYY")
    #expect(DateFormatGuess.guess(["20261129"])?.format == "YYYYMMDD")
    #expect(DateFormatGuess.guess(["STATEMENT SUMMARY :-", "1,50,000.00", "Generated On: 03/12/26 10:15"]) == nil)
    #expect(StatementValues.date("01/11/26", format: "DD/MM/YY") == LocalDate(iso: "2026-11-01"))
    #expect(StatementValues.date("01/11/26", format: "DD/MM/YYYY") == nil, "YYYY is four digits")
    #expect(StatementValues.date("2012/3/22", format: "YYYY/M/D") == LocalDate(iso: "2012-03-22"))
    #expect(StatementValues.date("2025.12.04", format: "YYYY.MM.DD") == LocalDate(iso: "2025-12-04"))
    #expect(StatementValues.date("29-Nov-2026", format: "DD-MMM-YYYY") == LocalDate(iso: "2026-11-29"))
  }

  @Test func titleRowsAndFootersDoNotDecideTheDateFormat() throws {
    // A title's date is month first and so is a footer's; the rows are day first.
    let text = """
      12/25/2026,Printed,
      Date,Description,Amount
      03/11/2026,Tea,-20.00
      14/11/2026,Refund,5.00
      12/31/2026,Generated,
      """
    let guess = BankCSVFormat.guessed(text)
    #expect(guess.mapping.skip == 1 && guess.mapping.dateFormat == "DD/MM/YYYY")
    #expect(guess.mapping.skipEnd == 1, "the dated footer line does not read as a row: skip-end takes it")
    #expect(guess.warnings.isEmpty)
    let statement = try BankCSVFormat.read(text, mapping: BankCSVMapping(text: guess.text), currency: .inr)
    #expect(statement.rows.map(\.amount) == [-2000, 500] && statement.skippedFooterLines == 1)
  }

  @Test func aLineInTheRowsThatIsNoRowIsSkippedByTheGuess() throws {
    let text = """
      Statement;;;
      Date;Description;Amount;Balance
      01.11.2026;Coffee;-4,00;100,00
      Brought forward;;;100,00
      02.11.2026;Tea;-2,50;97,50
      14.11.2026;Refund;10,00;107,50
      """
    let guess = BankCSVFormat.guessed(text)
    #expect(guess.mapping.delimiter == ";", "the title line does not decide the delimiter")
    #expect(guess.mapping.skipMatching == #"^\W*Brought forward"#)
    #expect(guess.warnings.isEmpty, "\(guess.warnings)")
    let statement = try BankCSVFormat.read(text, mapping: BankCSVMapping(text: guess.text), currency: .eur)
    #expect(statement.rows.map(\.amount) == [-400, -250, 1000])
  }

  @Test func aWeakChoiceIsWarned() {
    let guess = BankCSVFormat.guessed("Date,Description,Amount\n2026-11-01,Tea,20.00\n2026-11-02,Cake,5.00\n")
    #expect(guess.text.contains("# warning: every amount in 'Amount' is positive"))
    let ambiguous = BankCSVFormat.guessed("Date,Description,Amount\n01/02/2026,Tea,-20.00\n03/04/2026,Pay,50.00\n")
    #expect(ambiguous.text.contains("# warning: no day over 12 seen"))
  }

  @Test func lakhGroupingAndDecimalCommasRead() {
    #expect(StatementValues.amount("1,23,456.00", style: .bankCSV(), exponent: 2) == 12_345_600)
    #expect(StatementValues.amount("1.234,56", style: .bankCSV(decimalComma: true), exponent: 2) == 123_456)
    #expect(StatementValues.amount("-1.234,56", style: .bankCSV(decimalComma: true), exponent: 2) == -123_456)
  }
}
