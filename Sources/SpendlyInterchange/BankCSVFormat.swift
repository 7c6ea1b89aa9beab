import Foundation
import SpendlyCore

/// How a bank's CSV is laid out: which column is which, how dates and numbers are written, and
/// what to skip. Written as `key = value` lines (as hledger's rules files are), kept per account.
public struct BankCSVMapping: Sendable, Equatable {
  /// A column by its header's name (any case) or its 1-based number.
  public var date: String?
  public var amount: String?
  public var debit: String?
  public var credit: String?
  /// A column that says DR or CR beside an unsigned `amount`.
  public var drcr: String?
  public var payee: String?
  public var memo: String?
  public var reference: String?
  public var currency: String?
  public var balance: String?
  public var dateFormat = "YYYY-MM-DD"
  public var decimalComma = false
  public var thousands: Character?
  /// Lines before the header (a bank's title and account lines).
  public var skip = 0
  public var delimiter: Character = ","
  public var encoding: String?
  /// Amounts are written from the bank's side: a positive amount is money out (some cards).
  public var negate = false

  public init() {}

  public static let keys = [
    "date", "amount", "debit", "credit", "drcr", "payee", "memo", "reference", "currency", "balance", "date-format",
    "decimal-comma", "thousands", "skip", "delimiter", "encoding", "negate",
  ]

  /// Reads `key = value` lines; `#` starts a comment. A bad line is an error naming it.
  /// A header's names for a message: each quoted short, at most eight of them, then how many more.
  static func listed(_ header: [String]) -> String {
    let shown = header.prefix(8).map { TextSanitizer.quoted($0, limit: 30) }
    return (shown + (header.count > 8 ? ["and \(header.count - 8) more"] : [])).joined(separator: ", ")
  }

  public init(text: String) throws(StatementError) {
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw StatementError(line: index + 1, "expected 'key = value' (keys: \(Self.keys.joined(separator: ", ")))")
      }
      let key = line[..<equals].trimmingSpaces().lowercased()
      var value = line[line.index(after: equals)...].trimmingSpaces()
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      func flag() throws(StatementError) -> Bool {
        switch value.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: throw StatementError(line: index + 1, "\(key): expected yes or no")
        }
      }
      switch key {
      case "date": date = value
      case "amount": amount = value
      case "debit": debit = value
      case "credit": credit = value
      case "drcr": drcr = value
      case "payee": payee = value
      case "memo": memo = value
      case "reference": reference = value
      case "currency": currency = value
      case "balance": balance = value
      case "date-format": dateFormat = value
      case "decimal-comma": decimalComma = try flag()
      case "negate": negate = try flag()
      case "thousands": thousands = value == "space" ? " " : value.first
      case "skip":
        guard let number = Int(value), number >= 0 else {
          throw StatementError(line: index + 1, "skip: expected a number")
        }
        skip = number
      case "delimiter":
        delimiter = value == "tab" ? "\t" : value == "semicolon" ? ";" : value.first ?? ","
      case "encoding": encoding = value
      default:
        throw StatementError(line: index + 1, "unknown key \(TextSanitizer.quoted(key)) (keys: \(Self.keys.joined(separator: ", ")))")
      }
    }
    guard date != nil else { throw StatementError(line: 1, "the mapping needs a date column (date = …)") }
    guard amount != nil || debit != nil || credit != nil else {
      throw StatementError(line: 1, "the mapping needs amount, or debit and credit columns")
    }
  }

  /// The mapping as `key = value` lines, to save and to edit.
  public var text: String {
    var lines: [String] = ["# Spendly bank CSV mapping: columns by header name or number (1 is the first)"]
    func add(_ key: String, _ value: String?) { if let value { lines.append("\(key) = \(value)") } }
    add("date", date)
    add("date-format", dateFormat)
    add("amount", amount)
    add("debit", debit)
    add("credit", credit)
    add("drcr", drcr)
    add("payee", payee)
    add("memo", memo)
    add("reference", reference)
    add("currency", currency)
    add("balance", balance)
    if decimalComma { lines.append("decimal-comma = yes") }
    if let thousands { lines.append("thousands = \(thousands == " " ? "space" : String(thousands))") }
    if skip > 0 { lines.append("skip = \(skip)") }
    if delimiter != "," { lines.append("delimiter = \(delimiter == "\t" ? "tab" : String(delimiter))") }
    add("encoding", encoding)
    if negate { lines.append("negate = yes") }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// A bank's CSV read through its mapping into one statement.
public enum BankCSVFormat {
  public static func read(_ text: String, mapping: BankCSVMapping, currency: Currency) throws(StatementError)
    -> Statement
  {
    var reader = CSVReader(text, delimiter: mapping.delimiter)
    var skipped = 0
    while skipped < mapping.skip, reader.next() != nil { skipped += 1 }
    guard let (headerLine, header) = reader.next() else { throw StatementError(line: 1, "the file has no header line") }
    let names = header.map { $0.trimmingSpaces().lowercased() }
    func column(_ name: String?) throws(StatementError) -> Int? {
      guard let name else { return nil }
      if let number = Int(name) {
        guard number >= 1, number <= names.count else {
          throw StatementError(line: headerLine, "column \(number): the header has \(names.count) columns")
        }
        return number - 1
      }
      guard let index = names.firstIndex(of: name.lowercased()) else {
        throw StatementError(
          line: headerLine, "no column \(TextSanitizer.quoted(name)) in the header (\(BankCSVMapping.listed(header)))")
      }
      return index
    }
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
    var statement = Statement(currency: currency, format: "CSV")
    var lastBalance: StatementAmount?
    var undated: Int?
    let style = AmountStyle.bankCSV(decimalComma: mapping.decimalComma, thousands: mapping.thousands)
    // "250.00 DR", "₹1,200.00", "1200 INR": the reader takes the marks beside the number.
    func number(_ text: String, _ line: Int, _ what: String, currency: Currency, side: AmountReader.Side? = nil)
      throws(StatementError) -> Int64?
    {
      let trimmed = text.trimmingSpaces()
      if trimmed.isEmpty { return nil }
      guard let value = StatementValues.amount(trimmed, style: style, exponent: currency.exponent, side: side) else {
        throw StatementError(line: line, StatementValues.refusal(what, trimmed, currency: currency, style: style, side: side))
      }
      return value
    }
    while let (line, fields) = reader.next() {
      if let open = reader.unclosedQuote { throw StatementError(line: open, "a quoted field is never closed") }
      if let long = reader.oversizedField { throw StatementError(line: long, "a field \(TextLimits.tooLong)") }
      if fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { continue }
      func field(_ index: Int?) -> String? {
        guard let index, index < fields.count else { return nil }
        let value = fields[index].trimmingSpaces()
        return value.isEmpty ? nil : value
      }
      guard let dateText = field(dateColumn) else {
        // Lines with no date after the rows (totals, a closing balance) end them; one with
        // rows after it is an error.
        undated = undated ?? line
        continue
      }
      if let undatedLine = undated {
        throw StatementError(line: undatedLine, "no date in column \(mapping.date ?? "")")
      }
      guard let date = StatementValues.date(dateText, format: mapping.dateFormat) else {
        throw StatementError(line: line, "date \(TextSanitizer.quoted(dateText)) does not match date-format \(mapping.dateFormat)")
      }
      var rowCurrency = currency
      if let code = field(currencyColumn) {
        guard let named = Currency.named(code) else { throw StatementError(line: line, "unknown currency \(TextSanitizer.quoted(code))") }
        rowCurrency = named
      }
      var amount: Int64
      if let amountColumn {
        // A DR/CR column is the sign, given apart from the number.
        var side: AmountReader.Side?
        if let marker = field(drcrColumn)?.uppercased() {
          switch marker {
          case "DR", "D", "DEBIT", "DR.": side = .debit
          case "CR", "C", "CREDIT", "CR.": side = .credit
          default: throw StatementError(line: line, "\(TextSanitizer.quoted(marker)) in the DR/CR column: expected DR or CR")
          }
        }
        guard let value = try number(field(amountColumn) ?? "", line, "amount", currency: rowCurrency, side: side) else {
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
      guard rowCurrency == currency else {
        throw StatementError(line: line, "a row in \(rowCurrency.code) on a \(currency.code) account")
      }
      var row = StatementRow(date: date, amount: amount, line: line)
      row.payee = field(payeeColumn)
      row.memo = field(memoColumn)
      row.reference = field(referenceColumn)
      row.type = field(drcrColumn)
      statement.rows.append(row)
      if let text = field(balanceColumn), let balance = try number(text, line, "balance", currency: rowCurrency) {
        if lastBalance?.date == nil || date >= lastBalance!.date! {
          lastBalance = StatementAmount(minorUnits: balance, date: date)
        }
      }
    }
    statement.ledgerBalance = lastBalance
    statement.start = statement.rows.map(\.date).min()
    statement.end = statement.rows.map(\.date).max()
    return statement
  }

  /// A mapping guessed from the header and the first rows, for the person to check and edit.
  public static func guess(_ text: String) -> BankCSVMapping {
    var mapping = BankCSVMapping()
    mapping.delimiter = CSVReader.sniffDelimiter(text)
    var reader = CSVReader(text, delimiter: mapping.delimiter)
    var records: [[String]] = []
    while records.count < 30, let (_, fields) = reader.next() { records.append(fields) }
    // The header: the first line with a date-like name and at least three columns.
    let headerIndex =
      records.firstIndex { fields in
        fields.count >= 3
          && fields.contains {
            ["date", "txn date", "transaction date", "value date", "posting date", "booking date", "datum"].contains(
              $0.trimmingSpaces().lowercased())
          }
      } ?? 0
    mapping.skip = headerIndex
    guard headerIndex < records.count else { return mapping }
    let header = records[headerIndex].map { $0.trimmingSpaces() }
    func find(_ words: [String]) -> String? {
      header.first { name in words.contains { name.lowercased() == $0 } }
        ?? header.first { name in words.contains { name.lowercased().contains($0) } }
    }
    mapping.date = find(["date", "txn date", "transaction date", "posting date", "booking date", "value date", "datum"])
    mapping.amount = find(["amount", "amt", "betrag", "montant"])
    if mapping.amount == nil {
      mapping.debit = find(["debit", "withdrawal", "withdrawals", "paid out", "dr", "money out"])
      mapping.credit = find(["credit", "deposit", "deposits", "paid in", "cr", "money in"])
    }
    mapping.drcr =
      mapping.amount == nil
      ? nil : header.first { ["dr/cr", "cr/dr", "debit/credit", "drcr"].contains($0.lowercased()) }
    mapping.payee = find(["payee", "description", "narration", "particulars", "details", "merchant", "name"])
    mapping.memo = find(["memo", "remarks", "note", "notes"])
    mapping.reference = find(["reference", "ref no", "ref", "chq", "cheque", "transaction id", "id"])
    mapping.currency = find(["currency", "ccy"])
    mapping.balance = find(["balance", "closing balance", "running balance"])
    let rows = records.dropFirst(headerIndex + 1)
    if let dateName = mapping.date, let column = header.firstIndex(of: dateName) {
      let samples = rows.compactMap { column < $0.count ? $0[column].trimmingSpaces() : nil }.filter { !$0.isEmpty }
      let formats = [
        "YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY", "DD-MM-YYYY", "DD.MM.YYYY", "DD/MM/YY", "MM/DD/YY", "D MMM YYYY",
        "DD-MMM-YYYY", "DD MMM YYYY", "YYYYMMDD",
      ]
      mapping.dateFormat =
        formats.first { format in
          !samples.isEmpty && samples.allSatisfy { StatementValues.date($0, format: format) != nil }
        } ?? "YYYY-MM-DD"
    }
    let numbers = rows.flatMap { $0 }.filter { $0.contains(where: \.isNumber) && !$0.contains("/") }
    if numbers.contains(where: { $0.range(of: #"\d,\d{2}$"#, options: .regularExpression) != nil }) {
      mapping.decimalComma = true
    }
    return mapping
  }
}
