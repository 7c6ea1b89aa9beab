import Foundation
import SpendlyCore
import Testing

@testable import SpendlyInterchange

/// The JSON export's reader reads a file a chunk at a time: whatever the chunks, a token cut
/// across two of them reads as it does whole, and an error names the same line and column.
@Suite("Spendly JSON read in chunks")
struct SpendlyJSONChunkTests {
  /// A small export with every kind of token: escapes, a surrogate pair, negatives, null, a BOM.
  static let lines: [String] = [
    "\u{FEFF}{",
    "  \"format\": \"spendly\",",
    "  \"version\": 1,",
    "  \"schema\": 3,",
    "  \"amounts\": \"minor units\",",
    "  \"sequences\": {\"changes\": 2, \"transactions\": -9223372036854775808},",
    "  \"tables\": {",
    "    \"settings\": [],",
    "    \"transactions\": [",
    #"      {"id": 1, "note": "a\nb\t\"q\" \\ \u00e9 \ud83d\ude00 ✓", "amount": -42000, "merchant": null},"#,
    #"      {"id": 9223372036854775807, "note": "", "amount": 0, "merchant": "Café"}"#,
    "    ]",
    "  }",
    "}",
  ]
  static let document: [UInt8] = Array((lines.joined(separator: "\n") + "\n").utf8)

  struct Read: Equatable {
    var version = 0
    var schema = 0
    var sequences: [String] = []
    var tables: [String] = []
    var rows: [String] = []
  }

  /// Everything the reader gives, or its error as `line:column: message`.
  static func read(_ reader: inout SpendlyJSONReader) -> Result<Read, SpendlyJSONError> {
    var read = Read()
    do {
      try reader.read(
        header: { header in
          read.version = header.version
          read.schema = header.schema
          read.sequences = header.sequences.map { "\($0.0)=\($0.1)" }
        },
        table: { read.tables.append($0) },
        row: { table, columns, values in
          read.rows.append("\(table) " + zip(columns, values).map { "\($0)=\($1)" }.joined(separator: " "))
        })
      return .success(read)
    } catch let error as SpendlyJSONError {
      return .failure(error)
    } catch {
      Issue.record("not a JSON error: \(error)")
      return .failure(SpendlyJSONError(line: 0, column: 0, message: "\(error)"))
    }
  }

  /// `bytes` given as two chunks, cut at `at` (from 1: an empty chunk is the end).
  static func cut(_ bytes: [UInt8], at: Int) -> SpendlyJSONReader {
    var chunks = [Array(bytes[..<at]), Array(bytes[at...])]
    return SpendlyJSONReader(chunks: { chunks.isEmpty ? [] : chunks.removeFirst() })
  }

  static func summary(_ result: Result<Read, SpendlyJSONError>) -> String {
    switch result {
    case .success(let read): "\(read)"
    case .failure(let error): "\(error.line):\(error.column): \(error.message)"
    }
  }

  @Test func aTokenCutAtEveryOffsetReadsAsTheWholeFile() throws {
    var whole = SpendlyJSONReader(bytes: Self.document)
    let expected = try Self.read(&whole).get()
    #expect(expected.version == 1 && expected.schema == 3)
    #expect(expected.sequences == ["changes=2", "transactions=-9223372036854775808"])
    #expect(expected.tables == ["settings", "transactions"])
    #expect(
      expected.rows == [
        "transactions id=integer(1) note=text(\"a\\nb\\t\\\"q\\\" \\\\ é 😀 ✓\") amount=integer(-42000) merchant=null",
        "transactions id=integer(9223372036854775807) note=text(\"\") amount=integer(0) merchant=text(\"Café\")",
      ])
    for at in 1...Self.document.count {
      var reader = Self.cut(Self.document, at: at)
      #expect(try Self.read(&reader).get() == expected, "cut at \(at)")
    }
  }

  @Test func aFileReadsTheSameWhateverItsChunkSize() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString).json").path
    try Data(Self.document).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var whole = SpendlyJSONReader(bytes: Self.document)
    let expected = try Self.read(&whole).get()
    for size in [1, 2, 3, 5, 7, 16, 64, 1 << 20] {
      var reader = try #require(SpendlyJSONReader(path: path, chunkSize: size))
      var told: [Int] = []
      reader.onChunk = { told.append($0) }
      #expect(try Self.read(&reader).get() == expected, "chunks of \(size)")
      // Progress: each chunk told, the last one at the file's size.
      #expect(reader.bytesRead == Self.document.count)
      #expect(told == told.sorted() && told.last == (size >= Self.document.count ? nil : Self.document.count))
    }
    #expect(SpendlyJSONReader(path: path + ".missing") == nil)
  }

  @Test func anErrorNamesTheSamePlaceWhereverTheChunksAreCut() throws {
    let text = String(decoding: Self.document, as: UTF8.self)
    for (broken, message) in [
      (text.replacingOccurrences(of: "-42000", with: "-42.5"), "expected '}'"),
      (text.replacingOccurrences(of: "-42000", with: "99999999999999999999"), "expected a whole number"),
      (text.replacingOccurrences(of: "\\u00e9", with: "\\u00g9"), "four hex digits"),
      (text.replacingOccurrences(of: "null", with: "nul "), "expected a value"),
      (String(text.prefix(text.count - 40)), "the file ends early"),
      (text + "x", "text after the end"),
    ] {
      let bytes = Array(broken.utf8)
      var whole = SpendlyJSONReader(bytes: bytes)
      let expected = Self.summary(Self.read(&whole))
      #expect(expected.contains(message), "\(expected)")
      for at in 1...bytes.count {
        var reader = Self.cut(bytes, at: at)
        #expect(Self.summary(Self.read(&reader)) == expected, "cut at \(at)")
      }
    }
  }

  @Test func rowsAreLentInPlaceAndSayWhenTheirColumnsChange() throws {
    let lines = [
      #"{"format": "spendly", "version": 1, "schema": 3, "tables": {"#,
      #""a": [{"x": 1, "y": "p\u00e9"}, {"x": 2, "y": "q"}, {"y": "r", "x": 3}, {"y": "s", "x": null}, {"y": "t"}],"#,
      #""b": [{"y": ""}, {}]}}"#,
    ]
    let bytes = Array(lines.joined(separator: "\n").utf8)
    for at in 1...bytes.count {
      var reader = Self.cut(bytes, at: at)
      var seen: [String] = []
      try reader.readRows(header: { _ in }) { table, row in
        let cells = (0..<row.count).map { i in
          switch row.kind(i) {
          case .null: "null"
          case .integer: "\(row.integer(i))"
          case .text: "'" + String(decoding: row.text(i), as: UTF8.self) + "'"
          }
        }
        seen.append(
          "\(table)\(row.columnsChanged ? "*" : "") \(row.columns.joined(separator: ",")) \(cells.joined(separator: ","))"
        )
      }
      #expect(
        seen == ["a* x,y 1,'pé'", "a x,y 2,'q'", "a* y,x 'r',3", "a y,x 's',null", "a* y 't'", "b* y ''", "b*  "],
        "cut at \(at)")
    }
  }
}
