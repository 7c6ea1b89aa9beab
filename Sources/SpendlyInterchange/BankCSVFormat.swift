import Foundation
import SpendlyCore

/// A bank's CSV read through its mapping into one statement.
public enum BankCSVFormat {
  /// The rows of `text` as `mapping` says. Separator rows (`****`) are skipped anywhere; lines
  /// after the last row that are no rows (a summary, "computer generated statement") are a
  /// footer, skipped and counted; a line that is no row with rows after it is an error.
  public static func read(_ text: String, mapping: BankCSVMapping, currency: Currency) throws(StatementError)
    -> Statement
  {
    try statements(text, mapping: mapping, currency: currency, splitting: false)[0]
  }

  /// The rows of `text` as `read` reads them; with `splitting`, a currency column's rows make a
  /// statement per currency (in the order they first appear), each with its own balance; else
  /// a row in another currency than `currency` is an error.
  public static func statements(_ text: String, mapping: BankCSVMapping, currency: Currency, splitting: Bool)
    throws(StatementError) -> [Statement]
  {
    var reader = CSVReader(text, delimiter: mapping.delimiter)
    var skipped = 0
    // The title lines may name the account ("Account No :,50100012345678"): its number.
    var accountNumber: String?
    while skipped < mapping.skip, let (_, fields) = reader.next() {
      skipped += 1
      if accountNumber == nil { accountNumber = Self.accountNumber(in: fields) }
    }
    var names: [String] = []
    var header: [String] = []
    var headerLine = mapping.skip + 1
    if mapping.header {
      guard let (line, fields) = reader.next() else { throw StatementError(line: 1, "the file has no header line") }
      (headerLine, header) = (line, fields)
      names = header.map { $0.trimmingSpaces().lowercased() }
    }
    func column(_ name: String?) throws(StatementError) -> Int? {
      guard let name else { return nil }
      if let number = Int(name) {
        guard number >= 1, !mapping.header || number <= names.count else {
          throw StatementError(
            line: headerLine,
            number < 1
              ? "column \(number): columns are numbered from 1"
              : "column \(number): the header has \(names.count) columns")
        }
        return number - 1
      }
      guard let index = names.firstIndex(of: name.lowercased()) else {
        throw StatementError(
          line: headerLine, "no column \(TextSanitizer.quoted(name)) in the header (\(BankCSVMapping.listed(header)))")
      }
      return index
    }
    let skipPattern = mapping.skipMatching.flatMap { try? NSRegularExpression(pattern: $0) }
    let dateColumn = try column(mapping.date)!
    let amountColumn = try column(mapping.amount)
    let debitColumn = try column(mapping.debit)
    let creditColumn = try column(mapping.credit)
    let drcrColumn = try column(mapping.drcr)
    let payeeColumn = try column(mapping.payee)
    let memoColumn = try column(mapping.memo)
    let referenceColumn = try column(mapping.reference)
    let currencyColumn = try column(mapping.currency)
    let balanceColumn = try column(mapping.balance)
    var statements: [Currency: Statement] = [:]
    var order: [Currency] = []
    /// Each currency's running balances in file order.
    var balances: [Currency: [StatementAmount]] = [:]
    var opening: StatementAmount?
    // Lines since the last row that are no rows: a footer if no row follows; the first one
    // that is not a separator is the error if one does.
    var trailing = 0
    var notARow: StatementError?
    let style = AmountStyle.bankCSV(decimalComma: mapping.decimalComma, thousands: mapping.thousands)
    var kinds = BankCSVKinds(header: header, mapping: mapping, style: style, exponent: currency.exponent)
    // "250.00 DR", "₹1,200.00", "1200 INR": the reader takes the marks beside the number.
    func number(_ text: String, _ line: Int, _ what: String, currency: Currency, side: AmountReader.Side? = nil)
      throws(StatementError) -> Int64?
    {
      let trimmed = text.trimmingSpaces()
      if trimmed.isEmpty { return nil }
      guard let value = StatementValues.amount(trimmed, style: style, exponent: currency.exponent, side: side) else {
        throw StatementError(
          line: line, StatementValues.refusal(what, trimmed, currency: currency, style: style, side: side))
      }
      return value
    }
    // The last `skip-end` lines wait here until the file goes on past them.
    var held: [(line: Int, fields: [String])] = []
    func row(_ line: Int, _ fields: [String]) throws(StatementError) {
      if BankCSVColumn.isSeparator(fields) {
        trailing += 1
        return
      }
      if let skipPattern {
        let joined = fields.joined(separator: String(mapping.delimiter))
        if skipPattern.firstMatch(in: joined, range: NSRange(joined.startIndex..., in: joined)) != nil {
          trailing += 1
          return
        }
      }
      func field(_ index: Int?) -> String? {
        guard let index, index < fields.count else { return nil }
        let value = fields[index].trimmingSpaces()
        return value.isEmpty ? nil : value
      }
      // A line whose date is missing or is no date at all is no row (a total, a summary); one
      // whose date is written as a date but does not read is a bad row.
      let dateText = field(dateColumn)
      let date = dateText.flatMap { StatementValues.date($0, format: mapping.dateFormat) }
      guard let date else {
        if let dateText, DateFormatGuess.looksLikeDate(dateText) {
          throw StatementError(
            line: line, "date \(TextSanitizer.quoted(dateText)) does not match date-format \(mapping.dateFormat)")
        }
        trailing += 1
        notARow =
          notARow
          ?? StatementError(
            line: line,
            dateText.map { "date \(TextSanitizer.quoted($0)) does not match date-format \(mapping.dateFormat)" }
              ?? "no date in column \(mapping.date ?? "")")
        return
      }
      if let notARow { throw notARow }
      trailing = 0
      var rowCurrency = currency
      if let code = field(currencyColumn) {
        guard let named = Currency.named(code) else {
          throw StatementError(line: line, "unknown currency \(TextSanitizer.quoted(code))")
        }
        rowCurrency = named
      }
      // A dated line with a balance and no amount ("Opening Balance") is no row; before the
      // first row, it is where the statement opened.
      let noAmount =
        amountColumn.map { field($0) == nil } ?? (field(debitColumn) == nil && field(creditColumn) == nil)
      if noAmount, let text = field(balanceColumn),
        let balance = try number(text, line, "balance", currency: rowCurrency)
      {
        if order.isEmpty && opening == nil { opening = StatementAmount(minorUnits: balance, date: date) }
        return
      }
      var amount: Int64
      if let amountColumn {
        // A DR/CR column is the sign, given apart from the number.
        var side: AmountReader.Side?
        // A card's statement marks only its credits: a blank beside a bare amount is a debit
        // (an amount with its own sign or mark keeps it).
        if drcrColumn != nil, field(drcrColumn) == nil, let bare = field(amountColumn),
          !bare.contains(where: { $0.isLetter || $0 == "-" || $0 == "(" || $0 == "+" })
        {
          side = .debit
        }
        if let marker = field(drcrColumn) {
          guard let given = BankCSVColumn.side(marker) else {
            throw StatementError(line: line, "\(TextSanitizer.quoted(marker)) in the DR/CR column: expected DR or CR")
          }
          side = given
        }
        guard let value = try number(field(amountColumn) ?? "", line, "amount", currency: rowCurrency, side: side)
        else {
          throw StatementError(line: line, "no amount")
        }
        amount = value
      } else {
        let out = try number(field(debitColumn) ?? "", line, "debit", currency: rowCurrency) ?? 0
        let into = try number(field(creditColumn) ?? "", line, "credit", currency: rowCurrency) ?? 0
        guard out != 0 || into != 0 else { throw StatementError(line: line, "neither a debit nor a credit") }
        amount = abs(into) - abs(out)
      }
      if mapping.negate { amount = -amount }
      guard rowCurrency == currency || splitting else {
        throw StatementError(line: line, "a row in \(rowCurrency.code) on an account in \(currency.code)")
      }
      kinds.note(fields)
      var row = StatementRow(date: date, amount: amount, line: line)
      row.payee = field(payeeColumn)
      row.memo = field(memoColumn)
      // "-" in a cheque column is no reference.
      row.reference = field(referenceColumn).flatMap { $0.allSatisfy { $0 == "-" } ? nil : $0 }
      row.type = field(drcrColumn)
      if statements[rowCurrency] == nil {
        statements[rowCurrency] = Statement(currency: rowCurrency, format: "CSV")
        order.append(rowCurrency)
      }
      statements[rowCurrency]!.rows.append(row)
      if let text = field(balanceColumn), let balance = try number(text, line, "balance", currency: rowCurrency) {
        // Kept in file order: `closing` picks the statement's (a file may list its days newest first).
        balances[rowCurrency, default: []].append(StatementAmount(minorUnits: balance, date: date))
      }
    }
    while let (line, fields) = reader.next() {
      if let open = reader.unclosedQuote { throw StatementError(line: open, "a quoted field is never closed") }
      if let long = reader.oversizedField { throw StatementError(line: long, "a field \(TextLimits.tooLong)") }
      if fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { continue }
      held.append((line, fields))
      if held.count > mapping.skipEnd {
        let (line, fields) = held.removeFirst()
        try row(line, fields)
      }
    }
    if let refusal = kinds.refusal(order.flatMap { statements[$0]!.rows }) {
      throw StatementError(line: headerLine, refusal)
    }
    if order.isEmpty {
      statements[currency] = Statement(currency: currency, format: "CSV")
      order.append(currency)
    }
    return order.enumerated().map { index, code in
      var statement = statements[code]!
      statement.accountID = statement.accountID ?? accountNumber
      if index == 0 {
        statement.skippedFooterLines = trailing + held.count
        statement.openingBalance = opening
      }
      statement.currencyGiven = currencyColumn != nil
      statement.ledgerBalance = Self.closing(balances[code] ?? [])
      statement.start = statement.rows.map(\.date).min()
      statement.end = statement.rows.map(\.date).max()
      return statement
    }
  }

  /// The account number a title line gives: a run of 6 digits or more (masks and spaces
  /// allowed) on a line that names an account ("Account No", "A/C Number").
  static func accountNumber(in fields: [String]) -> String? {
    let line = fields.joined(separator: " ")
    let lower = line.lowercased()
    guard lower.contains("account") || lower.contains("a/c") || lower.contains("acct") else { return nil }
    let words = line.split { !$0.isLetter && !$0.isNumber }
    return words.map(String.init).first { word in
      word.filter(\.isNumber).count >= 6 && word.allSatisfy { $0.isNumber || $0 == "X" || $0 == "x" }
    }
  }

  /// The closing balance of running balances in file order: the latest day's last line, or its
  /// first in a file written newest first.
  static func closing(_ balances: [StatementAmount]) -> StatementAmount? {
    guard let first = balances.first?.date, let last = balances.last?.date else { return balances.last }
    let latest = balances.compactMap(\.date).max()
    return first > last ? balances.first { $0.date == latest } : balances.last { $0.date == latest }
  }
}
