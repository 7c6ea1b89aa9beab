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
  /// Whether the first line after `skip` names the columns; with `header = no` columns are numbers.
  public var header = true
  /// Lines at the end that are no rows (a footer), skipped and counted.
  public var skipEnd = 0
  /// A regular expression: a line whose fields (joined by the delimiter) match it is skipped.
  public var skipMatching: String?

  public init() {}

  public static let keys = [
    "date", "amount", "debit", "credit", "drcr", "payee", "memo", "reference", "currency", "balance", "date-format",
    "decimal-comma", "thousands", "skip", "delimiter", "encoding", "negate", "header", "skip-end", "skip-matching",
  ]

  /// A header's names for a message: each quoted short, at most eight of them, then how many more.
  static func listed(_ header: [String]) -> String {
    let shown = header.prefix(8).map { TextSanitizer.quoted($0, limit: 30) }
    return (shown + (header.count > 8 ? ["and \(header.count - 8) more"] : [])).joined(separator: ", ")
  }

  /// Reads `key = value` lines; `#` starts a comment. A bad line is an error naming it.
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
      case "skip", "skip-end":
        guard let number = Int(value), number >= 0 else {
          throw StatementError(line: index + 1, "\(key): expected a number")
        }
        if key == "skip" { skip = number } else { skipEnd = number }
      case "header": header = try flag()
      case "skip-matching":
        guard (try? NSRegularExpression(pattern: value)) != nil else {
          throw StatementError(
            line: index + 1, "skip-matching: \(TextSanitizer.quoted(value)) is not a regular expression")
        }
        skipMatching = value
      case "delimiter":
        delimiter = value == "tab" ? "\t" : value == "semicolon" ? ";" : value.first ?? ","
      case "encoding": encoding = value
      default:
        throw StatementError(
          line: index + 1, "unknown key \(TextSanitizer.quoted(key)) (keys: \(Self.keys.joined(separator: ", ")))")
      }
    }
    guard date != nil else { throw StatementError(line: 1, "the mapping needs a date column (date = …)") }
    if !header,
      let named = [date, amount, debit, credit, drcr, payee, memo, reference, currency, balance]
        .compactMap({ $0 }).first(where: { Int($0) == nil })
    {
      throw StatementError(
        line: 1, "header = no: columns are numbers (1 is the first), not \(TextSanitizer.quoted(named))")
    }
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
    if !header { lines.append("header = no") }
    if skipEnd > 0 { lines.append("skip-end = \(skipEnd)") }
    add("skip-matching", skipMatching)
    if delimiter != "," { lines.append("delimiter = \(delimiter == "\t" ? "tab" : String(delimiter))") }
    add("encoding", encoding)
    if negate { lines.append("negate = yes") }
    return lines.joined(separator: "\n") + "\n"
  }
}
