import Testing

@testable import SpendlyStore

/// Text is bound from the String's own bytes and count: it reads back byte for byte, an empty
/// string stays text (not NULL), and text still ends at a NUL byte, as a C string did.
@Suite("Statement: bound text")
struct BoundTextTests {
  @Test func textReadsBackAsItWasBound() throws {
    let database = try Database(path: ":memory:")
    let texts = [
      "", "a", "Social", "fifteen bytes!!", "sixteen bytes!!!", "Café", "Cafe\u{301}", "₹420 · 日本",
      String(repeating: "long text ", count: 500),
    ]
    for text in texts {
      let row = try #require(try database.row("SELECT ?, typeof(?1), length(CAST(?1 AS BLOB))", [.text(text)]))
      #expect(row.text(0) == text)
      #expect(row.text(1) == "text")
      #expect(row.int(2) == Int64(text.utf8.count))
    }
  }

  @Test func textEndsAtANulByte() throws {
    let database = try Database(path: ":memory:")
    let row = try #require(try database.row("SELECT ?, length(CAST(?1 AS BLOB))", [.text("ab\u{0}cd")]))
    #expect(row.text(0) == "ab")
    #expect(row.int(1) == 2)
    let leading = try #require(try database.row("SELECT typeof(?), length(?1)", [.text("\u{0}x")]))
    #expect(leading.text(0) == "text")
    #expect(leading.int(1) == 0)
  }
}
