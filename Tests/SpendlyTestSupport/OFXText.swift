/// A small bank statement in OFX (SGML) written by the tests: one INR savings account, its rows
/// and, when given, the ledger balance on the last day.
public struct OFXText {
  /// One row: its type (DEBIT, CREDIT, XFER), day (YYYYMMDD), signed amount, FITID and payee.
  public struct Row {
    public let type: String
    public let day: String
    public let amount: String
    public let id: String
    public let name: String

    public init(_ type: String = "DEBIT", day: String, amount: String, id: String, name: String) {
      (self.type, self.day, self.amount, self.id, self.name) = (type, day, amount, id, name)
    }
  }

  public var account: String
  /// The statement's first and last days (YYYYMMDD).
  public var from: String
  public var to: String
  public var rows: [Row]
  public var balance: String?

  public init(account: String, from: String, to: String, rows: [Row], balance: String? = nil) {
    (self.account, self.from, self.to, self.rows, self.balance) = (account, from, to, rows, balance)
  }

  public var text: String {
    let lines = rows.map { row in
      "<STMTTRN><TRNTYPE>\(row.type)<DTPOSTED>\(row.day)<TRNAMT>\(row.amount)<FITID>\(row.id)<NAME>\(row.name)</STMTTRN>"
    }
    let ledger = balance.map { "<LEDGERBAL><BALAMT>\($0)<DTASOF>\(to)</LEDGERBAL>" } ?? ""
    return """
      OFXHEADER:100
      DATA:OFXSGML
      VERSION:102

      <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>INR
      <BANKACCTFROM><BANKID>B0001<ACCTID>\(account)<ACCTTYPE>SAVINGS</BANKACCTFROM>
      <BANKTRANLIST><DTSTART>\(from)<DTEND>\(to)
      \(lines.joined(separator: "\n"))
      </BANKTRANLIST>\(ledger)</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

      """
  }
}
