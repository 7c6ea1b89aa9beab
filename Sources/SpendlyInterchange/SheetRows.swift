import SpendlyCore

/// The rows of one sheet while it is written: each `append` turns a row into worksheet XML and
/// streams it into a spool file, so a sheet of any length needs one small buffer; the sheet goes
/// into the workbook, compressed, once its last row (and so its dimension) is known.
public struct SheetRows: ~Copyable {
  /// Excel's limits: rows and columns of a sheet, characters of a cell.
  public static let maximumRows = 1_048_576
  public static let maximumColumns = 16_384
  public static let maximumTextLength = 32_767

  let spool: SpoolFile
  let sheet: String
  var styles: XLSXStyles
  private var buffer: [UInt8] = []
  private var columns: [[UInt8]] = []
  /// The sheet row of the last row written (the header is row 1).
  private(set) var lastRow = 0
  /// The most cells any row has written, empty cells at the end aside.
  private(set) var widest = 0
  /// Data rows appended so far.
  public private(set) var count = 0

  init(spool: SpoolFile, sheet: String, styles: XLSXStyles) {
    self.spool = spool
    self.sheet = sheet
    self.styles = styles
    buffer.reserveCapacity(1 << 17)
  }

  /// Appends a data row, its cells from column A on; `.empty` cells are left out.
  public mutating func append(_ cells: [WorkbookCell]) throws(WriteError) {
    try write(cells, style: nil)
    count += 1
  }

  /// Writes the next sheet row; `style` overrides every cell's style (the header's bold).
  mutating func write(_ cells: [WorkbookCell], style: Int?) throws(WriteError) {
    guard lastRow < Self.maximumRows else {
      throw problem("has more than \(Self.maximumRows) rows, the most a spreadsheet holds")
    }
    guard cells.count <= Self.maximumColumns else {
      throw problem("row \(lastRow + 1) has more than \(Self.maximumColumns) columns")
    }
    lastRow += 1
    if let used = cells.lastIndex(where: { $0 != .empty }) { widest = max(widest, used + 1) }
    let row = Int64(lastRow)
    buffer.markup("<row r=\"")
    buffer.digits(row)
    buffer.markup("\">")
    for (column, cell) in cells.enumerated() {
      if case .empty = cell { continue }
      buffer.markup("<c r=\"")
      buffer.append(contentsOf: columnName(column))
      buffer.digits(row)
      buffer.append(0x22)
      switch cell {
      case .text(let text):
        if let style { styleAttribute(style) }
        let bytes = text.utf8
        // Spaces at either end are kept only with xml:space (and text that is cut may end in one).
        let spaced =
          bytes.count > Self.maximumTextLength
          || [0x20, 0x09, 0x0A, 0x0D].contains { $0 == bytes.first || $0 == bytes.last }
        buffer.markup(spaced ? " t=\"inlineStr\"><is><t xml:space=\"preserve\">" : " t=\"inlineStr\"><is><t>")
        buffer.escaped(text, cellText: true, limit: Self.maximumTextLength)
        buffer.markup("</t></is></c>")
      case .number(let text, let format):
        guard let number = WorkbookCell.numberText(text) else {
          throw problem("cell \(String(decoding: columnName(column), as: UTF8.self))\(row): '\(text)' is not a number")
        }
        styleAttribute(style ?? styles.style(for: format))
        buffer.markup("><v>")
        buffer.append(contentsOf: number.utf8)
        buffer.markup("</v></c>")
      case .integer(let value):
        if let style { styleAttribute(style) }
        buffer.markup("><v>")
        buffer.digits(value)
        buffer.markup("</v></c>")
      case .date(let date):
        if let serial = Self.serial(date) {
          styleAttribute(style ?? styles.date)
          buffer.markup("><v>")
          buffer.digits(Int64(serial))
          buffer.markup("</v></c>")
        } else {  // before 1900: a spreadsheet has no such date, so it is written as text
          if let style { styleAttribute(style) }
          buffer.markup(" t=\"inlineStr\"><is><t>\(date)</t></is></c>")
        }
      case .time(let hour, let minute):
        guard let fraction = WorkbookCell.dayFraction(hour: hour, minute: minute) else {
          throw problem("cell \(String(decoding: columnName(column), as: UTF8.self))\(row): \(hour):\(minute) is no time of day")
        }
        styleAttribute(style ?? styles.style(for: XLSXStyles.timeFormat))
        buffer.markup("><v>")
        buffer.append(contentsOf: fraction.utf8)
        buffer.markup("</v></c>")
      case .empty: break
      }
    }
    buffer.markup("</row>")
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Sends what is buffered to the spool.
  mutating func flush() throws(WriteError) {
    try spool.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// The cells the sheet covers, for its `<dimension>`: `A1` when empty, else `A1:F553`.
  var dimension: String {
    guard lastRow > 0, widest > 0 else { return "A1" }
    return "A1:" + String(decoding: Self.columnName(widest - 1), as: UTF8.self) + String(lastRow)
  }

  /// The day number a spreadsheet gives `date` (days since 1899-12-30, with Excel's 29 February
  /// 1900 that never was counted, so dates from March 1900 on agree with every spreadsheet), or nil
  /// before 1900.
  static func serial(_ date: LocalDate) -> Int? {
    guard date.year >= 1900 else { return nil }
    let serial = date.daysSinceEpoch + 25_569
    return serial >= 61 ? serial : serial - 1
  }

  /// "A" for column 0, "Z", "AA", … "XFD".
  static func columnName(_ column: Int) -> [UInt8] {
    var name: [UInt8] = []
    var rest = column + 1
    while rest > 0 {
      name.insert(UInt8(0x41 + (rest - 1) % 26), at: 0)
      rest = (rest - 1) / 26
    }
    return name
  }

  /// `columnName`, kept for the columns used so far.
  private mutating func columnName(_ column: Int) -> [UInt8] {
    while columns.count <= column { columns.append(Self.columnName(columns.count)) }
    return columns[column]
  }

  private mutating func styleAttribute(_ style: Int) {
    guard style != XLSXStyles.plain else { return }
    buffer.markup(" s=\"")
    buffer.digits(Int64(style))
    buffer.append(0x22)
  }

  private func problem(_ message: String) -> WriteError {
    WriteError(path: spool.reportedPath, "sheet '\(sheet)' \(message)")
  }
}
