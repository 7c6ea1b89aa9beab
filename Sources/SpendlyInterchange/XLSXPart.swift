/// The small fixed parts of an .xlsx package (content types, relationships, workbook, document
/// properties) and the worksheet's opening, made from the list of sheets once they are written.
enum XLSXPart {
  struct Sheet {
    let name: String
    /// The header's columns (0 for a sheet without one) and the sheet's rows, header included.
    let columns: Int
    let rows: Int

    /// The autoFilter range over header and data, "A1:F1001"; nil without a header.
    var filter: String? { filterRange(absolute: false) }

    func filterRange(absolute: Bool) -> String? {
      guard columns > 0 else { return nil }
      let dollar = absolute ? "$" : ""
      let last = String(decoding: SheetRows.columnName(columns - 1), as: UTF8.self)
      return "\(dollar)A\(dollar)1:\(dollar)\(last)\(dollar)\(max(rows, 1))"
    }
  }

  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
  static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
  static let relationshipNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
  static let packageRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"
  static let contentType = "application/vnd.openxmlformats-officedocument."
  /// Created and modified: fixed, so that the same workbook makes the same file.
  static let timestamp = "2026-01-01T00:00:00Z"

  static func contentTypes(sheets: Int) -> [UInt8] {
    var xml = declaration + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
    xml += "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
    xml += "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
    xml += override("/xl/workbook.xml", contentType + "spreadsheetml.sheet.main+xml")
    for number in stride(from: 1, through: sheets, by: 1) {
      xml += override("/xl/worksheets/sheet\(number).xml", contentType + "spreadsheetml.worksheet+xml")
    }
    xml += override("/xl/styles.xml", contentType + "spreadsheetml.styles+xml")
    xml += override("/docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml")
    xml += override("/docProps/app.xml", contentType + "extended-properties+xml")
    return Array((xml + "</Types>").utf8)
  }

  static func override(_ part: String, _ type: String) -> String {
    "<Override PartName=\"\(part)\" ContentType=\"\(type)\"/>"
  }

  static var packageRels: [UInt8] {
    let xml =
      declaration + "<Relationships xmlns=\"\(packageRelationships)\">"
      + relationship(1, "\(relationshipNamespace)/officeDocument", "xl/workbook.xml")
      + relationship(2, "\(packageRelationships)/metadata/core-properties", "docProps/core.xml")
      + relationship(3, "\(relationshipNamespace)/extended-properties", "docProps/app.xml")
      + "</Relationships>"
    return Array(xml.utf8)
  }

  /// Sheets are rId1…rIdN, styles the one after.
  static func workbookRels(sheets: Int) -> [UInt8] {
    var xml = declaration + "<Relationships xmlns=\"\(packageRelationships)\">"
    for number in stride(from: 1, through: sheets, by: 1) {
      xml += relationship(number, "\(relationshipNamespace)/worksheet", "worksheets/sheet\(number).xml")
    }
    xml += relationship(sheets + 1, "\(relationshipNamespace)/styles", "styles.xml")
    return Array((xml + "</Relationships>").utf8)
  }

  static func relationship(_ id: Int, _ type: String, _ target: String) -> String {
    "<Relationship Id=\"rId\(id)\" Type=\"\(type)\" Target=\"\(target)\"/>"
  }

  /// The sheets in order; each filtered range is also named _xlnm._FilterDatabase, as Excel does.
  static func workbook(_ sheets: [Sheet]) -> [UInt8] {
    var xml: [UInt8] = []
    xml.markup(declaration + "<workbook xmlns=\"\(mainNamespace)\" xmlns:r=\"\(relationshipNamespace)\">")
    xml.markup("<bookViews><workbookView activeTab=\"0\"/></bookViews><sheets>")
    for (index, sheet) in sheets.enumerated() {
      xml.markup("<sheet name=\"")
      xml.escaped(sheet.name, attribute: true)
      xml.markup("\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>")
    }
    xml.markup("</sheets>")
    if sheets.contains(where: { $0.filter != nil }) {
      xml.markup("<definedNames>")
      for (index, sheet) in sheets.enumerated() {
        guard let range = sheet.filterRange(absolute: true) else { continue }
        xml.markup("<definedName name=\"_xlnm._FilterDatabase\" localSheetId=\"\(index)\" hidden=\"1\">")
        xml.escaped("'" + sheet.name.replacing("'", with: "''") + "'!" + range)
        xml.markup("</definedName>")
      }
      xml.markup("</definedNames>")
    }
    xml.markup("</workbook>")
    return xml
  }

  /// The worksheet up to its first row: the view (the header frozen), the column widths.
  static func worksheetStart(selected: Bool, frozenHeader: Bool, widths: [Double], dimension: String) -> String {
    var xml = declaration + "<worksheet xmlns=\"\(mainNamespace)\" xmlns:r=\"\(relationshipNamespace)\">"
    xml += "<dimension ref=\"\(dimension)\"/>"
    xml += "<sheetViews><sheetView workbookViewId=\"0\"\(selected ? " tabSelected=\"1\"" : "")>"
    if frozenHeader {
      xml += "<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"
      xml += "<selection pane=\"bottomLeft\" activeCell=\"A2\" sqref=\"A2\"/>"
    }
    xml += "</sheetView></sheetViews><sheetFormatPr defaultRowHeight=\"15\"/>"
    if !widths.isEmpty {
      xml += "<cols>"
      for (index, width) in widths.enumerated() where width.isFinite {
        let width = min(max(width, 0), 255)
        xml += "<col min=\"\(index + 1)\" max=\"\(index + 1)\" width=\"\(width)\" customWidth=\"1\"/>"
      }
      xml += "</cols>"
    }
    return xml + "<sheetData>"
  }

  /// The worksheet after its last row.
  static func worksheetEnd(filter: String?) -> String {
    "</sheetData>" + (filter.map { "<autoFilter ref=\"\($0)\"/>" } ?? "")
      + "<pageMargins left=\"0.7\" right=\"0.7\" top=\"0.75\" bottom=\"0.75\" header=\"0.3\" footer=\"0.3\"/>"
      + "</worksheet>"
  }

  static var core: [UInt8] {
    let xml =
      declaration
      + "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\""
      + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\""
      + " xmlns:dcmitype=\"http://purl.org/dc/dcmitype/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
      + "<dc:creator>Spendly</dc:creator>"
      + "<dcterms:created xsi:type=\"dcterms:W3CDTF\">\(timestamp)</dcterms:created>"
      + "<dcterms:modified xsi:type=\"dcterms:W3CDTF\">\(timestamp)</dcterms:modified></cp:coreProperties>"
    return Array(xml.utf8)
  }

  static var app: [UInt8] {
    let xml =
      declaration
      + "<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\""
      + " xmlns:vt=\"http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes\">"
      + "<Application>Spendly</Application></Properties>"
    return Array(xml.utf8)
  }
}
