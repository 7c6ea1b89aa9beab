#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an Excel workbook (.xlsx) sheet by sheet, each streamed as its rows come, so exports of
/// any size need little memory. Cells keep their types (numbers with their formats, dates); each
/// sheet's header is bold, frozen and filtered. The file appears at `path` only when `finish`
/// succeeds (it is written beside it and renamed), created readable by its owner alone.
public struct XLSXWriter: ~Copyable {
  /// The file asked for; every error names it.
  public let path: String
  private let target: String
  private let temporary: String
  /// The folder the workbook is written in, where each sheet's spool is made.
  private let folder: String
  private let archive: ZipArchive
  private var styles = XLSXStyles()
  private var sheets: [XLSXPart.Sheet] = []
  /// The sheet being written; still set after `sheet` fails, which leaves the workbook unusable.
  private var unfinished: String?
  private var finished = false

  /// Starts a workbook for `path`; fails when the file cannot be created there, or `path` is a
  /// folder or device. A file already at `path` is replaced by `finish` (a link, by its target).
  public init(path: String) throws(WriteError) {
    guard !path.isEmpty, !path.hasSuffix("/") else { throw WriteError(path: path, "cannot create: not a file name") }
    var target = path
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else { throw WriteError(path: path, "cannot create: not a regular file") }
      if let real = realpath(path, nil) {
        target = String(cString: real)
        free(real)
      }
    }
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[...$0]) } ?? ""
    let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var template = Array("\(folder).\(base).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw WriteError(path: path, "cannot create: \(String(cString: strerror(errno)))") }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    do {
      archive = try ZipArchive(descriptor: descriptor, reportedAs: path)
    } catch {
      unlink(temporary)
      throw error
    }
    self.path = path
    self.target = target
    self.temporary = temporary
    self.folder = folder
  }

  deinit {
    if !finished { unlink(temporary) }
  }

  /// The sheets written so far, in order.
  public var sheetNames: [String] { sheets.map(\.name) }

  /// Writes a sheet named `name` (see `WorkbookSheetName`): a bold, frozen, filtered `header`
  /// row (none when empty), then the rows that `rows` appends. `widths` are column widths in
  /// characters, from column A on. An error thrown by `rows` leaves the workbook unfinishable.
  public mutating func sheet(
    name: String, header: [String], widths: [Double] = [], rows: (inout SheetRows) throws -> Void
  ) throws {
    try usable()
    if let problem = WorkbookSheetName.problem(name) { throw WriteError(path: path, "sheet '\(name)': \(problem)") }
    guard !sheets.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
      throw WriteError(path: path, "two sheets are named '\(name)'")
    }
    unfinished = name
    var sheetRows = SheetRows(spool: try SpoolFile(folder: folder, reportedAs: path), sheet: name, styles: styles)
    if !header.isEmpty { try sheetRows.write(header.map { .text($0) }, style: XLSXStyles.header) }
    try rows(&sheetRows)
    try sheetRows.flush()
    let sheet = XLSXPart.Sheet(name: name, columns: header.count, rows: sheetRows.lastRow)
    try archive.begin("xl/worksheets/sheet\(sheets.count + 1).xml")
    try archive.write(
      Array(
        XLSXPart.worksheetStart(
          selected: sheets.isEmpty, frozenHeader: !header.isEmpty, widths: widths, dimension: sheetRows.dimension
        ).utf8))
    try sheetRows.spool.copy(into: archive)
    try archive.write(Array(XLSXPart.worksheetEnd(filter: sheet.filter).utf8))
    try archive.end()
    styles = sheetRows.styles
    sheets.append(sheet)
    unfinished = nil
  }

  /// Writes the workbook's remaining parts and puts the file at `path`.
  public consuming func finish() throws(WriteError) {
    try usable()
    guard !sheets.isEmpty else { throw WriteError(path: path, "cannot write a workbook without sheets") }
    try archive.add("[Content_Types].xml", XLSXPart.contentTypes(sheets: sheets.count))
    try archive.add("_rels/.rels", XLSXPart.packageRels)
    try archive.add("docProps/core.xml", XLSXPart.core)
    try archive.add("docProps/app.xml", XLSXPart.app)
    try archive.add("xl/workbook.xml", XLSXPart.workbook(sheets))
    try archive.add("xl/_rels/workbook.xml.rels", XLSXPart.workbookRels(sheets: sheets.count))
    try archive.add("xl/styles.xml", styles.xml)
    try archive.finish()
    guard rename(temporary, target) == 0 else {
      throw WriteError(path: path, "cannot create: \(String(cString: strerror(errno)))")
    }
    finished = true
  }

  private func usable() throws(WriteError) {
    if let failure = archive.failure { throw failure }
    if let unfinished { throw WriteError(path: path, "not written: sheet '\(unfinished)' was left unfinished") }
  }
}
