import SpendlyCore
import Testing

@testable import SpendlyCLI

/// The encoder that turns report values into `JSON`: keys in encoding order, nil as null,
/// snake_case names, money in its one shape.
@Suite("JSON from Encodable values")
struct JSONEncoderTests {
  struct Inner: Encodable {
    let zeta: Int
    let alpha: String?
  }

  struct Outer: Encodable {
    let title: String
    let lastSeen: String?
    let counts: [[Int]]
    let items: [Inner]
    let empty: [Int]
    let flag: Bool
  }

  @Test func keysStayInTheOrderTheyAreEncodedAndNilIsNull() throws {
    let value = Outer(
      title: "a \"quoted\" \\ line\nnext\ttab \u{1}", lastSeen: nil, counts: [[1, 2], [], [-3]],
      items: [Inner(zeta: 9, alpha: nil), Inner(zeta: 0, alpha: "x")], empty: [], flag: false)
    let json = try JSONValueEncoder().encode(value)
    #expect(
      json.rendered(indent: nil)
        == #"{"title":"a \"quoted\" \\ line\nnext\ttab \u0001","last_seen":null,"counts":[[1,2],[],[-3]],"#
        + #""items":[{"zeta":9,"alpha":null},{"zeta":0,"alpha":"x"}],"empty":[],"flag":false}"#)
    // The same value written by hand, as the JSON enum writes it.
    let byHand = JSON.object([
      ("title", .string(value.title)), ("last_seen", .null),
      ("counts", .array([.array([.int(1), .int(2)]), .array([]), .array([.int(-3)])])),
      (
        "items",
        .array([
          .object([("zeta", .int(9)), ("alpha", .null)]), .object([("zeta", .int(0)), ("alpha", .string("x"))]),
        ])
      ),
      ("empty", .array([])), ("flag", .bool(false)),
    ])
    #expect(json.rendered() == byHand.rendered())
  }

  @Test func moneyHasItsThreeFieldsWithTheCurrencysExponent() throws {
    #expect(
      JSON(MoneyJSON(42000, .inr)).rendered(indent: nil)
        == #"{"amount":"420.00","amount_minor":42000,"currency":"INR"}"#)
    let yen = try #require(Currency.named("JPY"))
    #expect(
      JSON(MoneyJSON(-1500, yen)).rendered(indent: nil) == #"{"amount":"-1500","amount_minor":-1500,"currency":"JPY"}"#)
  }

  struct Account: Encodable {
    let name: String
    let balance: MoneyFigure
    let opening: MoneyFigure?
    let money: Inline<MoneyJSON>
    let note: IfPresent<String>
    let tags: IfPresent<[String]>
  }

  @Test func inlineSiblingAndAbsentKeys() {
    let json = JSON(
      Account(
        name: "Wallet", balance: MoneyFigure(12345, .inr), opening: nil, money: Inline(MoneyJSON(5, .inr)),
        note: IfPresent(nil), tags: IfPresent(["a"])))
    #expect(
      json.rendered(indent: nil)
        == #"{"name":"Wallet","balance":"123.45","balance_minor":12345,"opening":null,"opening_minor":null,"#
        + #""amount":"0.05","amount_minor":5,"currency":"INR","tags":["a"]}"#)
  }

  struct Dynamic: Encodable {
    let settings: JSONPairs<String>
  }

  @Test func dataKeysAreWrittenAsGivenAndPrettyPrintingIsUnchanged() {
    let json = JSON(Dynamic(settings: JSONPairs([("weekStart", "monday"), ("b", "é ✓")])))
    #expect(json.rendered() == "{\n  \"settings\": {\n    \"weekStart\": \"monday\",\n    \"b\": \"é ✓\"\n  }\n}")
  }

  struct Floating: Encodable { let rate: Double }

  @Test func floatingPointIsRefused() {
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Floating(rate: 0.1)) }
  }

  @Test func aJSONValueInsideIsKeptAsItIs() throws {
    let json = try JSONValueEncoder().encode(JSONPairs([("percent", JSON.decimal(813, places: 1))]))
    #expect(json.rendered(indent: nil) == #"{"percent":81.3}"#)
  }
}
