import SpendlyCore

/// A plain-text table with aligned columns; amounts right-aligned.
struct Table {
  /// How a column lines up: text left, amounts right.
  enum Alignment { case left, right }

  var headers: [String]
  var alignments: [Alignment]
  var rows: [[String]] = []

  init(headers: [String], alignments: [Alignment]) {
    self.headers = headers
    self.alignments = alignments
  }

  mutating func add(_ row: [String]) { rows.append(row) }

  /// The lines of the table, headers first, each trimmed at the right.
  ///
  /// Lines are put together as UTF-8 bytes: a question's answer is mostly this table, and
  /// joining and padding `String`s cell by cell cost about as much as the query behind it.
  func render(indent: String = "", header: (String) -> String = { $0 }) -> [String] {
    let cellWidths = ([headers] + rows).map { $0.map(displayWidth) }
    var widths = cellWidths[0]
    for row in cellWidths.dropFirst() {
      for (i, width) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], width) }
    }
    let indentBytes = Array(indent.utf8)
    func line(_ cells: [String], _ cellWidth: [Int]) -> String {
      var bytes = indentBytes
      for (i, cell) in cells.enumerated() {
        if i > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
        let gap = max(0, widths[i] - cellWidth[i])
        if alignments[i] == .right { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
        bytes.append(contentsOf: cell.utf8)
        if alignments[i] == .left { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
      }
      while bytes.last == 0x20 { bytes.removeLast() }
      return String(decoding: bytes, as: UTF8.self)
    }
    var lines = [header(line(headers, cellWidths[0]))]
    lines.reserveCapacity(rows.count + 1)
    for (row, rowWidths) in zip(rows, cellWidths.dropFirst()) { lines.append(line(row, rowWidths)) }
    return lines
  }
}

/// Columns a string takes on a terminal: wide East Asian characters and emoji count two.
func displayWidth(_ text: String) -> Int {
  // Plain scalars (see `TextSanitizer.isPlain`) are a column each; a style mark takes none.
  var plain = 0
  var inMark = false
  for scalar in text.unicodeScalars {
    if scalar == Output.markOpen { inMark = true }
    if inMark {
      if scalar == Output.markClose { inMark = false }
      continue
    }
    guard TextSanitizer.isPlain(scalar) else { return characterWidth(text) }
    plain += 1
  }
  return plain
}

/// Columns a string takes, character by character (for text with more than plain scalars).
private func characterWidth(_ text: String) -> Int {
  var width = 0
  var inMark = false  // an Output style mark takes no room
  for character in text {
    guard let scalar = character.unicodeScalars.first else { continue }
    if scalar == Output.markOpen { inMark = true }
    if inMark {
      if scalar == Output.markClose { inMark = false }
      continue
    }
    let v = scalar.value
    if v < 0x20 { continue }
    let wide =
      (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
      || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
      || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
    width += wide ? 2 : 1
  }
  return width
}
