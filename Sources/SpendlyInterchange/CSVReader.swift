import Foundation
import SpendlyCore

/// RFC 4180 CSV, read a record at a time: quoted fields with doubled quotes, separators and
/// line breaks inside quotes, and a chosen delimiter (`,`, `;`, tab). Written once, for bank
/// CSVs and Spendly's own; it reads text in memory or streams a file a chunk at a time.
public struct CSVReader: Sequence, IteratorProtocol {
  var bytes: [UInt8]
  let delimiter: UInt8
  var index = 0
  var line = 1
  /// Where more bytes come from once `bytes` is read (a file); nil for text in memory.
  let source: FileHandle?
  /// Bytes read from the source so far, for progress.
  public private(set) var bytesRead = 0

  public init(_ text: String, delimiter: Character = ",") {
    bytes = Array(text.utf8)
    self.delimiter = delimiter.asciiValue ?? 0x2C
    source = nil
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// Streams the file at `path`, a megabyte at a time (a file of a million rows never sits in memory).
  public init?(path: String, delimiter: Character = ",") {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    source = handle
    self.delimiter = delimiter.asciiValue ?? 0x2C
    bytes = []
    _ = refill()
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// Reads the next chunk of the file into `bytes`; false at its end.
  mutating func refill() -> Bool {
    guard let source, let chunk = try? source.read(upToCount: 1 << 20), !chunk.isEmpty else { return false }
    bytes = [UInt8](chunk)
    bytesRead += bytes.count
    index = 0
    return true
  }

  /// The byte at `index`, refilling from the source at the end of a chunk; nil at the end.
  @inline(__always) mutating func peek() -> UInt8? {
    if index < bytes.count { return bytes[index] }
    return refill() ? bytes[index] : nil
  }

  /// The next record and the line it starts on; nil at the end. A quote left open is an error
  /// reported as a record with `unclosedQuote`.
  public mutating func next() -> (line: Int, fields: [String])? {
    guard peek() != nil else { return nil }
    let start = line
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var wasQuoted = false
    while let byte = peek() {
      index += 1
      if quoted {
        if byte == 0x22 {
          if peek() == 0x22 {
            field.append(0x22)
            index += 1
          } else {
            quoted = false
          }
        } else {
          if byte == 0x0A { line += 1 }
          append(byte, to: &field)
        }
        continue
      }
      switch byte {
      case 0x22 where field.isEmpty && !wasQuoted:
        quoted = true
        wasQuoted = true
      case delimiter:
        fields.append(text(field))
        field.removeAll(keepingCapacity: true)
        wasQuoted = false
      case 0x0A:
        fields.append(text(field))
        line += 1
        return (start, fields)
      case 0x0D:
        if peek() == 0x0A { continue }
        fields.append(text(field))
        line += 1
        return (start, fields)
      default:
        append(byte, to: &field)
        // The rest of a plain run, up to the next delimiter or line end in this chunk, in one
        // copy (a quote inside it is the field's own: the field has begun).
        var end = index
        while end < bytes.count, bytes[end] != delimiter, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        if end > index {
          append(bytes[index..<end], to: &field)
          index = end
        }
      }
    }
    if quoted { unclosedQuote = start }
    fields.append(text(field))
    return (start, fields)
  }

  /// The line of the first field longer than `TextLimits.fieldBytes`; such a field keeps only
  /// its start (a 10 MB cell is never built).
  public var oversizedField: Int?

  /// Adds a byte to a field, up to the limit.
  @inline(__always) mutating func append(_ byte: UInt8, to field: inout [UInt8]) {
    guard field.count < TextLimits.fieldBytes else {
      if oversizedField == nil { oversizedField = line }
      return
    }
    field.append(byte)
  }

  /// Adds a run of bytes to a field, up to the limit (as `append` a byte at a time would).
  @inline(__always) mutating func append(_ run: ArraySlice<UInt8>, to field: inout [UInt8]) {
    let room = TextLimits.fieldBytes - field.count
    guard run.count > room else {
      field.append(contentsOf: run)
      return
    }
    if oversizedField == nil { oversizedField = line }
    if room > 0 { field.append(contentsOf: run.prefix(room)) }
  }

  /// The line of a record whose quote never closed, once one was read.
  public var unclosedQuote: Int?
  /// The line of the first field whose bytes are not UTF-8 (they read with U+FFFD).
  public var invalidUTF8: Int?

  /// A field's text; bytes that are not UTF-8 are noted (the first line with any).
  mutating func text(_ field: [UInt8]) -> String {
    // Only a field with non-ASCII bytes can be malformed.
    if invalidUTF8 == nil, field.contains(where: { $0 >= 0x80 }), String(validating: field, as: UTF8.self) == nil {
      invalidUTF8 = line
    }
    return String(decoding: field, as: UTF8.self)
  }

  /// The delimiter the file's first lines agree on: of comma, semicolon, tab and pipe, the one
  /// most lines split by the same number of times (title lines before a header count little).
  public static func sniffDelimiter(_ text: String) -> Character {
    let lines = text.split(separator: "\n", maxSplits: 40, omittingEmptySubsequences: true).prefix(40)
    var best: (delimiter: Character, lines: Int, count: Int) = (",", 0, 0)
    for delimiter in [",", ";", "\t", "|"] as [Character] {
      var seen: [Int: Int] = [:]
      for line in lines {
        let count = line.reduce(0) { $0 + ($1 == delimiter ? 1 : 0) }
        if count > 0 { seen[count, default: 0] += 1 }
      }
      guard let (count, lines) = seen.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
      if lines > best.lines || (lines == best.lines && count > best.count) { best = (delimiter, lines, count) }
    }
    return best.delimiter
  }
}
