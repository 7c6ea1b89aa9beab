import SpendlyCore

/// A statement file's format, told from its content (never its name).
public enum StatementFormat: String, Sendable {
  case ofx = "OFX"
  case qif = "QIF"
  case camt = "CAMT"
  case csv = "CSV"
  /// Spendly's own CSV (`spendly export csv`): told by its header.
  case spendlyCSV = "Spendly CSV"
  /// Spendly's own JSON (`spendly export json`).
  case spendlyJSON = "Spendly JSON"

  /// Spendly's own files: read as they stream by `import`, never as statements.
  public var isSpendlys: Bool { self == .spendlyCSV || self == .spendlyJSON }

  public static func detect(_ text: String) -> StatementFormat? {
    let head = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if SpendlyJSON.detects(String(head.prefix(4000))) { return .spendlyJSON }
    if SpendlyCSV.detects(String(head.prefix { $0 != "\n" && $0 != "\r\n" })) { return .spendlyCSV }
    if CAMTFormat.detects(String(head.prefix(3000))) { return .camt }
    if OFXFormat.detects(String(head)) { return .ofx }
    if QIFFormat.detects(String(head)) { return .qif }
    // A file of binary bytes is no statement, whatever commas it holds.
    if head.prefix(4000).unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }) {
      return nil
    }
    // A bank's CSV may open with title lines ("DETAILED STATEMENT"): a line of separated fields
    // among the first ten says it is one.
    let lines = head.prefix(8000).split(separator: "\n", maxSplits: 10, omittingEmptySubsequences: true).prefix(10)
    if lines.contains(where: { $0.contains(",") || $0.contains(";") || $0.contains("\t") }) { return .csv }
    return nil
  }
}

/// Reads a statement file: its bytes decoded, its format detected, its statements read.
public enum StatementFile {
  public struct Options: Sendable {
    public var currency: Currency
    public var dayFirst = false
    public var mapping: BankCSVMapping?
    /// A bank CSV's currency column makes a statement per currency (else a row in another
    /// currency than `currency` is an error): for a file that goes to no named account.
    public var splitsCurrencies = false

    public init(currency: Currency) { self.currency = currency }
  }

  /// The file's format and statements, each row's reference as `StatementValues.reference` keeps
  /// it (a "-" or "N/A" cell is none, in every format).
  public static func read(_ bytes: [UInt8], options: Options) throws(StatementError) -> (StatementFormat, [Statement]) {
    let (format, statements) = try readAsWritten(bytes, options: options)
    return (format, statements.map(\.withoutPlaceholderReferences))
  }

  private static func readAsWritten(_ bytes: [UInt8], options: Options) throws(StatementError) -> (StatementFormat, [Statement])
  {
    let text = TextDecoding.text(bytes, declared: options.mapping?.encoding)
    // A mapping says the file is a bank CSV, whatever lines come before its header.
    guard let format = options.mapping != nil ? .csv : StatementFormat.detect(text) else {
      throw StatementError(line: 1, "not a statement Spendly reads (OFX, QFX, QBO, QIF, CAMT.053/052 or a bank CSV)")
    }
    switch format {
    case .ofx: return (format, try OFXFormat.read(text, currency: options.currency))
    case .qif: return (format, try QIFFormat.read(text, currency: options.currency, dayFirst: options.dayFirst))
    case .camt: return (format, try CAMTFormat.read(text))
    case .spendlyCSV, .spendlyJSON:
      throw StatementError(line: 1, "\(format.rawValue), not a bank statement: 'spendly import FILE' reads it")
    case .csv:
      guard let mapping = options.mapping else {
        throw StatementError(
          line: 1,
          "a CSV needs a mapping: spendly import --guess FILE > bank.rules, check it, then --mapping bank.rules")
      }
      return (
        format,
        try BankCSVFormat.statements(
          text, mapping: mapping, currency: options.currency, splitting: options.splitsCurrencies)
      )
    }
  }
}

extension Statement {
  /// The statement with each row's reference through `StatementValues.reference`.
  var withoutPlaceholderReferences: Statement {
    var copy = self
    for index in copy.rows.indices {
      copy.rows[index].reference = StatementValues.reference(copy.rows[index].reference)
    }
    return copy
  }
}
