import Foundation
import SpendlyCore

/// Spendly's whole-database JSON: a format name and version, the schema version, the id
/// counters, then every table as an array of row objects (a row a line, keys in column order).
/// The same database always gives the same bytes, so an export restored and exported again
/// is identical.
public enum SpendlyJSON {
  public static let formatName = "spendly"

  /// Whether a file's first bytes are this format's opening.
  public static func detects(_ head: String) -> Bool {
    let text = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    guard text.first == "{" else { return false }
    // Any JSON object that says what format it is: a wrong format is then named by the reader.
    return text.contains("\"format\"") || text.contains("\"tables\"")
  }

  /// A string as JSON writes it: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String, into out: inout [UInt8]) {
    out.append(0x22)
    for byte in text.utf8 {
      switch byte {
      case 0x22: out += [0x5C, 0x22]
      case 0x5C: out += [0x5C, 0x5C]
      case 0x0A: out += [0x5C, 0x6E]
      case 0x0D: out += [0x5C, 0x72]
      case 0x09: out += [0x5C, 0x74]
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
    out.append(0x22)
  }
}

/// Writes the whole-database JSON to a sink, a buffer at a time.
public struct SpendlyJSONWriter {
  private var buffer: [UInt8] = []
  private let sink: ([UInt8]) throws -> Void
  private var tableCount = 0
  private var rowCount = 0
  private var columns: [String] = []

  public init(sink: @escaping ([UInt8]) throws -> Void) { self.sink = sink }

  /// The opening: format, versions, and the id counters.
  public mutating func begin(formatVersion: Int, schema: Int, sequences: [(String, Int64)]) throws {
    buffer += Array("{\n  \"format\": \"\(SpendlyJSON.formatName)\",\n  \"version\": \(formatVersion),\n".utf8)
    buffer += Array("  \"schema\": \(schema),\n".utf8)
    buffer += Array("  \"amounts\": \"integer minor units of the row's currency (420.00 INR is 42000)\",\n".utf8)
    buffer += Array("  \"sequences\": {".utf8)
    for (i, (name, value)) in sequences.enumerated() {
      buffer += Array((i == 0 ? "" : ", ").utf8)
      SpendlyJSON.quoted(name, into: &buffer)
      buffer += Array(": \(value)".utf8)
    }
    buffer += Array("},\n  \"tables\": {".utf8)
  }

  public mutating func table(_ table: ArchiveTable) throws {
    if tableCount > 0 { buffer += Array(rowCount == 0 ? "],".utf8 : "\n    ],".utf8) }
    buffer += Array("\n    ".utf8)
    SpendlyJSON.quoted(table.name, into: &buffer)
    buffer += Array(": [".utf8)
    tableCount += 1
    rowCount = 0
    columns = table.columns
  }

  public mutating func row(_ values: [ArchiveValue]) throws {
    buffer += Array((rowCount == 0 ? "\n      {" : ",\n      {").utf8)
    for (i, value) in values.enumerated() {
      if i > 0 { buffer += [0x2C, 0x20] }
      SpendlyJSON.quoted(columns[i], into: &buffer)
      buffer += [0x3A, 0x20]
      switch value {
      case .null: buffer += Array("null".utf8)
      case .integer(let v): buffer += Array(String(v).utf8)
      case .text(let s): SpendlyJSON.quoted(s, into: &buffer)
      }
    }
    buffer.append(0x7D)
    rowCount += 1
    if buffer.count >= 1 << 20 {
      try sink(buffer)
      buffer.removeAll(keepingCapacity: true)
    }
  }

  public mutating func finish() throws {
    if tableCount > 0 { buffer += Array(rowCount == 0 ? "]".utf8 : "\n    ]".utf8) }
    buffer += Array("\n  }\n}\n".utf8)
    try sink(buffer)
    buffer.removeAll()
  }
}

/// Where a JSON file does not read: the line and column of the byte, and why.
public struct SpendlyJSONError: Error, Sendable {
  public let line: Int
  public let column: Int
  public let message: String

  public func described(file: String) -> String { "\(file):\(line):\(column): \(message)" }
}

/// Reads the whole-database JSON: its header, then each table's rows, one at a time. A file is
/// read a chunk at a time (a megabyte), so memory stays flat however big the file is.
public struct SpendlyJSONReader {
  /// What the file says of itself.
  public struct Header: Sendable {
    public var version = 0
    public var schema = 0
    public var sequences: [(String, Int64)] = []
  }

  /// The bytes at hand: the current chunk, with what is still being read of the one before.
  private var bytes: [UInt8]
  private var i = 0
  /// Where more bytes come from once `bytes` is read (a file's next chunk; empty at its end);
  /// nil for a document in memory.
  private let source: (() -> [UInt8])?
  /// Where `bytes[0]` is in the file, the line it is on, and where that line begins in the file.
  private var base = 0
  private var baseLine = 1
  private var baseLineStart = 0
  /// A byte of `bytes` a token still needs (its start, for its error), kept on a refill.
  private var mark: Int?
  /// The first byte of the row being read, kept on a refill with every byte after it, so its
  /// cells' bytes are still at hand when the row is lent out.
  private var rowMark: Int?
  /// The row being read: its cells, and the text of those that had to be decoded (an escape, or
  /// cut across two chunks).
  private var cells: [ArchiveRow.Cell] = []
  private var decoded: [UInt8] = []
  /// The last row's column names, and their bytes as the file has them (a row's keys are
  /// compared with these, and made into strings only where they differ).
  private var columns: [String] = []
  private var keys: [[UInt8]] = []
  /// Whether the next row is its table's first.
  private var freshTable = true
  /// Bytes taken from the source so far, for progress.
  public private(set) var bytesRead = 0
  /// Told `bytesRead` after each chunk is read.
  public var onChunk: ((_ bytesRead: Int) -> Void)?

  /// Reads a document in memory.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    source = nil
    bytesRead = bytes.count
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
  }

  /// Reads whatever `next` gives, a chunk at a time, until it gives no bytes.
  public init(chunks next: @escaping () -> [UInt8]) {
    bytes = []
    source = next
    _ = refill(need: 3)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
  }

  /// Streams the file at `path`, `chunkSize` bytes at a time; nil when it cannot be opened.
  public init?(path: String, chunkSize: Int = 1 << 20) {
    guard let file = fopen(path, "rb") else { return nil }
    let handle = FileBox(file)
    let size = max(1, chunkSize)
    self.init(chunks: {
      guard let file = handle.file else { return [] }
      let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        count = fread(buffer.baseAddress, 1, size, file)
      }
      if chunk.isEmpty { handle.close() }
      return chunk
    })
  }

  /// Reads the file through: the header once the `tables` key is reached, then each row.
  /// The `columns` and `values` given to `row` are the reader's own, reused for the next row.
  public mutating func read(
    header: (Header) throws -> Void, table: (String) throws -> Void = { _ in },
    row: (_ table: String, _ columns: [String], _ values: [ArchiveValue]) throws -> Void
  ) throws {
    var values: [ArchiveValue] = []
    try readRows(header: header, table: table) { name, lent in
      values.removeAll(keepingCapacity: true)
      for index in 0..<lent.count { values.append(lent.value(index)) }
      try row(name, lent.columns, values)
    }
  }

  /// Reads the file through as `read` does, each row lent in place (see `ArchiveRow`): no
  /// `String` is made for a cell, nor for a column name the row before had at the same place.
  public mutating func readRows(
    header: (Header) throws -> Void, table: (String) throws -> Void = { _ in },
    row: (_ table: String, _ row: ArchiveRow) throws -> Void
  ) throws {
    var head = Header()
    var format: String?
    try expect(0x7B)
    var first = true
    while true {
      skipSpace()
      if peek() == 0x7D {
        i += 1
        break
      }
      if !first { try expect(0x2C) }
      first = false
      let key = try string()
      try expect(0x3A)
      switch key {
      case "format": format = try string()
      case "version": head.version = Int(try integer())
      case "schema": head.schema = Int(try integer())
      case "sequences":
        try object { name, reader in head.sequences.append((name, try reader.integer())) }
      case "tables":
        guard let format else {
          throw error("\"format\", \"version\" and \"schema\" must come before \"tables\" (as Spendly writes them)")
        }
        guard format == SpendlyJSON.formatName else {
          throw error("not a Spendly export (its format is \"\(format)\", not \"spendly\")")
        }
        try header(head)
        try object { name, reader in
          try table(name)
          reader.freshTable = true
          try reader.array { reader in try reader.row(of: name, row) }
        }
      default: try skipValue()
      }
    }
    skipSpace()
    guard peek() == nil else { throw error("text after the end of the document") }
    guard format != nil else { throw error("not a Spendly export (no \"format\": \"spendly\", no tables)") }
  }

  // MARK: Bytes

  /// Makes at least `need` bytes from `i` at hand, keeping what is still needed and reading
  /// chunks on; false when the file ends first.
  private mutating func refill(need: Int) -> Bool {
    guard let source else { return i + need <= bytes.count }
    while i + need > bytes.count {
      let chunk = source()
      if chunk.isEmpty { return i + need <= bytes.count }
      bytesRead += chunk.count
      let keep = min(i, mark ?? i, rowMark ?? i)
      if keep > 0 {
        // The bytes let go of: their lines, for the line and column of a later error.
        bytes.withUnsafeBufferPointer { buffer in
          var from = 0
          while from < keep, let hit = memchr(buffer.baseAddress! + from, 0x0A, keep - from) {
            let j = buffer.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            baseLine += 1
            baseLineStart = base + j + 1
            from = j + 1
          }
        }
        base += keep
        bytes.removeFirst(keep)
        i -= keep
        if let m = mark { mark = m - keep }
        if let m = rowMark { rowMark = m - keep }
      }
      bytes += chunk
      onChunk?(bytesRead)
    }
    return true
  }

  @inline(__always) private mutating func peek() -> UInt8? {
    if i < bytes.count { return bytes[i] }
    return refill(need: 1) ? bytes[i] : nil
  }

  /// The byte `offset` past `i`, reading on for it; nil past the end.
  private mutating func peek(_ offset: Int) -> UInt8? {
    if i + offset < bytes.count { return bytes[i + offset] }
    return refill(need: offset + 1) ? bytes[i + offset] : nil
  }

  // MARK: Tokens

  private mutating func skipSpace() {
    while let byte = peek() {
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return
      }
    }
  }

  private mutating func error(_ message: String) -> SpendlyJSONError {
    // A file cut short fails wherever it stops: say that, not what was expected there.
    let message = peek() == nil ? "the file ends early (cut short?)" : message
    var line = baseLine
    var lineStart = baseLineStart
    for j in 0..<min(i, bytes.count) where bytes[j] == 0x0A {
      line += 1
      lineStart = base + j + 1
    }
    return SpendlyJSONError(line: line, column: base + i - lineStart + 1, message: message)
  }

  private mutating func expect(_ byte: UInt8) throws {
    skipSpace()
    guard peek() == byte else {
      throw error("expected '\(Character(Unicode.Scalar(byte)))'" + (peek() == nil ? " before the end" : ""))
    }
    i += 1
  }

  private mutating func object(_ member: (String, inout SpendlyJSONReader) throws -> Void) throws {
    try expect(0x7B)
    skipSpace()
    if peek() == 0x7D {
      i += 1
      return
    }
    while true {
      let key = try string()
      try expect(0x3A)
      try member(key, &self)
      skipSpace()
      if peek() == 0x2C {
        i += 1
        continue
      }
      try expect(0x7D)
      return
    }
  }

  private mutating func array(_ element: (inout SpendlyJSONReader) throws -> Void) throws {
    try expect(0x5B)
    skipSpace()
    if peek() == 0x5D {
      i += 1
      return
    }
    while true {
      try element(&self)
      skipSpace()
      if peek() == 0x2C {
        i += 1
        continue
      }
      try expect(0x5D)
      return
    }
  }

  /// Reads one row object of `table` and lends it to `body`.
  private mutating func row(of table: String, _ body: (String, ArchiveRow) throws -> Void) throws {
    try expect(0x7B)
    rowMark = i
    defer { rowMark = nil }
    cells.removeAll(keepingCapacity: true)
    decoded.removeAll(keepingCapacity: true)
    var changed = freshTable
    freshTable = false
    skipSpace()
    if peek() == 0x7D {
      i += 1
    } else {
      while true {
        let key = try located()
        if !sameKey(key, at: cells.count) {
          changed = true
          let name = Array(self.text(key))
          if cells.count < keys.count {
            keys[cells.count] = name
            columns[cells.count] = String(decoding: name, as: UTF8.self)
          } else {
            keys.append(name)
            columns.append(String(decoding: name, as: UTF8.self))
          }
        }
        if key.decoded { decoded.removeSubrange(key.offset...) }
        try expect(0x3A)
        skipSpace()
        switch peek() {
        case 0x22:
          let text = try located()
          cells.append(ArchiveRow.Cell(kind: .text, offset: text.offset, count: text.count, decoded: text.decoded))
        case 0x6E:
          guard peek(1) == 0x75, peek(2) == 0x6C, peek(3) == 0x6C else { throw error("expected a value") }
          i += 4
          cells.append(ArchiveRow.Cell(kind: .null))
        default:
          cells.append(ArchiveRow.Cell(kind: .integer, integer: try integer()))
        }
        skipSpace()
        if peek() == 0x2C {
          i += 1
          continue
        }
        try expect(0x7D)
        break
      }
    }
    if cells.count != keys.count {
      changed = true
      keys.removeSubrange(cells.count...)
      columns.removeSubrange(cells.count...)
    }
    // Each text in the file's bytes, from where it is in the file to where it is in `bytes`.
    let base = self.base
    for index in cells.indices where cells[index].kind == .text && !cells[index].decoded {
      cells[index].offset -= base
    }
    let columns = self.columns
    try bytes.withUnsafeBufferPointer { bytes in
      try decoded.withUnsafeBufferPointer { decoded in
        try cells.withUnsafeBufferPointer { cells in
          try body(
            table, ArchiveRow(columns: columns, columnsChanged: changed, cells: cells, bytes: bytes, decoded: decoded))
        }
      }
    }
  }

  /// Whether the key at `key` is the last row's key at `index`.
  private func sameKey(_ key: Located, at index: Int) -> Bool {
    guard index < keys.count, keys[index].count == key.count else { return false }
    return keys[index].withUnsafeBufferPointer { last in
      text(key).withUnsafeBufferPointer { here in
        key.count == 0 || memcmp(last.baseAddress!, here.baseAddress!, key.count) == 0
      }
    }
  }

  /// The bytes of a text just located (still at hand).
  private func text(_ text: Located) -> ArraySlice<UInt8> {
    text.decoded
      ? decoded[text.offset..<text.offset + text.count]
      : bytes[text.offset - base..<text.offset - base + text.count]
  }

  private mutating func integer() throws -> Int64 {
    skipSpace()
    mark = i
    defer { mark = nil }
    let negative = peek() == 0x2D
    if negative { i += 1 }
    var value: Int64 = 0
    var digits = 0
    var overflow = false
    while let byte = peek(), (0x30...0x39).contains(byte) {
      i += 1
      digits += 1
      // Kept negative on the way, so Int64.min reads too.
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (next, o2) = times.subtractingReportingOverflow(Int64(byte - 0x30))
      overflow = overflow || o1 || o2
      value = next
    }
    if !negative && !overflow {
      let (positive, o) = (0 as Int64).subtractingReportingOverflow(value)
      overflow = o
      value = positive
    }
    guard digits > 0, !overflow else {
      i = mark!
      throw error("expected a whole number, text or null (Spendly's exports have no fractions)")
    }
    return value
  }

  private mutating func string() throws -> String {
    let text = try located()
    defer { if text.decoded { decoded.removeSubrange(text.offset...) } }
    return String(decoding: self.text(text), as: UTF8.self)
  }

  /// Where a text is: in the file's bytes (`offset` from the file's start), or, when it has an
  /// escape or runs past the bytes at hand, decoded at the end of `decoded`.
  private struct Located {
    var offset: Int
    var count: Int
    var decoded: Bool
  }

  /// Reads a text in quotes, and says where its bytes are.
  private mutating func located() throws -> Located {
    skipSpace()
    guard peek() == 0x22 else { throw error("expected text in quotes") }
    i += 1
    // Most text has no escape and lies within the chunk at hand: its bytes are where they are.
    let from = i
    let end = min(bytes.count, i + TextLimits.fieldBytes + 1)
    let stop = bytes.withUnsafeBufferPointer { buffer in
      var j = from
      while j < end {
        let byte = buffer[j]
        if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
        j += 1
      }
      return j
    }
    if stop < end, bytes[stop] == 0x22 {
      i = stop + 1
      return Located(offset: base + from, count: stop - from, decoded: false)
    }
    let start = decoded.count
    decoded += bytes[from..<stop]
    i = stop
    while let byte = peek() {
      guard decoded.count - start <= TextLimits.fieldBytes else { throw error("text \(TextLimits.tooLong)") }
      i += 1
      switch byte {
      case 0x22: return Located(offset: start, count: decoded.count - start, decoded: true)
      case 0x5C:
        guard let escaped = peek() else { break }
        i += 1
        switch escaped {
        case 0x6E: decoded.append(0x0A)
        case 0x72: decoded.append(0x0D)
        case 0x74: decoded.append(0x09)
        case 0x62: decoded.append(0x08)
        case 0x66: decoded.append(0x0C)
        case 0x75:
          guard var code = hex4(at: 0) else { throw error("a \\u escape needs four hex digits") }
          i += 4
          // A surrogate pair: the second half follows as its own escape.
          if (0xD800...0xDBFF).contains(code), peek(0) == 0x5C, peek(1) == 0x75, let low = hex4(at: 2),
            (0xDC00...0xDFFF).contains(low)
          {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
          decoded += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
        default: decoded.append(escaped)
        }
      case 0..<0x20: throw error("a control character inside text")
      default: decoded.append(byte)
      }
    }
    throw error("text never closed")
  }

  /// The four hex digits `offset` past `i` (as `UInt32(_:radix:)` reads them), or nil.
  private mutating func hex4(at offset: Int) -> UInt32? {
    guard peek(offset + 3) != nil else { return nil }
    return UInt32(String(decoding: bytes[i + offset..<i + offset + 4], as: UTF8.self), radix: 16)
  }

  private mutating func skipValue(depth: Int = 0) throws {
    // Spendly's own files nest four deep; a hostile file must not nest the reader to death.
    guard depth < 64 else { throw error("nested too deeply") }
    skipSpace()
    switch peek() {
    case 0x7B: try object { _, reader in try reader.skipValue(depth: depth + 1) }
    case 0x5B: try array { reader in try reader.skipValue(depth: depth + 1) }
    case 0x22: _ = try string()
    default:
      while let byte = peek(), ![0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09].contains(byte) { i += 1 }
    }
  }
}

/// A C file the reader's chunks come from, closed at its end (or when the reader goes).
private final class FileBox {
  var file: UnsafeMutablePointer<FILE>?
  init(_ file: UnsafeMutablePointer<FILE>) { self.file = file }
  func close() {
    if let file { fclose(file) }
    file = nil
  }
  deinit { close() }
}
