import SpendlyCore
import Testing

@testable import SpendlyInterchange

/// The XML reader of OFX 2.x and CAMT files: the tree it builds, and what it refuses.
@Suite("XML tree reader")
struct XMLTreeReaderTests {
  static func failure(_ text: String) -> StatementError? {
    do {
      _ = try XMLTreeReader.read(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsElementsAttributesTextAndLines() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE Document [ <!ENTITY x "boom"> ]>
      <!-- a comment <Ntry> -->
      <camt:Document xmlns:camt="urn:iso" id='d1'>
        <Amt Ccy="EUR">12.50</Amt>
        <Nm>Caf&#xE9; &amp; Bar &lt;1&gt; &quot;q&quot; &apos;a&apos;</Nm>
        <Empty/>
        <Note><![CDATA[a <b> & c]]></Note>
      </camt:Document>
      """
    let root = try XMLTreeReader.read(text)
    #expect(root.children.map(\.name) == ["Document"])
    let document = try #require(root.child("Document"))
    #expect(document.attributes == ["xmlns:camt": "urn:iso", "id": "d1"])
    #expect(document.line == 4)
    #expect(document.children.map(\.name) == ["Amt", "Nm", "Empty", "Note"])
    #expect(document.value("Amt") == "12.50")
    #expect(document.child("Amt")?.attributes["Ccy"] == "EUR")
    #expect(document.child("Amt")?.line == 5)
    #expect(document.value("Nm") == "Café & Bar <1> \"q\" 'a'")
    #expect(document.child("Empty")?.text == nil && document.child("Empty")?.children.isEmpty == true)
    #expect(document.value("Note") == "a <b> & c")
    // An aggregate's own text is the whitespace between its children, trimmed away as none.
    #expect(MarkupNode.trimmed(document.text) == nil)
  }

  @Test func refusesWhatIsNotWellFormed() {
    #expect(Self.failure("<a><b></a>")?.message == "the XML does not read: </a> closes <b>")
    #expect(Self.failure("<a>&x;</a>")?.message == "the XML does not read: unknown entity &x;")
    #expect(Self.failure("<a/><b/>")?.message == "the XML does not read: a second root element")
    #expect(Self.failure("<a x=1/>")?.message == "the XML does not read: attribute x's value is not quoted")
    #expect(Self.failure("hello <a/>")?.message == "the XML does not read: text outside the root element")
    #expect(Self.failure("<?xml version=\"1.0\"?>")?.message == "the XML does not read: no root element")
    let cut = Self.failure("<a>\n<b>\n<c>1</c>")
    #expect(cut?.message == "the file ends inside <b> (cut short?)" && cut?.line == 2)
    #expect(Self.failure("<a>\n\n<b x=\"1\" x=\"2\"/></a>")?.line == 3)
  }

  @Test func refusesDepthAndLengthPastTheLimits() {
    let deep = String(repeating: "<A>", count: 65) + String(repeating: "</A>", count: 65)
    #expect(Self.failure(deep)?.message == MarkupNode.tooDeep)
    let fine = String(repeating: "<A>", count: 64) + String(repeating: "</A>", count: 64)
    #expect(Self.failure(fine) == nil)
    let long = "<a>\n<Nm>" + String(repeating: "x", count: TextLimits.fieldBytes + 1) + "</Nm></a>"
    #expect(Self.failure(long)?.message == "<Nm> \(TextLimits.tooLong)")
    #expect(Self.failure(long)?.line == 2)
  }
}
