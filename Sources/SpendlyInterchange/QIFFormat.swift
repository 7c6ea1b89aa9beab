import Foundation
import SpendlyCore

/// QIF: `!Type:Bank`, `!Type:CCard` and `!Type:Cash` sections of `D T U P M L N ^` records;
/// `!Account` blocks name the account the sections after them belong to.
public enum QIFFormat {
  public static func detects(_ text: String) -> Bool {
    let head = text.prefix(2000).lowercased()
    return head.hasPrefix("!type:") || head.hasPrefix("!account") || head.hasPrefix("!option")
      || head.contains("\n!type:")
  }

  /// Dates are month first (`8/ 1/97`, `08/01'02`) unless `dayFirst`; ISO dates read either way.
  public static func read(_ text: String, currency: Currency, dayFirst: Bool = false) throws(StatementError)
    -> [Statement]
  {
    var statements: [Statement] = []
    var current: Statement?
    var pendingAccount: (name: String?, kind: Statement.AccountKind)?
    var inAccountBlock = false
    /// Between !Option:AutoSwitch and !Clear:AutoSwitch, !Account starts a list of accounts.
    var accountList = false
    var listed: (name: String?, kind: Statement.AccountKind)?
    var skipping = false
    var record: [Character: String] = [:]
    var recordLine = 0
    func finish(_ line: Int) throws(StatementError) {
      defer { record = [:] }
      guard !record.isEmpty, current != nil else { return }
      guard let dateText = record["D"] else { throw StatementError(line: recordLine, "a record has no date (D)") }
      guard let date = date(dateText, dayFirst: dayFirst) else {
        throw StatementError(line: recordLine, "date \(TextSanitizer.quoted(dateText)) does not read (month first; --day-first for 31/01)")
      }
      guard let amountText = record["T"] ?? record["U"] else {
        throw StatementError(line: recordLine, "a record has no amount (T)")
      }
      guard let minor = StatementValues.amount(amountText, exponent: currency.exponent) else {
        throw StatementError(line: recordLine, StatementValues.refusal("amount", amountText, currency: currency))
      }
      var row = StatementRow(date: date, amount: minor, line: recordLine)
      row.payee = record["P"]
      row.memo = record["M"]
      if let number = record["N"], !number.isEmpty, number.contains(where: \.isNumber) {
        row.reference = "qif:" + number
      }
      if let category = record["L"], !category.isEmpty {
        // "[Savings]" is a transfer to that account; "Food:Groceries" a category and its sub-category.
        if category.hasPrefix("["), category.hasSuffix("]") {
          row.transferAccount = String(category.dropFirst().dropLast())
        } else {
          row.category = String(category.split(separator: ":").last ?? Substring(category))
        }
      }
      current!.rows.append(row)
    }
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = index + 1
      guard raw.utf8.count <= TextLimits.fieldBytes + 2 else {
        throw StatementError(line: line, "a field \(TextLimits.tooLong)")
      }
      let text = raw.trimmingSpaces()
      guard !text.isEmpty else { continue }
      if text.hasPrefix("!") {
        try finish(line)
        let header = text.lowercased()
        if header.hasPrefix("!account") {
          inAccountBlock = true
          pendingAccount = (nil, .bank)
          continue
        }
        if header.hasPrefix("!option:autoswitch") {
          accountList = true
          continue
        }
        if header.hasPrefix("!clear:autoswitch") {
          accountList = false
          inAccountBlock = false
          continue
        }
        if header.hasPrefix("!clear:") || header.hasPrefix("!option:") { continue }
        guard header.hasPrefix("!type:") else { throw StatementError(line: line, "unknown header \(text)") }
        let type = header.dropFirst(6).trimmingSpaces()
        let kind: Statement.AccountKind?
        switch type {
        case "bank": kind = .bank
        case "ccard": kind = .card
        case "cash": kind = .cash
        case "invst", "port":
          throw StatementError(
            line: line, "an investment account (\(text)): Spendly reads bank, card and cash accounts")
        default: kind = nil  // categories, classes, memorized lists: not statements
        }
        if let current { statements.append(current) }
        current = nil
        skipping = kind == nil
        if let kind {
          var statement = Statement(accountKind: pendingAccount?.kind ?? kind, currency: currency, format: "QIF")
          statement.currencyGiven = false
          statement.accountKind = kind
          statement.accountID = pendingAccount?.name ?? listed?.name
          inAccountBlock = false
          current = statement
        }
        continue
      }
      let code = text.first!
      let value = String(text.dropFirst()).trimmingSpaces()
      if inAccountBlock {
        switch code {
        case "N": pendingAccount?.name = value
        case "T":
          let type = value.lowercased()
          pendingAccount?.kind =
            type.contains("ccard") || type.contains("credit") ? .card : type.contains("cash") ? .cash : .bank
        case "^":
          // In an account list every record is an account (the last one named stands for a
          // section that follows); otherwise the one record names the next section's account.
          if accountList, pendingAccount?.name != nil {
            listed = pendingAccount
            pendingAccount = (nil, .bank)
          } else {
            inAccountBlock = false
          }
        default: break
        }
        continue
      }
      if skipping { continue }
      guard current != nil else { throw StatementError(line: line, "a record before any !Type: header") }
      if code == "^" {
        try finish(line)
        continue
      }
      if record.isEmpty { recordLine = line }
      if code == "S" || code == "E" || code == "$" { continue }  // splits: the record's total stands
      record[code] = value
    }
    try finish(0)
    if let current { statements.append(current) }
    guard !statements.isEmpty else { throw StatementError(line: 1, "no !Type:Bank, !Type:CCard or !Type:Cash section") }
    return statements
  }

  /// `8/ 1/97`, `08/01'02`, `8/1/2002`, `2002-08-01`, `01.08.2002`; day first when asked.
  static func date(_ text: String, dayFirst: Bool) -> LocalDate? {
    if let iso = StatementValues.isoDate(text), text.contains("-"), text.count >= 10 { return iso }
    let cleaned = text.replacingOccurrences(of: " ", with: "")
    var parts: [Int] = []
    var number = ""
    var apostropheYear = false
    for character in cleaned {
      if character.isNumber {
        number.append(character)
      } else {
        guard let value = Int(number) else { return nil }
        parts.append(value)
        number = ""
        if character == "'" { apostropheYear = true }
      }
    }
    guard let last = Int(number) else { return nil }
    parts.append(last)
    guard parts.count == 3 else { return nil }
    var year = parts[2]
    if year < 100 { year = apostropheYear ? 2000 + year : (year < 70 ? 2000 + year : 1900 + year) }
    let (month, day) = dayFirst ? (parts[1], parts[0]) : (parts[0], parts[1])
    return LocalDate(year: year, month: month, day: day)
  }
}
