import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyInterchange

/// Every format reader on the project's own fixtures (Tests/Fixtures/statements), and the
/// quirks each one must survive.
@Suite("Statement formats: OFX, QIF, CAMT, bank CSV")
struct StatementFormatTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/statements").path

  static func read(_ name: String, mapping: String? = nil, dayFirst: Bool = false) throws -> (
    StatementFormat, [Statement]
  ) {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    var options = StatementFile.Options(currency: .inr)
    options.dayFirst = dayFirst
    if let mapping { options.mapping = try BankCSVMapping(text: mapping) }
    return try StatementFile.read(bytes, options: options)
  }

  @Test func ofxOneReadsSGMLWithItsHeaderAndCharset() throws {
    let (format, statements) = try Self.read("hdfc-savings-nov.ofx")
    #expect(format == .ofx)
    let statement = try #require(statements.first)
    #expect(statement.accountID == "50100012345678")
    #expect(statement.currency == .inr)
    #expect(statement.rows.count == 6)
    #expect(statement.rows.map(\.amount).reduce(0, +) == 11_743_050)
    let lunch = statement.rows[0]
    #expect(lunch.date == LocalDate(iso: "2026-11-23"), "DTUSER is the transaction date")
    #expect(lunch.postedDate == LocalDate(iso: "2026-11-24"))
    #expect(lunch.reference == "HD2611240001")
    #expect(statement.rows[3].mcc == 5411, "SIC is read as the MCC")
    #expect(statement.rows[5].payee == "Café Mocha Bandra", "CHARSET:1252 decodes é")
    #expect(statement.rows[5].memo == "coffee & cake")
    #expect(statement.ledgerBalance == StatementAmount(minorUnits: 16_743_050, date: LocalDate(iso: "2026-11-30")))
  }

  @Test func ofxTwoReadsXMLCardsForeignAmountsAndPendingRows() throws {
    let (_, statements) = try Self.read("hdfc-card-nov.qfx")
    let statement = try #require(statements.first)
    #expect(statement.accountKind == .card)
    #expect(statement.rows.count == 5)
    let pizza = statement.rows[1]
    #expect(pizza.foreign == Money(minorUnits: 1250, currency: .usd))
    #expect(pizza.rate?.text == "83.72")
    #expect(statement.rows.last?.pending == true)
    #expect(statement.rows.last?.reference == nil)
  }

  @Test func ofxErrorsNameTheLineAndTheStatus() throws {
    let refused = """
      OFXHEADER:100
      DATA:OFXSGML

      <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid</STATUS></SONRS></SIGNONMSGSRSV1></OFX>
      """
    #expect(throws: StatementError.self) { try OFXFormat.read(refused) }
    do {
      _ = try OFXFormat.read(refused)
    } catch {
      #expect(error.message.contains("15500") && error.message.contains("Signon invalid"))
    }
    let investment = "<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>"
    do {
      _ = try OFXFormat.read(investment)
      Issue.record("an investment statement should be refused")
    } catch {
      #expect(error.message.contains("investment"))
    }
    let broken =
      "OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>INR\n<BANKTRANLIST>\n<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261301<TRNAMT>-5</STMTTRN>"
      + "\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"
    do {
      _ = try OFXFormat.read(broken)
      Issue.record("an impossible date should be refused")
    } catch {
      #expect(error.line == 5, "the STMTTRN with the impossible date")
    }
  }

  @Test func aFileCutShortIsAnErrorNotFewerRows() throws {
    for name in ["hdfc-savings-nov.ofx", "hdfc-card-nov.qfx", "sbi-nov.camt.xml"] {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
      for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 40] {
        #expect(throws: StatementError.self, "\(name) cut at \(cut)") {
          try StatementFile.read(Array(bytes.prefix(cut)), options: StatementFile.Options(currency: .inr))
        }
      }
    }
  }

  @Test func ofxCommasAndSignsAsBanksWriteThem() throws {
    #expect(OFXFormat.ofxAmount("-12,50", exponent: 2) == -1250)
    #expect(OFXFormat.ofxAmount("-1,250.50", exponent: 2) == -125_050)
    #expect(OFXFormat.ofxAmount("1,250", exponent: 2) == 125_000)
    let card = """
      <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>INR<CCACCTFROM><ACCTID>4242</CCACCTFROM>
      <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261101<TRNAMT>1200.00<FITID>A<NAME>SWIGGY</STMTTRN>
      <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261102<TRNAMT>-2000.00<FITID>B<NAME>PAYMENT</STMTTRN></BANKTRANLIST>
      </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
      """
    let statement = try #require(try OFXFormat.read(card).first)
    #expect(statement.rows.map(\.amount) == [-120_000, 200_000], "debits written positive are turned")
    #expect(!statement.warnings.isEmpty)
  }

  @Test func qifReadsSectionsAccountsAndBankDates() throws {
    let (format, statements) = try Self.read("accounts.qif")
    #expect(format == .qif)
    #expect(statements.map(\.accountID) == ["ICICI Current", "Petty Cash"])
    #expect(statements.map(\.accountKind) == [.bank, .cash])
    #expect(statements[0].rows.map(\.date) == [LocalDate(iso: "2026-11-03"), LocalDate(iso: "2026-11-18")])
    #expect(statements[0].rows.map(\.amount) == [-120_000, 4_500_000])
    #expect(statements[0].rows[0].reference == "qif:1001")
    #expect(QIFFormat.date("8/ 1/97", dayFirst: false) == LocalDate(iso: "1997-08-01"))
    #expect(QIFFormat.date("08/01'02", dayFirst: false) == LocalDate(iso: "2002-08-01"))
    #expect(QIFFormat.date("2002-08-01", dayFirst: true) == LocalDate(iso: "2002-08-01"))
    #expect(QIFFormat.date("31/01/2026", dayFirst: true) == LocalDate(iso: "2026-01-31"))
  }

  @Test func camtReadsStatementsAndReports() throws {
    let (_, statements) = try Self.read("sbi-nov.camt.xml")
    let statement = try #require(statements.first)
    #expect(statement.format == "CAMT.053")
    #expect(statement.accountID == "DE89370400440532013000")
    #expect(statement.currency == .eur)
    #expect(statement.rows.map(\.amount) == [-4250, 250_000, -1999])
    #expect(statement.rows[0].payee == "REWE Markt GmbH")
    #expect(statement.rows[0].memo == "Einkauf 03.11.")
    #expect(
      statement.rows[0].date == LocalDate(iso: "2026-11-03")
        && statement.rows[0].postedDate == LocalDate(iso: "2026-11-04"))
    #expect(statement.ledgerBalance?.minorUnits == 123_456)
    let (_, reports) = try Self.read("sbi-intraday.camt052.xml")
    #expect(reports.first?.format == "CAMT.052")
    #expect(reports.first?.rows.allSatisfy(\.pending) == true)
  }

  @Test func bankCSVReadsThroughItsMappingAndGuessesOne() throws {
    let rules = try String(contentsOfFile: Self.folder + "/kotak.rules", encoding: .utf8)
    let (format, statements) = try Self.read("kotak-nov.csv", mapping: rules)
    #expect(format == .csv)
    let rows = try #require(statements.first).rows
    #expect(rows.map(\.amount) == [-35_000, 1_200_000, -124_000])
    #expect(rows[0].payee == "SWIGGY ORDER, BANDRA", "a quoted comma stays in its field")
    #expect(statements.first?.ledgerBalance?.minorUnits == 2_041_000)
    let text = try String(contentsOfFile: Self.folder + "/kotak-nov.csv", encoding: .utf8)
    let guessed = BankCSVFormat.guess(text)
    #expect(guessed.skip == 2)
    #expect(guessed.date == "Txn Date" && guessed.dateFormat == "DD/MM/YYYY")
    #expect(guessed.debit == "Debit" && guessed.credit == "Credit" && guessed.balance == "Balance")
    #expect(try BankCSVMapping(text: guessed.text) == guessed, "the guess reads back as written")
  }

  @Test func csvReaderFollowsRFC4180() {
    let records = Array(CSVReader("a,\"b \"\"q\"\"\",c\r\n\"multi\nline\",2,\n"))
    #expect(records.map(\.fields) == [["a", "b \"q\"", "c"], ["multi\nline", "2", ""]])
    #expect(records.map(\.line) == [1, 2])
  }

  @Test func anEmptyCurrencyIsTheRowsOrTheDefault() throws {
    let rows = """
      <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF></CURDEF><BANKACCTFROM><ACCTID>1</ACCTID></BANKACCTFROM>
      <BANKTRANLIST><STMTTRN><TRNTYPE>Credit</TRNTYPE><DTPOSTED>20180507</DTPOSTED><TRNAMT>12.34</TRNAMT><FITID></FITID>
      <NAME></NAME><CURRENCY><CURRATE>1.0000</CURRATE><CURSYM>AUD</CURSYM></CURRENCY></STMTTRN></BANKTRANLIST>
      <LEDGERBAL><BALAMT></BALAMT><DTASOF></DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
      """
    let statement = try #require(try OFXFormat.read(rows, currency: .inr).first)
    #expect(statement.currency.code == "AUD")
    #expect(statement.rows.map(\.amount) == [1234])
    #expect(statement.rows.first?.reference == nil && statement.rows.first?.foreign == nil)
    #expect(statement.ledgerBalance == nil, "an empty balance is none")
    let none = rows.replacingOccurrences(
      of: "<CURRENCY><CURRATE>1.0000</CURRATE><CURSYM>AUD</CURSYM></CURRENCY>", with: "")
    #expect(try OFXFormat.read(none, currency: .inr).first?.currency == .inr)
  }

  @Test func untrustedFiguresAreRefusedNotTrapped() throws {
    #expect(StatementValues.amount("99999999999999999", exponent: 2) == nil, "past Int64 once scaled")
    #expect(StatementValues.amount("9999999999999999", exponent: 3) == nil)
    let noRate = """
      <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>
      <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261101<TRNAMT>-1500<FITID>A<NAME>X<CURRENCY><CURSYM>JPY</CURRENCY></STMTTRN>
      </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
      """
    #expect(throws: StatementError.self, "an amount in yen on a dollar statement needs its rate") {
      try OFXFormat.read(noRate)
    }
    var mapping = BankCSVMapping()
    mapping.date = "Date"
    mapping.amount = "Amount"
    mapping.drcr = "Type"
    #expect(throws: StatementError.self, "only DR or CR in a DR/CR column") {
      try BankCSVFormat.read("Date,Amount,Type\n2026-11-01,250.00,POS\n", mapping: mapping, currency: .inr)
    }
    let marked = try BankCSVFormat.read(
      "Date,Amount,Type\n2026-11-01,250.00,DR\n2026-11-02,100.00 CR,\n", mapping: mapping, currency: .inr)
    #expect(marked.rows.map(\.amount) == [-25_000, 10_000])
  }

  @Test func amountsAndDatesReadExactly() {
    #expect(StatementValues.amount("-1,234.56", exponent: 2) == -123_456)
    #expect(StatementValues.amount("1.234,56", exponent: 2, decimalComma: true) == 123_456)
    #expect(StatementValues.amount("(12.00)", exponent: 2) == -1200)
    #expect(StatementValues.amount("420.00-", exponent: 2) == -42_000)
    #expect(StatementValues.amount("12.345", exponent: 2) == nil, "no rounding of a third decimal")
    #expect(StatementValues.amount("1e5", exponent: 2) == nil)
    #expect(StatementValues.date("3 Nov 2026", format: "D MMM YYYY") == LocalDate(iso: "2026-11-03"))
    #expect(StatementValues.date("31/02/2026", format: "DD/MM/YYYY") == nil)
    #expect(StatementValues.ofxDate("20261129120000.000[+5.30:IST]") == LocalDate(iso: "2026-11-29"))
  }

  @Test func encodingsAndLineEndings() {
    #expect(TextDecoding.text([0xEF, 0xBB, 0xBF, 0x61, 0x0D, 0x0A, 0x62, 0x0D, 0x63]) == "a\nb\nc")
    #expect(TextDecoding.text([0x43, 0x61, 0x66, 0xE9]) == "Café", "not UTF-8: Windows-1252")
    #expect(TextDecoding.text([0xFF, 0xFE, 0x41, 0x00, 0x42, 0x00]) == "AB", "UTF-16 with its BOM")
    #expect(TextDecoding.text(Array("Café".utf8)) == "Café")
  }

  @Test func formatsAreToldByContentNotName() {
    #expect(StatementFormat.detect("!Type:Bank\nD1/1/26\n") == .qif)
    #expect(StatementFormat.detect("<?xml version=\"1.0\"?><Document><BkToCstmrStmt>") == .camt)
    #expect(StatementFormat.detect("OFXHEADER:100\n<OFX>") == .ofx)
    #expect(StatementFormat.detect("Date,Amount\n") == .csv)
    #expect(StatementFormat.detect("hello") == nil)
  }
}
