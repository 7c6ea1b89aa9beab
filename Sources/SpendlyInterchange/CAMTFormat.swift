import SpendlyCore

/// ISO 20022 CAMT.053 (statements) and CAMT.052 (intraday reports): each entry's booking
/// status, credit/debit indicator, amount and currency, counterparty and remittance text.
public enum CAMTFormat {
  public static func detects(_ text: String) -> Bool {
    let head = text.prefix(3000)
    return head.contains("camt.053") || head.contains("camt.052") || head.contains("BkToCstmrStmt")
      || head.contains("BkToCstmrAcctRpt")
  }

  public static func read(_ text: String) throws(StatementError) -> [Statement] {
    let root = try XMLTreeReader.read(text)
    let reports = root.descendants("Stmt") + root.descendants("Rpt")
    let format = root.descendants("BkToCstmrAcctRpt").isEmpty ? "CAMT.053" : "CAMT.052"
    guard !reports.isEmpty else {
      throw StatementError(line: 1, "no statement (Stmt) or report (Rpt) in the CAMT file")
    }
    var statements: [Statement] = []
    for report in reports {
      let account = report.child("Acct")
      let code = account?.value("Ccy") ?? report.descendants("Amt").first?.attributes["Ccy"] ?? "EUR"
      guard let currency = Currency.named(code) else {
        throw StatementError(line: report.line, "unknown currency \(TextSanitizer.quoted(code))")
      }
      var statement = Statement(currency: currency, format: format)
      statement.accountID = account?.value("Id", "IBAN") ?? account?.value("Id", "Othr", "Id")
      if let period = report.child("FrToDt") {
        statement.start = (period.value("FrDtTm") ?? period.value("FrDt")).flatMap(StatementValues.isoDate)
        statement.end = (period.value("ToDtTm") ?? period.value("ToDt")).flatMap(StatementValues.isoDate)
      }
      for balance in report.children("Bal") {
        let type = balance.value("Tp", "CdOrPrtry", "Cd") ?? balance.value("Tp", "CdOrPrtry", "Prtry") ?? ""
        guard let amount = try signedAmount(balance, currency: currency) else { continue }
        let day = (balance.value("Dt", "Dt") ?? balance.value("Dt", "DtTm")).flatMap(StatementValues.isoDate)
        let value = StatementAmount(minorUnits: amount, date: day)
        switch type {
        case "CLBD", "ITBD": statement.ledgerBalance = value
        case "CLAV", "ITAV": statement.availableBalance = value
        case "OPBD", "PRCD": statement.openingBalance = value
        default: break
        }
      }
      for entry in report.children("Ntry") { statement.rows.append(try row(entry, currency: currency)) }
      statements.append(statement)
    }
    return statements
  }

  /// The amount of a node with `Amt` and `CdtDbtInd`: negative for a debit.
  static func signedAmount(_ node: MarkupNode, currency: Currency) throws(StatementError) -> Int64? {
    guard let amountNode = node.child("Amt"), let text = amountNode.text?.trimmingSpaces(), !text.isEmpty else {
      return nil
    }
    let rowCurrency = amountNode.attributes["Ccy"].flatMap(Currency.named) ?? currency
    guard let minor = StatementValues.amount(text, exponent: rowCurrency.exponent), minor >= 0 else {
      throw StatementError(line: amountNode.line, StatementValues.refusal("amount", text, currency: rowCurrency))
    }
    switch node.value("CdtDbtInd") {
    case "DBIT": return -minor
    case "CRDT": return minor
    default: throw StatementError(line: node.line, "CdtDbtInd must be CRDT or DBIT")
    }
  }

  static func row(_ entry: MarkupNode, currency: Currency) throws(StatementError) -> StatementRow {
    guard let amount = try signedAmount(entry, currency: currency) else {
      throw StatementError(line: entry.line, "an entry has no amount (Amt)")
    }
    let entryCurrency = entry.child("Amt")?.attributes["Ccy"].flatMap(Currency.named) ?? currency
    let booked = (entry.value("BookgDt", "Dt") ?? entry.value("BookgDt", "DtTm")).flatMap(StatementValues.isoDate)
    let value = (entry.value("ValDt", "Dt") ?? entry.value("ValDt", "DtTm")).flatMap(StatementValues.isoDate)
    guard let date = value ?? booked else {
      throw StatementError(line: entry.line, "an entry has no booking or value date")
    }
    var row = StatementRow(date: date, amount: amount, line: entry.line)
    if entryCurrency != currency {
      throw StatementError(line: entry.line, "an entry in \(entryCurrency.code) on an account in \(currency.code)")
    }
    row.postedDate = booked
    let status = entry.value("Sts") ?? entry.value("Sts", "Cd") ?? "BOOK"
    row.pending = status == "PDNG" || status == "INFO"
    let details = entry.descendants("TxDtls").first
    row.reference =
      entry.value("AcctSvcrRef") ?? details?.value("Refs", "AcctSvcrRef") ?? details?.value("Refs", "EndToEndId")
      .flatMap { $0 == "NOTPROVIDED" ? nil : $0 } ?? entry.value("NtryRef")
    let parties = details?.child("RltdPties")
    let counterparty = amount < 0 ? parties?.child("Cdtr") : parties?.child("Dbtr")
    row.payee = counterparty?.value("Nm") ?? counterparty?.value("Pty", "Nm")
    let remittance = details?.child("RmtInf")
    row.memo =
      remittance?.children("Ustrd").compactMap { $0.text?.trimmingSpaces() }.joined(separator: " ")
      .nilIfEmpty ?? entry.value("AddtlNtryInf")
    if row.payee == nil { row.payee = entry.value("AddtlNtryInf") }
    row.type = entry.value("BkTxCd", "Domn", "Fmly", "Cd")
    (row.foreign, row.rate) = CAMTExchange.read(entry: entry, details: details, currency: currency, amount: amount)
    return row
  }
}

extension String {
  var nilIfEmpty: String? { isEmpty ? nil : self }
}
