import Foundation
import SpendlyCore

/// Spendly's own CSV: the columns a spreadsheet person expects, RFC 4180 quoting in UTF-8, and
/// every text cell a spreadsheet would run as a formula neutralised. Read back by `import`.
public enum SpendlyCSV {
  /// The columns every export has, in order.
  public static let columns = [
    "Date", "Time", "Type", "Amount", "Currency", "Category", "Payment Method", "Merchant", "Note",
  ]
  /// The columns `--all-fields` adds after them: the issue's nine, then what a transfer or a
  /// card row needs to come back exactly.
  public static let extraColumns = [
    "Account", "Status", "Posted Date", "Foreign Amount", "Foreign Currency", "Rate", "External Reference",
    "Import Source", "Recurring", "Counter Account", "Counter Method", "Entry", "MCC", "Counter Reference",
  ]

  /// Whether `line` (a file's first line) is this layout's header: comma-separated, with
  /// Date, Type and Amount among its cells (any case, any order; the reader names any other).
  public static func detects(_ line: String) -> Bool {
    var text = Substring(line)
    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
    let cells = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingSpaces().trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
    }
    return ["date", "type", "amount"].allSatisfy(cells.contains)
  }

  // MARK: Formula guard

  /// The characters that make a spreadsheet read a cell as a formula.
  static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

  /// A text cell as written: a leading `'` when a spreadsheet would run it (`=`, `+`, `-`, `@`,
  /// tab, CR), and also when it is quotes before one, so that `unguarded` undoes exactly this.
  public static func guarded(_ text: String) -> String {
    let rest = text.drop { $0 == "'" }
    guard let first = rest.first, formulaStarts.contains(first) else { return text }
    return "'" + text
  }

  /// A text cell as read: the one `'` that `guarded` added taken off.
  public static func unguarded(_ text: String) -> String {
    guard text.first == "'" else { return text }
    let rest = text.drop { $0 == "'" }
    guard let first = rest.first, formulaStarts.contains(first) else { return text }
    return String(text.dropFirst())
  }
}

/// Writes transactions in Spendly's CSV layout to a sink, a buffer at a time.
public struct SpendlyCSVWriter {
  public let allFields: Bool
  /// A byte order mark and CRLF line ends, for Excel.
  public let excel: Bool
  private var buffer: [UInt8] = []
  private let sink: ([UInt8]) throws -> Void

  public init(allFields: Bool, excel: Bool, sink: @escaping ([UInt8]) throws -> Void) {
    self.allFields = allFields
    self.excel = excel
    self.sink = sink
    buffer.reserveCapacity(1 << 20)
  }

  public mutating func header() throws {
    if excel { buffer += [0xEF, 0xBB, 0xBF] }
    let names = SpendlyCSV.columns + (allFields ? SpendlyCSV.extraColumns : [])
    for (i, name) in names.enumerated() {
      if i > 0 { buffer.append(0x2C) }
      buffer += name.utf8
    }
    endLine()
    try flushIfFull()
  }

  public mutating func write(_ t: Transaction) throws {
    let f = t.fields
    plain(f.date.description)
    comma()
    plain(f.time?.description ?? "")
    comma()
    plain(f.kind.rawValue)
    comma()
    plain(f.amount.decimalString)
    comma()
    plain(f.amount.currency.code)
    comma()
    text(f.kind == .transfer ? Transfer.category : f.category)
    comma()
    text(f.method)
    comma()
    text(f.merchant ?? "")
    comma()
    text(f.note ?? "")
    if allFields {
      comma()
      text(f.account ?? "")
      comma()
      plain(f.status.rawValue)
      comma()
      plain(f.postedDate?.description ?? "")
      comma()
      plain(f.foreignAmount?.decimalString ?? "")
      comma()
      plain(f.foreignAmount?.currency.code ?? "")
      comma()
      plain(f.rate ?? "")
      comma()
      text(f.externalReference ?? "")
      comma()
      text(f.importSource ?? "")
      comma()
      plain(f.recurringID.map(String.init) ?? "")
      comma()
      text(f.counterAccount ?? "")
      comma()
      text(f.counterMethod ?? "")
      comma()
      plain(f.entry == f.kind.entry ? "" : f.entry.rawValue)
      comma()
      plain(f.mcc.map(String.init) ?? "")
      comma()
      text(f.counterReference ?? "")
    }
    endLine()
    try flushIfFull()
  }

  public mutating func finish() throws {
    if !buffer.isEmpty { try sink(buffer) }
    buffer.removeAll()
  }

  private mutating func comma() { buffer.append(0x2C) }

  private mutating func endLine() {
    if excel { buffer.append(0x0D) }
    buffer.append(0x0A)
  }

  private mutating func flushIfFull() throws {
    if buffer.count >= 1 << 20 {
      try sink(buffer)
      buffer.removeAll(keepingCapacity: true)
    }
  }

  /// A value Spendly formats itself (dates, numbers, codes): never a formula, quoted if ever needed.
  private mutating func plain(_ value: String) { cell(value) }

  /// A person's text: guarded against formulas, then quoted as RFC 4180 says.
  private mutating func text(_ value: String) { cell(SpendlyCSV.guarded(value)) }

  private mutating func cell(_ value: String) {
    var needsQuotes = false
    for byte in value.utf8 where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D {
      needsQuotes = true
      break
    }
    guard needsQuotes else {
      buffer += value.utf8
      return
    }
    buffer.append(0x22)
    for byte in value.utf8 {
      if byte == 0x22 { buffer.append(0x22) }
      buffer.append(byte)
    }
    buffer.append(0x22)
  }
}

/// A row of Spendly's CSV that does not read: its line, its column (from 1) and why.
public struct SpendlyCSVError: Error, Sendable {
  public let line: Int
  public let column: Int
  public let message: String

  public init(line: Int, column: Int, _ message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// "export.csv:12:4: Amount '4x0': …"
  public func described(file: String) -> String { "\(file):\(line):\(column): \(message)" }
}

/// Reads Spendly's CSV (with or without the extra columns, in any order, found by header name)
/// a row at a time into transaction fields. Names (category, method, account) are kept as
/// written; the store's validator resolves them.
public struct SpendlyCSVReader {
  private var reader: CSVReader
  private var index: [String: Int] = [:]
  private let currency: Currency
  private var headerCount = 0

  /// Opens the file at `path` and reads its header; nil when it cannot be opened.
  public init(path: String, defaultCurrency: Currency) throws(SpendlyCSVError) {
    guard let reader = CSVReader(path: path) else { throw SpendlyCSVError(line: 1, column: 1, "cannot read the file") }
    self.reader = reader
    currency = defaultCurrency
    try readHeader()
  }

  public init(text: String, defaultCurrency: Currency) throws(SpendlyCSVError) {
    reader = CSVReader(text)
    currency = defaultCurrency
    try readHeader()
  }

  /// Bytes read so far, for progress.
  public var bytesRead: Int { reader.bytesRead }

  private mutating func readHeader() throws(SpendlyCSVError) {
    guard let (line, names) = reader.next() else { throw SpendlyCSVError(line: 1, column: 1, "the file is empty") }
    let known = Set((SpendlyCSV.columns + SpendlyCSV.extraColumns).map { $0.lowercased() })
    for (i, raw) in names.enumerated() {
      let name = raw.trimmingSpaces().lowercased()
      guard known.contains(name) else {
        throw SpendlyCSVError(
          line: line, column: i + 1,
          "unknown column '\(TextSanitizer.visible(raw))' (Spendly's columns: \((SpendlyCSV.columns + SpendlyCSV.extraColumns).joined(separator: ", ")); a bank's CSV needs --mapping: spendly import --guess FILE)"
        )
      }
      guard index[name] == nil else { throw SpendlyCSVError(line: line, column: i + 1, "column '\(raw)' twice") }
      index[name] = i
    }
    for required in ["Date", "Type", "Amount"] where index[required.lowercased()] == nil {
      throw SpendlyCSVError(
        line: line, column: 1,
        "no '\(required)' column (the header starts \(SpendlyCSV.columns.joined(separator: ",")))")
    }
    headerCount = names.count
  }

  /// The next row as fields, with its line; nil at the end. Blank lines are skipped.
  public mutating func next() throws(SpendlyCSVError) -> (line: Int, fields: TransactionFields)? {
    while let (line, cells) = reader.next() {
      if let open = reader.unclosedQuote {
        throw SpendlyCSVError(line: open, column: cells.count, "a quote is never closed")
      }
      if cells.count == 1 && cells[0].trimmingSpaces().isEmpty { continue }
      guard cells.count == headerCount else {
        throw SpendlyCSVError(
          line: line, column: min(cells.count, headerCount) + 1,
          "\(cells.count) cells where the header has \(headerCount)")
      }
      return (line, try fields(cells, line: line))
    }
    return nil
  }

  private func fields(_ cells: [String], line: Int) throws(SpendlyCSVError) -> TransactionFields {
    func raw(_ name: String) -> (String, Int)? {
      guard let i = index[name.lowercased()] else { return nil }
      return (cells[i].trimmingSpaces(), i + 1)
    }
    func text(_ name: String) -> String? {
      guard let (value, _) = raw(name), !value.isEmpty else { return nil }
      return SpendlyCSV.unguarded(value)
    }
    func fail(_ name: String, _ message: String) -> SpendlyCSVError {
      let (value, column) = raw(name) ?? ("", 1)
      return SpendlyCSVError(line: line, column: column, "\(name) '\(TextSanitizer.visible(value))': \(message)")
    }
    func date(_ name: String) throws(SpendlyCSVError) -> LocalDate? {
      guard let value = text(name) else { return nil }
      guard let parsed = Self.date(value) else { throw fail(name, "not a date (2026-11-29 or 29/11/2026)") }
      return parsed
    }
    guard let kindText = text("Type") else { throw fail("Type", "empty (expense, income or transfer)") }
    guard let kind = Kind(rawValue: kindText.lowercased()) else { throw fail("Type", "expense, income or transfer") }
    guard let day = try date("Date") else { throw fail("Date", "empty") }
    var chosen = currency
    if let code = text("Currency") {
      guard let named = Currency.named(code.uppercased()) else { throw fail("Currency", "unknown currency code") }
      chosen = named
    }
    guard let amountText = text("Amount") else { throw fail("Amount", "empty") }
    let amount: Money
    do {
      amount = try AmountParser.parse(amountText, currency: chosen)
    } catch {
      throw fail("Amount", "\(error)")
    }
    if text("Currency") != nil, amount.currency != chosen {
      throw fail("Amount", "its symbol says \(amount.currency.code), the Currency column \(chosen.code)")
    }
    var time: LocalTime?
    if let value = text("Time") {
      guard let parsed = LocalTime(text: value) else { throw fail("Time", "not a time (09:30)") }
      time = parsed
    }
    var status = TransactionStatus.booked
    if let value = text("Status") {
      guard let parsed = TransactionStatus(rawValue: value.lowercased()) else {
        throw fail("Status", "booked, pending, authorized, memo or rejected")
      }
      status = parsed
    }
    var result = TransactionFields(
      kind: kind, amount: amount, category: text("Category") ?? (kind == .transfer ? Transfer.category : ""),
      method: text("Payment Method") ?? "", merchant: text("Merchant"), note: text("Note"), date: day, time: time,
      status: status)
    result.account = text("Account")
    result.postedDate = try date("Posted Date")
    if let value = text("Foreign Amount") {
      guard let code = text("Foreign Currency"), let foreign = Currency.named(code.uppercased()) else {
        throw fail("Foreign Currency", "a foreign amount needs its currency code")
      }
      do {
        result.foreignAmount = try AmountParser.parse(value, currency: foreign)
      } catch {
        throw fail("Foreign Amount", "\(error)")
      }
    }
    if let value = text("Rate") {
      guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), value.contains(where: \.isNumber) else {
        throw fail("Rate", "a decimal number (83.72)")
      }
      result.rate = value
    }
    result.externalReference = text("External Reference")
    result.importSource = text("Import Source")
    if let value = text("Recurring") {
      guard let id = Int64(value), id > 0 else { throw fail("Recurring", "a schedule's id (a whole number)") }
      result.recurringID = id
    }
    result.counterAccount = text("Counter Account")
    result.counterMethod = text("Counter Method")
    if let value = text("Entry") {
      guard let entry = Entry(rawValue: value.lowercased()) else { throw fail("Entry", "debit or credit") }
      result.entry = entry
    }
    if let value = text("MCC") {
      guard let code = Int(value), (0...9999).contains(code) else { throw fail("MCC", "a four-digit code") }
      result.mcc = code
    }
    result.counterReference = text("Counter Reference")
    return result
  }

  /// ISO dates first, then the day-first forms people type: 29/11/2026, 29-11-2026, 29.11.2026,
  /// 29 Nov 2026, 29-Nov-2026, 29/11/26.
  static func date(_ text: String) -> LocalDate? {
    if let iso = LocalDate(iso: text) { return iso }
    for format in ["D/M/YYYY", "D-M-YYYY", "D.M.YYYY", "D MMM YYYY", "D-MMM-YYYY", "D/M/YY", "D MMM, YYYY"] {
      if let date = StatementValues.date(text, format: format) { return date }
    }
    return nil
  }

  /// Whether the file has the column `name`.
  public func hasColumn(_ name: String) -> Bool { index[name.lowercased()] != nil }

  /// The column a field of the validator is in (for its error's place), from 1.
  public func column(forField field: String) -> Int {
    let name: String =
      switch field {
      case "method": "payment method"
      case "to method": "counter method"
      case "to": "counter account"
      default: field
      }
    return (index[name] ?? index["amount"] ?? 0) + 1
  }
}
