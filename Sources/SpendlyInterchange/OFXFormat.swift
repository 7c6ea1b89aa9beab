import Foundation
import SpendlyCore

/// OFX 1.x (SGML, with or without its header block) and 2.x (XML); QFX and QBO are OFX.
/// Bank and credit-card statements; an investment statement is refused.
public enum OFXFormat {
  /// Whether the text is OFX: an `OFXHEADER` or an `<OFX>` tag near the start.
  public static func detects(_ text: String) -> Bool {
    let head = text.prefix(4000).uppercased()
    return head.contains("OFXHEADER") || head.contains("<OFX>")
  }

  /// `currency` stands for a statement whose CURDEF is empty and whose rows name none.
  public static func read(_ text: String, currency fallback: Currency = .usd) throws(StatementError) -> [Statement] {
    let root = try tree(text)
    guard let ofx = root.descendants("OFX", pruning: ["BANKTRANLIST"]).first ?? (root.name == "OFX" ? root : nil) else {
      throw StatementError(line: 1, "no <OFX> element")
    }
    if let status = ofx.at("SIGNONMSGSRSV1", "SONRS", "STATUS"), let code = status.value("CODE"), code != "0" {
      let message = status.value("MESSAGE").map { ": \($0)" } ?? ""
      throw StatementError(line: status.line, "the bank refused the sign-on (STATUS CODE \(code)\(message))")
    }
    if ofx.child("INVSTMTMSGSRSV1") != nil {
      throw StatementError(
        line: ofx.child("INVSTMTMSGSRSV1")!.line, "an investment statement: Spendly reads bank and card statements")
    }
    var statements: [Statement] = []
    let lists: Set<String> = ["BANKTRANLIST", "BANKTRANLISTP"]
    for response in ofx.descendants("STMTRS", pruning: lists) {
      statements.append(try statement(response, kind: .bank, fallback: fallback))
    }
    for response in ofx.descendants("CCSTMTRS", pruning: lists) {
      statements.append(try statement(response, kind: .card, fallback: fallback))
    }
    for transaction in ofx.descendants("STMTTRNRS", pruning: lists) + ofx.descendants("CCSTMTTRNRS", pruning: lists) {
      if let status = transaction.child("STATUS"), let code = status.value("CODE"), code != "0",
        transaction.child("STMTRS") == nil && transaction.child("CCSTMTRS") == nil
      {
        let message = status.value("MESSAGE").map { ": \($0)" } ?? ""
        throw StatementError(line: status.line, "the bank sent no statement (STATUS CODE \(code)\(message))")
      }
    }
    guard !statements.isEmpty else {
      throw StatementError(line: ofx.line, "no bank or credit-card statement in the file")
    }
    return statements
  }

  static func tree(_ text: String) throws(StatementError) -> MarkupNode {
    guard let start = text.firstIndex(of: "<") else { throw StatementError(line: 1, "no OFX tags") }
    let headerLines = text[..<start].filter { $0 == "\n" }.count
    let body = String(text[start...])
    if body.hasPrefix("<?xml") || body.hasPrefix("<?OFX") {
      do {
        return try XMLTreeReader.read(body)
      } catch {
        // Some banks write "OFX 2" that is not well-formed XML: read it as SGML if that finds it.
        if let tree = try? SGMLReader.read(body, firstLine: headerLines + 1),
          !tree.descendants("STMTTRN").isEmpty || !tree.descendants("LEDGERBAL", pruning: ["BANKTRANLIST"]).isEmpty
        {
          return tree
        }
        throw StatementError(line: error.line + headerLines, error.message)
      }
    }
    return try SGMLReader.read(body, firstLine: headerLines + 1)
  }

  static func statement(_ response: MarkupNode, kind: Statement.AccountKind, fallback: Currency) throws(StatementError)
    -> Statement
  {
    // An empty CURDEF: the currency the rows are in, else the person's default.
    let code =
      response.value("CURDEF") ?? response.descendants("STMTTRN").lazy.compactMap { $0.value("CURRENCY", "CURSYM") }
      .first
      ?? fallback.code
    guard let currency = Currency.named(code) else {
      throw StatementError(line: response.line, "unknown currency CURDEF \(TextSanitizer.quoted(code))")
    }
    var statement = Statement(currency: currency, format: "OFX")
    statement.accountKind = kind
    let account = response.child("BANKACCTFROM") ?? response.child("CCACCTFROM")
    statement.accountID = account?.value("ACCTID")
    if kind == .bank, let type = account?.value("ACCTTYPE"), type == "CREDITLINE" { statement.accountKind = .card }
    let list = response.child("BANKTRANLIST")
    statement.start = list?.value("DTSTART").flatMap(StatementValues.ofxDate)
    statement.end = list?.value("DTEND").flatMap(StatementValues.ofxDate)
    // Rows belong in BANKTRANLIST; a bank that leaves that out still has them read.
    for node in response.descendants("STMTTRN") {
      statement.rows.append(try row(node, currency: currency, pending: false))
    }
    for node in response.child("BANKTRANLISTP")?.children("STMTTRNP") ?? [] {
      statement.rows.append(try row(node, currency: currency, pending: true))
    }
    // Some card statements sign from the bank's side: charges (DEBIT) positive. TRNTYPE says
    // which way each row goes; when the debits are mostly positive, every sign is turned.
    var flipBalances = false
    let debits = statement.rows.filter {
      ["DEBIT", "POS", "FEE", "SRVCHG", "CHECK"].contains($0.type?.uppercased() ?? "")
    }
    if !debits.isEmpty, debits.filter({ $0.amount > 0 }).count * 2 > debits.count {
      for index in statement.rows.indices { statement.rows[index].amount.negate() }
      flipBalances = true
      statement.warnings.append(
        "its debits are written positive: every amount's sign was turned (TRNTYPE says which way each goes)")
    }
    for (name, path) in [("LEDGERBAL", \Statement.ledgerBalance), ("AVAILBAL", \Statement.availableBalance)] {
      guard let node = response.child(name), let text = node.value("BALAMT") else { continue }
      guard let minor = ofxAmount(text, exponent: currency.exponent) else {
        throw StatementError(line: node.line, StatementValues.refusal("\(name) BALAMT", text, currency: currency))
      }
      statement[keyPath: path] = StatementAmount(
        minorUnits: flipBalances ? -minor : minor, date: node.value("DTASOF").flatMap(StatementValues.ofxDate))
    }
    return statement
  }

  /// OFX allows a comma as the decimal mark ("-12,50"): a comma with one or two digits after
  /// it and no point is one; with a point after it ("1,250.50") a comma groups thousands.
  static func ofxAmount(_ text: String, exponent: Int) -> Int64? {
    if let comma = text.lastIndex(of: ","), !text.contains(".") {
      let after = text[text.index(after: comma)...].trimmingSpaces()
      if (1...2).contains(after.count), after.allSatisfy(\.isNumber) {
        return StatementValues.amount(text, exponent: exponent, decimalComma: true, thousands: "'")
      }
    }
    return StatementValues.amount(text, exponent: exponent)
  }

  static func row(_ node: MarkupNode, currency: Currency, pending: Bool) throws(StatementError) -> StatementRow {
    func required(_ name: String) throws(StatementError) -> String {
      guard let value = node.value(name) else { throw StatementError(line: node.line, "a transaction has no \(name)") }
      return value
    }
    let posted = node.value("DTPOSTED").flatMap(StatementValues.ofxDate)
    let user = (node.value("DTUSER") ?? node.value("DTTRAN")).flatMap(StatementValues.ofxDate)
    guard let date = user ?? posted else {
      throw StatementError(
        line: node.line, "a transaction has no date it can read (DTPOSTED \(TextSanitizer.quoted(node.value("DTPOSTED") ?? "")))")
    }
    let amountText = try required("TRNAMT")
    // <CURRENCY>: the amount is in CURSYM; <ORIGCURRENCY>: in CURDEF, first charged in CURSYM.
    let converted = node.child("CURRENCY")
    let original = node.child("ORIGCURRENCY")
    var rowCurrency = currency
    if let converted, let code = converted.value("CURSYM") {
      guard let foreign = Currency.named(code) else {
        throw StatementError(line: converted.line, "unknown currency \(TextSanitizer.quoted(code))")
      }
      rowCurrency = foreign
    }
    guard let minor = ofxAmount(amountText, exponent: rowCurrency.exponent) else {
      throw StatementError(
        line: node.child("TRNAMT")?.line ?? node.line, StatementValues.refusal("TRNAMT", amountText, currency: rowCurrency))
    }
    var row = StatementRow(date: date, amount: minor, line: node.line)
    row.postedDate = posted
    row.pending = pending
    row.reference = node.value("FITID")
    row.payee = node.value("NAME") ?? node.value("PAYEE", "NAME") ?? node.value("PAYEEID")
    row.memo = node.value("MEMO")
    row.cheque = node.value("CHECKNUM")
    row.type = node.value("TRNTYPE")
    row.mcc = (node.value("MCC") ?? node.value("SIC")).flatMap { Int($0) }
    if rowCurrency != currency,
      converted?.value("CURRATE").flatMap({ DecimalNumber(text: $0) }).map({ !$0.isZero }) != true
    {
      throw StatementError(
        line: converted?.line ?? node.line, "an amount in \(rowCurrency.code) with no CURRATE to \(currency.code)")
    }
    if let converted, rowCurrency != currency, let rateText = converted.value("CURRATE") {
      guard let rate = DecimalNumber(text: rateText),
        let home = ExchangeMath.multiply(minor, from: rowCurrency, by: rate, to: currency)
      else { throw StatementError(line: converted.line, "CURRATE \(TextSanitizer.quoted(rateText)) is not a rate") }
      row.foreign = Money(minorUnits: abs(minor), currency: rowCurrency)
      row.rate = ExchangeRate(rate.description)
      row.amount = home
    } else if let original, let code = original.value("CURSYM"), let foreign = Currency.named(code),
      let rateText = original.value("CURRATE"), let rate = DecimalNumber(text: rateText), !rate.isZero,
      let away = ExchangeMath.divide(minor, from: currency, by: rate, to: foreign)
    {
      row.foreign = Money(minorUnits: abs(away), currency: foreign)
      row.rate = ExchangeRate(rate.description)
    }
    return row
  }
}
