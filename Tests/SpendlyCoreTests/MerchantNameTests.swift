import SpendlyCore
import Testing

/// A merchant filter names a merchant by the start of its name, ignoring case and punctuation.
@Suite("Merchant names: case, punctuation, prefix")
struct MerchantNameTests {
  @Test(arguments: [
    ("Joe's", "joes"), ("Joe's", "JOES"), ("Joe's", "joe's"), ("Joe's", "Joe"), ("Joe's Pizza", "joes"),
    ("Joes", "joe's"), ("Chez Paul", "chez-paul"), ("Chez-Paul", "chez paul"), ("Chez Paul", "CHEZ"),
    ("McDonald's", "mcdonalds"), ("7-Eleven", "7eleven"), ("A.B.C. Stores", "abc"), ("Café Mocha", "CAFÉ"),
    ("Caf\u{E9}", "cafe\u{301}"), ("Jo\u{200B}e's", "joes"), ("Joe's", "jo\u{202E}es"), ("—", "—"),
    ("Social", "  social  "),
  ])
  func names(_ merchant: String, _ wanted: String) {
    #expect(TransactionFilter.sameName(merchant, wanted))
  }

  @Test(arguments: [
    ("Joe's", "joey"), ("Joe's", "oes"), ("Social", "socials"), ("Cafe", "café"), ("Café", "cafe"),
    ("Chez Paul", "paul"), ("—", "-"), ("Uber", "—"),
  ])
  func doesNotName(_ merchant: String, _ wanted: String) {
    #expect(!TransactionFilter.sameName(merchant, wanted))
  }

  @Test func noMerchantMatchesNothing() {
    #expect(!TransactionFilter.sameName(nil, "joes"))
    #expect(!TransactionFilter.sameName(nil, "—"))
  }

  @Test func keys() {
    #expect(TransactionFilter.nameKey("Joe's Café-Bar") == "joescafébar")
    #expect(TransactionFilter.nameKey("50% Off Store") == "50offstore")
    #expect(TransactionFilter.nameKey("ZOË") == "zoë")
    #expect(TransactionFilter.nameKey("'—'") == "")
  }
}
