/// The cell styles of a workbook (xl/styles.xml): plain, the bold header, and one per number
/// format the cells use, each format numbered from 164 (the first custom id) and kept once.
struct XLSXStyles {
  static let plain = 0
  static let header = 1
  static let dateFormat = "yyyy-mm-dd"
  static let timeFormat = "hh:mm"

  /// Custom formats in order of first use; format i has id 164 + i and cell style 2 + i.
  private(set) var formats: [String] = [dateFormat]
  private var styles: [String: Int] = [dateFormat: 2]

  /// The style of a yyyy-mm-dd date.
  var date: Int { 2 }

  /// The style index (`s`) of cells with number format `format`.
  mutating func style(for format: String?) -> Int {
    guard let format, !format.isEmpty, format != "General" else { return Self.plain }
    if let style = styles[format] { return style }
    formats.append(format)
    let style = formats.count + 1
    styles[format] = style
    return style
  }

  var xml: [UInt8] {
    var xml: [UInt8] = []
    xml.markup(XLSXPart.declaration)
    xml.markup("<styleSheet xmlns=\"\(XLSXPart.mainNamespace)\"><numFmts count=\"\(formats.count)\">")
    for (index, format) in formats.enumerated() {
      xml.markup("<numFmt numFmtId=\"\(164 + index)\" formatCode=\"")
      xml.escaped(format, attribute: true)
      xml.markup("\"/>")
    }
    xml.markup(
      "</numFmts><fonts count=\"2\">"
        + "<font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>"
        + "<font><b/><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>"
        + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>"
        + "<fill><patternFill patternType=\"gray125\"/></fill></fills>"
        + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
        + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
        + "<cellXfs count=\"\(formats.count + 2)\">"
        + "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
        + "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>")
    for index in formats.indices {
      xml.markup(
        "<xf numFmtId=\"\(164 + index)\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/>")
    }
    xml.markup(
      "</cellXfs><cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
        + "</styleSheet>")
    return xml
  }
}
