import Foundation
import SpendlyCore

/// Spendly's own CSV: the columns a spreadsheet person expects, RFC 4180 quoting in UTF-8, and
/// every text cell a spreadsheet would run as a formula neutralised. Read back by `import`.
public enum SpendlyCSV {
  /// The columns every export has, in order.
  public static let columns = [
    "Date", "Time", "Type", "Amount", "Currency", "Category", "Payment Method", "Merchant", "Note",
  ]
  /// The columns `--all-fields` adds after them. A transfer's two ends share a cell, as
  /// listings show them: Account `HDFC Savings → Wallet`, Payment Method `Bank Transfer → Cash`
  /// (without the Account column, Payment Method names each end by its account if it has one).
  public static let extraColumns = [
    "Account", "Status", "Posted Date", "Foreign Amount", "Foreign Currency", "Rate", "External Reference",
    "Import Source", "Recurring", "Account Type",
  ]
  /// The column `--all-fields` puts first: the transaction's id.
  public static let idColumn = "Id"
  /// The columns `--all-fields` puts last: the revision the row was exported at, and the
  /// lineage of the database it came from (an Id means that transaction only there).
  public static let trailingColumns = ["Revision", "Database"]
  /// Every column `--all-fields` writes, in order.
  public static let allFieldsColumns = [idColumn] + columns + extraColumns + trailingColumns

  /// What joins a transfer's two ends in one cell (`->` is read too).
  public static let arrow = " → "

  /// A cell's two ends, split at the arrow: "HDFC → Wallet" is (HDFC, Wallet); no arrow, one end.
  public static func ends(_ text: String) -> (String?, String?) {
    let marker = text.contains("→") ? "→" : text.contains("->") ? "->" : nil
    guard let marker, let range = text.range(of: marker) else { return (text.isEmpty ? nil : text, nil) }
    let first = text[..<range.lowerBound].trimmingSpaces()
    let second = text[range.upperBound...].trimmingSpaces()
    return (first.isEmpty ? nil : first, second.isEmpty ? nil : second)
  }

  /// Whether `line` (a file's first line) is this layout's header: comma- or semicolon-separated,
  /// with Date, Type and Amount among its cells (any case, any order; the reader warns of others).
  public static func detects(_ line: String) -> Bool { delimiter(ofHeader: line) != nil }

  /// The delimiter of this layout's header `line`: a comma, or the semicolon that spreadsheets in
  /// European locales save with; nil when it is no such header.
  public static func delimiter(ofHeader line: String) -> Character? {
    var text = Substring(line)
    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
    while text.hasSuffix("\r") || text.hasSuffix("\n") { text = text.dropLast() }
    for delimiter: Character in [",", ";"] {
      let cells = text.split(separator: delimiter, omittingEmptySubsequences: false).map {
        $0.trimmingSpaces().trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
      }
      if ["date", "type", "amount"].allSatisfy(cells.contains) { return delimiter }
    }
    return nil
  }

  /// A number as a spreadsheet in a European locale saves it beside semicolons ("2989,7",
  /// "1.234,50", "1 234,500") in the point form the amount reader takes: there the comma can only
  /// be the decimal mark, and points or spaces (a no-break space too) group. Other text as it is.
  static func pointDecimal(_ text: String) -> String {
    guard
      text.contains(",") || text.contains(".") || text.contains(" ") || text.contains("\u{A0}")
        || text.contains("\u{202F}")
    else { return text }
    var sign = ""
    var body = Substring(text)
    if let first = body.first, first == "-" || first == "−" || first == "+" {
      sign = first == "+" ? "" : "-"
      body = body.dropFirst()
    }
    let parts = body.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return text }
    let whole = parts[0].filter { $0 != "." && $0 != " " && $0 != "\u{A0}" && $0 != "\u{202F}" }
    guard !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return text }
    // Without a comma, a point is a decimal mark only when it could not be grouping ("2989.7").
    if parts.count == 1 {
      return body.contains(" ") || body.contains("\u{A0}") || body.contains("\u{202F}") ? sign + whole : text
    }
    let fraction = parts[1]
    guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return text }
    return sign + whole + "." + fraction
  }

  // MARK: Formula guard

  /// The characters that make a spreadsheet read a cell as a formula.
  static let formulaBytes: [UInt8] = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D]

  /// A text cell as read: the one `'` the writer's guard added taken off. The writer adds one
  /// when a spreadsheet would run the cell (`=`, `+`, `-`, `@`, tab, CR first) and also when it
  /// is quotes before one, so that this undoes exactly that.
  public static func unguarded(_ text: String) -> String {
    guard text.utf8.first == 0x27 else { return text }
    // Bytes, as the writer tests them (a combining mark after '=' makes another Character).
    let rest = text.utf8.drop { $0 == 0x27 }
    guard let first = rest.first, formulaBytes.contains(first) else { return text }
    return String(decoding: text.utf8.dropFirst(), as: UTF8.self)
  }
}

/// Writes transactions in Spendly's CSV layout to a sink, a buffer at a time.
public struct SpendlyCSVWriter {
  public let allFields: Bool
  /// A byte order mark and CRLF line ends, for Excel.
  public let excel: Bool
  private var buffer: [UInt8] = []
  private let sink: ([UInt8]) throws -> Void
  private var lastCode: [UInt8] = []
  private var lastExponent = 2
  /// Each schedule's name by id, for the Recurring column: a name means the same schedule in
  /// another database, where an id would name another one.
  private let scheduleNames: [Int64: [UInt8]]
  /// Each account's type by its name's bytes, for the Account Type column.
  private let accountTypes: [[UInt8]: [UInt8]]
  /// The exporting database's lineage token, for the Database column.
  private let database: [UInt8]

  public init(
    allFields: Bool, excel: Bool, scheduleNames: [Int64: String] = [:], accountTypes: [String: String] = [:],
    database: String = "", sink: @escaping ([UInt8]) throws -> Void
  ) {
    self.database = Array(database.utf8)
    self.allFields = allFields
    self.excel = excel
    self.scheduleNames = scheduleNames.mapValues { Array($0.utf8) }
    self.accountTypes = Dictionary(
      accountTypes.map { (Array($0.key.utf8), Array($0.value.utf8)) }, uniquingKeysWith: { a, _ in a })
    self.sink = sink
    buffer.reserveCapacity(1 << 20)
  }

  public mutating func header() throws {
    if excel { buffer += [0xEF, 0xBB, 0xBF] }
    let names = allFields ? SpendlyCSV.allFieldsColumns : SpendlyCSV.columns
    for (i, name) in names.enumerated() {
      if i > 0 { buffer.append(0x2C) }
      buffer += name.utf8
    }
    endLine()
    try flushIfFull()
  }

  /// Writes one stored row, its bytes copied as they are (quoted and guarded where needed).
  public mutating func write(_ row: some StoredRow) throws {
    if allFields {
      buffer += String(row.integer(.id) ?? 0).utf8
      comma()
    }
    plain(row.bytes(.date))
    comma()
    plain(row.bytes(.time))
    comma()
    let kind = row.bytes(.kind)
    plain(kind)
    comma()
    let exponent = self.exponent(row.bytes(.currency))
    number(row.integer(.amount) ?? 0, exponent: exponent)
    comma()
    plain(row.bytes(.currency))
    // A transfer's ends, from where the money left to where it went.
    let transfer = kind.elementsEqual("transfer".utf8)
    let incoming = transfer && row.bytes(.entry).elementsEqual("credit".utf8)
    comma()
    text(row.bytes(.category))
    comma()
    if transfer && allFields {
      ends(row.bytes(incoming ? .counterMethod : .method), row.bytes(incoming ? .method : .counterMethod))
    } else if transfer {
      // Without an Account column, each end by its account where it has one, else its method.
      func end(_ account: TransactionField, _ method: TransactionField) -> UnsafeRawBufferPointer {
        row.bytes(account).isEmpty ? row.bytes(method) : row.bytes(account)
      }
      ends(
        incoming ? end(.counterAccount, .counterMethod) : end(.account, .method),
        incoming ? end(.account, .method) : end(.counterAccount, .counterMethod))
    } else {
      text(row.bytes(.method))
    }
    comma()
    text(row.bytes(.merchant))
    comma()
    text(row.bytes(.note))
    if allFields {
      comma()
      if transfer {
        ends(row.bytes(incoming ? .counterAccount : .account), row.bytes(incoming ? .account : .counterAccount))
      } else {
        text(row.bytes(.account))
      }
      comma()
      plain(row.bytes(.status))
      comma()
      plain(row.bytes(.postedDate))
      comma()
      if let foreign = row.integer(.foreignAmount) {
        number(foreign, exponent: self.exponent(row.bytes(.foreignCurrency)))
      }
      comma()
      plain(row.bytes(.foreignCurrency))
      comma()
      plain(row.bytes(.rate))
      comma()
      text(row.bytes(.externalReference))
      comma()
      text(row.bytes(.importSource))
      comma()
      if let id = row.integer(.recurring) {
        if let name = scheduleNames[id] {
          name.withUnsafeBytes { text($0) }
        } else {
          buffer += String(id).utf8
        }
      }
      comma()
      // The type of each account the row names, as its Account cell names them.
      let own = accountTypes[Array(row.bytes(.account))] ?? []
      if transfer {
        let other = accountTypes[Array(row.bytes(.counterAccount))] ?? []
        let (first, second) = incoming ? (other, own) : (own, other)
        first.withUnsafeBytes { a in second.withUnsafeBytes { b in ends(a, b) } }
      } else {
        buffer += own
      }
      comma()
      buffer += String(row.integer(.revision) ?? 0).utf8
      comma()
      buffer += database
    }
    endLine()
    try flushIfFull()
  }

  /// Two ends in one cell, "first → second" (the first alone when there is no second).
  private mutating func ends(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) {
    guard !second.isEmpty else { return text(first) }
    let joined = Array(first) + Array(SpendlyCSV.arrow.utf8) + Array(second)
    joined.withUnsafeBytes { text($0) }
  }

  /// The decimals of the currency whose code is `code` (the last one asked is remembered).
  private mutating func exponent(_ code: UnsafeRawBufferPointer) -> Int {
    if code.elementsEqual(lastCode) { return lastExponent }
    lastCode = Array(code)
    lastExponent = Currency.named(String(decoding: code, as: UTF8.self))?.exponent ?? 2
    return lastExponent
  }

  /// Minor units as a plain decimal with `exponent` digits after the point: 42000 → "420.00".
  private mutating func number(_ minor: Int64, exponent: Int) {
    if minor < 0 { buffer.append(0x2D) }
    var digits: [UInt8] = []
    var rest = minor.magnitude
    repeat {
      digits.append(UInt8(rest % 10) + 0x30)
      rest /= 10
    } while rest > 0
    while digits.count <= exponent { digits.append(0x30) }
    for (i, digit) in digits.reversed().enumerated() {
      if exponent > 0 && i == digits.count - exponent { buffer.append(0x2E) }
      buffer.append(digit)
    }
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

  /// A value Spendly formats itself (dates, codes): never a formula, quoted if ever needed.
  private mutating func plain(_ value: UnsafeRawBufferPointer) { cell(value, guarded: false) }

  /// A person's text: guarded against formulas, then quoted as RFC 4180 says.
  private mutating func text(_ value: UnsafeRawBufferPointer) { cell(value, guarded: true) }

  private mutating func cell(_ value: UnsafeRawBufferPointer, guarded: Bool) {
    var needsQuotes = false
    for byte in value where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D {
      needsQuotes = true
      break
    }
    if needsQuotes { buffer.append(0x22) }
    // The formula guard (see `SpendlyCSV.unguarded`): quotes, then a character that starts a formula.
    if guarded, let first = value.first(where: { $0 != 0x27 }), SpendlyCSV.formulaBytes.contains(first) {
      buffer.append(0x27)
    }
    if needsQuotes {
      for byte in value {
        if byte == 0x22 { buffer.append(0x22) }
        buffer.append(byte)
      }
      buffer.append(0x22)
    } else {
      buffer.append(contentsOf: value)
    }
  }
}

/// One row of Spendly's CSV as read: its fields, and what only the import can settle (the
/// schedule named by Recurring, the types of the accounts named by Account Type, the
/// transaction an `--all-fields` row was exported from).
public struct SpendlyCSVRow: Sendable {
  public let line: Int
  public var fields: TransactionFields
  public let recurring: String?
  /// The type of the row's account, then of a transfer's other end, as the file gives them.
  public let accountTypes: (AccountType?, AccountType?)
  /// Its Id, Revision and Database cells, when it has all three (nil: a new row).
  public var origin: SpendlyCSVOrigin?
}

/// Where an `--all-fields` row came from: the transaction, the revision it was exported at,
/// and the lineage of the database that exported it.
public struct SpendlyCSVOrigin: Sendable, Equatable {
  public let id: Int64
  public let revision: Int64
  public let database: String
  /// The newest revision of the database when an export of every transaction was taken
  /// (the Database cell's `@N`); nil for a filtered export.
  public let extent: Int64?

  public init(id: Int64, revision: Int64, database: String, extent: Int64? = nil) {
    self.id = id
    self.revision = revision
    self.database = database
    self.extent = extent
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
  /// The file's delimiter: a comma, or a semicolon (its numbers may then have a decimal comma).
  public let delimiter: Character
  /// Columns of the header that are not Spendly's, by column (from 1): their cells are ignored.
  private var ignored: [Int: String] = [:]
  /// Ignored columns found to hold something, each warned of once.
  private var warnedColumns: Set<Int> = []
  /// What the reader left out and why ("column 10 'Extra' is not Spendly's: ignored"), in order.
  public private(set) var warnings: [String] = []

  /// A column `fields` reads, found once from the header (not looked up by name each row).
  private enum Cell: Int, CaseIterable {
    case date, time, type, amount, currency, category, paymentMethod, merchant, note, account, status, postedDate,
      foreignAmount, foreignCurrency, rate, externalReference, importSource
    static let names = [
      "Date", "Time", "Type", "Amount", "Currency", "Category", "Payment Method", "Merchant", "Note", "Account",
      "Status", "Posted Date", "Foreign Amount", "Foreign Currency", "Rate", "External Reference", "Import Source",
    ]
    var name: String { Self.names[rawValue] }
  }
  /// Where each `Cell` is in a row (by `Cell.rawValue`), nil for a column the file lacks.
  private var cellColumns: [Int?] = []

  /// Opens the file at `path` and reads its header; nil when it cannot be opened.
  public init(path: String, defaultCurrency: Currency) throws(SpendlyCSVError) {
    let first = FileHandle(forReadingAtPath: path).map { handle in
      defer { try? handle.close() }
      return String(decoding: handle.readData(ofLength: 1 << 14).prefix { $0 != 0x0A }, as: UTF8.self)
    }
    delimiter = first.flatMap(SpendlyCSV.delimiter(ofHeader:)) ?? ","
    guard let reader = CSVReader(path: path, delimiter: delimiter) else {
      throw SpendlyCSVError(line: 1, column: 1, "cannot read the file")
    }
    self.reader = reader
    currency = defaultCurrency
    try readHeader()
  }

  /// Bytes read so far, for progress.
  public var bytesRead: Int { reader.bytesRead }

  private mutating func readHeader() throws(SpendlyCSVError) {
    guard let (line, names) = reader.next() else { throw SpendlyCSVError(line: 1, column: 1, "the file is empty") }
    var known: [String: String] = [:]
    for name in SpendlyCSV.allFieldsColumns { known[name.lowercased()] = name }
    for (i, raw) in names.enumerated() {
      let trimmed = raw.trimmingSpaces()
      guard let name = known[trimmed.lowercased()] else {
        // A column a person added, or a spreadsheet's unnamed one: its cells are left out.
        ignored[i + 1] = trimmed
        if !trimmed.isEmpty {
          warnings.append("column \(i + 1) \(TextSanitizer.quoted(trimmed)) is not Spendly's: ignored")
        }
        continue
      }
      guard index[name] == nil else {
        throw SpendlyCSVError(line: line, column: i + 1, "column \(TextSanitizer.quoted(raw)) twice")
      }
      index[name] = i
    }
    for required in ["Date", "Type", "Amount"] where index[required] == nil {
      throw SpendlyCSVError(
        line: line, column: 1,
        "no \(TextSanitizer.quoted(required)) column (the header starts \(SpendlyCSV.columns.joined(separator: ",")))")
    }
    headerCount = names.count
    cellColumns = Cell.allCases.map { index[$0.name] }
  }

  /// The next row as fields, with its line and the schedule its Recurring cell names (by name;
  /// the caller links it, or says that this database has no such schedule); nil at the end.
  /// Blank lines are skipped.
  public mutating func next() throws(SpendlyCSVError) -> SpendlyCSVRow? {
    while let (line, cells) = reader.next() {
      if let open = reader.unclosedQuote {
        throw SpendlyCSVError(line: open, column: cells.count, "a quote is never closed")
      }
      if let long = reader.oversizedField {
        throw SpendlyCSVError(line: long, column: cells.count, "a field \(TextLimits.tooLong)")
      }
      // Blank lines, and the empty rows a spreadsheet leaves at the end (",,,,").
      if cells.allSatisfy({ $0.isEmpty || $0.trimmingSpaces().isEmpty }) { continue }
      if let bad = reader.invalidUTF8 {
        throw SpendlyCSVError(line: bad, column: 1, "not UTF-8 text (save the file as UTF-8, then import it)")
      }
      guard cells.count == headerCount else {
        throw SpendlyCSVError(
          line: line, column: min(cells.count, headerCount) + 1,
          "\(cells.count) cell\(cells.count == 1 ? "" : "s") where the header has \(headerCount)")
      }
      for (column, name) in ignored where name.isEmpty && !warnedColumns.contains(column) {
        guard !cells[column - 1].trimmingSpaces().isEmpty else { continue }
        warnedColumns.insert(column)
        warnings.append("column \(column) has no name in the header: its cells are ignored (line \(line) on)")
      }
      return SpendlyCSVRow(
        line: line, fields: try fields(cells, line: line), recurring: recurring(cells),
        accountTypes: try accountTypes(cells, line: line), origin: try origin(cells, line: line))
    }
    return nil
  }

  /// The Account Type cell: the type of the row's account and (a transfer's) its other end.
  private func accountTypes(_ cells: [String], line: Int) throws(SpendlyCSVError) -> (AccountType?, AccountType?) {
    guard let i = index["Account Type"] else { return (nil, nil) }
    let (first, second) = SpendlyCSV.ends(cells[i].trimmingSpaces())
    func type(_ word: String?) throws(SpendlyCSVError) -> AccountType? {
      guard let word else { return nil }
      guard let type = AccountType(rawValue: word.lowercased()) ?? AccountType.named(word) else {
        throw SpendlyCSVError(
          line: line, column: i + 1,
          "Account Type \(TextSanitizer.quoted(word)): \(AccountType.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return type
    }
    return (try type(first), try type(second))
  }

  /// The Id, Revision and Database cells: all three, or none (a row a person added has no Id).
  private func origin(_ cells: [String], line: Int) throws(SpendlyCSVError) -> SpendlyCSVOrigin? {
    guard let i = index[SpendlyCSV.idColumn], let r = index["Revision"], let d = index["Database"] else { return nil }
    let (id, revision, database) = (cells[i].trimmingSpaces(), cells[r].trimmingSpaces(), cells[d].trimmingSpaces())
    if id.isEmpty { return nil }
    guard let number = Int64(id), number > 0 else {
      throw SpendlyCSVError(
        line: line, column: i + 1, "Id \(TextSanitizer.quoted(id)): a transaction's id, or empty for a new row")
    }
    // A row copied from another without its revision is new to this database.
    guard !revision.isEmpty, !database.isEmpty else { return nil }
    guard let exported = Int64(revision), exported > 0 else {
      throw SpendlyCSVError(
        line: line, column: r + 1, "Revision \(TextSanitizer.quoted(revision)): the revision the row was exported at")
    }
    // `LINEAGE@N`: an export of every transaction, taken when the newest revision was N.
    let parts = database.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    let extent = parts.count == 2 ? Int64(parts[1]) : nil
    guard parts.count == 1 || extent.map({ $0 > 0 }) == true else {
      throw SpendlyCSVError(
        line: line, column: d + 1,
        "Database \(TextSanitizer.quoted(database)): the exporting database's token (and @ its newest revision then)")
    }
    return SpendlyCSVOrigin(id: number, revision: exported, database: String(parts[0]), extent: extent)
  }

  /// The Recurring cell: a schedule's name (an id, as older exports wrote, is read as a name too,
  /// since an id names another schedule in another database).
  private func recurring(_ cells: [String]) -> String? {
    guard let i = index["Recurring"] else { return nil }
    let cell = cells[i].trimmingSpaces()
    return cell.isEmpty ? nil : SpendlyCSV.unguarded(cell)
  }

  private func fields(_ cells: [String], line: Int) throws(SpendlyCSVError) -> TransactionFields {
    func raw(_ cell: Cell) -> (String, Int)? {
      guard let i = cellColumns[cell.rawValue] else { return nil }
      let cell = cells[i]
      // Most cells have no space around them: no need to look at their characters.
      let edges = (cell.utf8.first, cell.utf8.last)
      let padded = edges.0 == 0x20 || edges.0 == 0x09 || edges.1 == 0x20 || edges.1 == 0x09
      return (padded ? cell.trimmingSpaces() : cell, i + 1)
    }
    func text(_ cell: Cell) -> String? {
      guard let (value, _) = raw(cell), !value.isEmpty else { return nil }
      return value.utf8.first == 0x27 ? SpendlyCSV.unguarded(value) : value
    }
    func fail(_ cell: Cell, _ message: String) -> SpendlyCSVError {
      let (value, column) = raw(cell) ?? ("", 1)
      return SpendlyCSVError(line: line, column: column, "\(cell.name) \(TextSanitizer.quoted(value)): \(message)")
    }
    func date(_ cell: Cell) throws(SpendlyCSVError) -> LocalDate? {
      guard let value = text(cell) else { return nil }
      guard let parsed = Self.date(value) else { throw fail(cell, "not a date (2026-11-29 or 29/11/2026)") }
      return parsed
    }
    guard let kindText = text(.type) else { throw fail(.type, "empty (expense, income or transfer)") }
    guard let kind = Kind(rawValue: kindText) ?? Kind(rawValue: kindText.lowercased()) else {
      throw fail(.type, "expense, income or transfer")
    }
    guard let day = try date(.date) else { throw fail(.date, "empty") }
    var chosen = currency
    if let code = text(.currency) {
      guard let named = code == chosen.code ? chosen : Currency.named(code.uppercased()) else {
        throw fail(.currency, "unknown currency code")
      }
      chosen = named
    }
    func number(_ cell: Cell) -> String? {
      guard let value = text(cell) else { return nil }
      return delimiter == ";" ? SpendlyCSV.pointDecimal(value) : value
    }
    guard var amountText = number(.amount) else { throw fail(.amount, "empty") }
    // A spreadsheet's signed amount: an expense's minus is its kind's, not a second sign.
    if kind == .expense, amountText.hasPrefix("-") || amountText.hasPrefix("−") {
      amountText = String(amountText.dropFirst())
    }
    let amount: Money
    do {
      amount = try AmountReader.read(amountText, style: .entry, currency: chosen).money
    } catch {
      throw fail(.amount, "\(error)")
    }
    if text(.currency) != nil, amount.currency != chosen {
      throw fail(.amount, "its symbol says \(amount.currency.code), the Currency column \(chosen.code)")
    }
    var time: LocalTime?
    if let value = text(.time) {
      guard let parsed = Self.time(value) else { throw fail(.time, "not a time (09:30, 13:05:00, 1:05 PM)") }
      time = parsed
    }
    var status = TransactionStatus.booked
    if let value = text(.status) {
      guard let parsed = TransactionStatus(rawValue: value.lowercased()) else {
        throw fail(.status, "booked, pending, authorized, memo or rejected")
      }
      status = parsed
    }
    var result = TransactionFields(
      kind: kind, amount: amount, category: text(.category) ?? (kind == .transfer ? Transfer.category : ""),
      method: text(.paymentMethod) ?? "", merchant: text(.merchant), note: text(.note), date: day, time: time,
      status: status)
    result.account = text(.account)
    result.postedDate = try date(.postedDate)
    if let value = number(.foreignAmount) {
      guard let code = text(.foreignCurrency), let foreign = Currency.named(code.uppercased()) else {
        throw fail(.foreignCurrency, "a foreign amount needs its currency code")
      }
      do {
        result.foreignAmount = try AmountReader.read(value, style: .entry, currency: foreign).money
      } catch {
        throw fail(.foreignAmount, "\(error)")
      }
    }
    if let value = number(.rate) {
      guard let rate = ExchangeRate(value) else { throw fail(.rate, "a decimal number (83.72)") }
      result.rate = rate
    }
    result.externalReference = text(.externalReference)
    result.importSource = text(.importSource)
    // A transfer names both its ends in one cell: "HDFC Savings → Wallet".
    if kind == .transfer {
      (result.account, result.counterAccount) = result.account.map(SpendlyCSV.ends) ?? (nil, nil)
      let (method, counter) = SpendlyCSV.ends(result.method)
      result.method = method ?? ""
      result.counterMethod = counter
    }
    return result
  }

  /// "09:30", "13:05:00" (seconds dropped), "1:05 PM", "01:05:00 PM", as spreadsheets save them.
  static func time(_ text: String) -> LocalTime? {
    // "09:30", as Spendly writes it: read straight from its bytes.
    if let plain = LocalTime(text: text) { return plain }
    var words = text.uppercased().split(separator: " ").map(String.init)
    var offset: Int?
    if let last = words.last, last == "AM" || last == "PM" {
      offset = last == "PM" ? 12 : 0
      words.removeLast()
    }
    guard words.count == 1 else { return nil }
    var parts = words[0].split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 3 {
      guard parts[2].count == 2, parts[2].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      parts.removeLast()
    }
    guard var parsed = LocalTime(text: parts.joined(separator: ":")) else { return nil }
    if let offset {
      guard (1...12).contains(parsed.hour) else { return nil }
      parsed = LocalTime(hour: parsed.hour % 12 + offset, minute: parsed.minute)!
    }
    return parsed
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

  /// Whether the file has the Account column (a transfer's ends are then accounts there).
  public var hasAccountColumn: Bool { index["Account"] != nil }

  /// The column a field of the validator is in (for its error's place), from 1.
  public func column(forField field: String) -> Int {
    let name: String =
      switch field {
      case "method": "payment method"
      case "to method": "payment method"
      // A transfer's other end is in the Account cell, else in the Payment Method cell.
      case "to", "account", "to account": index["Account"] != nil ? "account" : "payment method"
      default: field
      }
    let canonical = SpendlyCSV.allFieldsColumns.first { $0.lowercased() == name } ?? "Amount"
    return (index[canonical] ?? index["Amount"] ?? 0) + 1
  }
}
