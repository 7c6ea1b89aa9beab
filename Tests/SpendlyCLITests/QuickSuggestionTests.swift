import SpendlyCore
import SpendlyStore
import Testing

@testable import SpendlyCLI

/// Issue 27: `quick` ranks the method, category and merchant by entries of a similar amount
/// (the same, then ±10%, then half to double, by recency), then the hour, then frequency.
@Suite("quick's suggestions from the amount")
struct QuickSuggestionTests {
  static let methods = ["UPI", "Cash", "Credit Card", "Debit Card", "Net Banking", "Wallet"]
  static let categories = ["Food", "Groceries", "Travel", "Shopping", "Bills", "Rent", "Social", "Other"]

  func rupees(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .inr) }

  func entries(
    _ count: Int, _ category: String, _ method: String, _ minor: Int64, hour: Int, merchant: String? = nil
  ) -> [PastEntry] {
    Array(
      repeating: PastEntry(
        category: category, method: method, merchant: merchant, amount: minor, currency: "INR", hour: hour),
      count: count)
  }

  /// 27 coffees of ₹180 at 10:00 in cash, 12 shopping entries of ₹3,250.50 by card, rent 3 times,
  /// 27 lunches of ₹420 at Social by UPI; newest first, interleaved as weeks are.
  var history: [PastEntry] {
    entries(9, "Food", "Cash", 18_000, hour: 10, merchant: "Blue Tokai")
      + entries(10, "Social", "UPI", 42_000, hour: 13, merchant: "Social")
      + entries(4, "Shopping", "Credit Card", 325_050, hour: 19, merchant: "Zara")
      + entries(1, "Rent", "Net Banking", 3_500_000, hour: 9, merchant: "Landlord")
      + entries(9, "Food", "Cash", 18_000, hour: 10, merchant: "Blue Tokai")
      + entries(8, "Shopping", "Credit Card", 325_050, hour: 19, merchant: "Zara")
      + entries(17, "Social", "UPI", 42_000, hour: 13, merchant: "Social")
      + entries(2, "Rent", "Net Banking", 3_500_000, hour: 20, merchant: "Landlord")
      + entries(9, "Food", "Cash", 18_000, hour: 10, merchant: "Blue Tokai")
  }

  @Test func coffeePaidInCashEveryTimeSuggestsCash() {
    let methods = QuickSuggestions.methods(
      history, catalog: Self.methods, amount: rupees(18_000), hour: 13, preferred: "UPI")
    #expect(methods.first == "Cash")
    let categories = QuickSuggestions.categories(
      history, catalog: Self.categories, amount: rupees(18_000), hour: 13, fallback: "Other")
    #expect(categories.first == "Food")
  }

  @Test func aCardAmountSuggestsTheCard() {
    let methods = QuickSuggestions.methods(
      history, catalog: Self.methods, amount: rupees(325_050), hour: 10, preferred: "UPI")
    #expect(methods.first == "Credit Card")
    #expect(
      QuickSuggestions.categories(
        history, catalog: Self.categories, amount: rupees(325_050), hour: 10, fallback: nil
      ).first == "Shopping")
  }

  @Test func anExactRentOutweighsTwentySevenCoffeesAtThisHour() {
    for hour in [10, 19] {
      let categories = QuickSuggestions.categories(
        history, catalog: Self.categories, amount: rupees(3_500_000), hour: hour, fallback: nil)
      #expect(categories.first == "Rent", "at \(hour):00: \(categories)")
      let methods = QuickSuggestions.methods(
        history, catalog: Self.methods, amount: rupees(3_500_000), hour: hour, preferred: nil)
      #expect(methods.first == "Net Banking", "at \(hour):00: \(methods)")
    }
  }

  @Test func theMerchantIsSuggestedForTheCategory() {
    #expect(QuickSuggestions.merchant(history, category: "Social", amount: rupees(42_000), hour: 13) == "Social")
    #expect(QuickSuggestions.merchant(history, category: "Food", amount: rupees(19_000), hour: 13) == "Blue Tokai")
    // No entry of the category near the amount: no merchant is suggested.
    #expect(QuickSuggestions.merchant(history, category: "Food", amount: rupees(100_000), hour: 10) == nil)
    #expect(QuickSuggestions.merchant(history, category: "Travel", amount: rupees(42_000), hour: 13) == nil)
  }

  @Test func theSameAmountComesBeforeTenPercentAndTenPercentBeforeDouble() {
    let mixed =
      entries(5, "Travel", "Cash", 40_000, hour: 8)  // within 10% of 420
      + entries(20, "Shopping", "Wallet", 80_000, hour: 8)  // within double
      + entries(1, "Food", "UPI", 42_000, hour: 8)  // the same amount, once and oldest
    #expect(
      QuickSuggestions.categories(mixed, catalog: Self.categories, amount: rupees(42_000), hour: 13, fallback: nil)
        == ["Food", "Travel", "Shopping", "Groceries", "Bills", "Rent", "Social", "Other"])
    #expect(
      QuickSuggestions.categories(mixed, catalog: Self.categories, amount: rupees(41_000), hour: 13, fallback: nil)
        .prefix(2) == ["Travel", "Food"])
  }

  @Test func recentEntriesOfTheSameNearnessWeighMore() {
    let history = entries(3, "Food", "UPI", 42_000, hour: 8) + entries(4, "Social", "Cash", 42_000, hour: 8)
    // Social has more entries but Food's are newer: 7+6+5 = 18 against 4+3+2+1 = 10.
    #expect(
      QuickSuggestions.categories(history, catalog: Self.categories, amount: rupees(42_000), hour: 8, fallback: nil)
        .first == "Food")
  }

  @Test func withoutAnAmountMatchTheHourThenFrequencyDecide() {
    let history = entries(2, "Travel", "Cash", 10_000, hour: 13) + entries(5, "Food", "UPI", 10_000, hour: 8)
    let ranked = QuickSuggestions.categories(
      history, catalog: Self.categories, amount: rupees(5_000_000), hour: 13, fallback: nil)
    #expect(ranked.prefix(2) == ["Travel", "Food"])
    let later = QuickSuggestions.categories(
      history, catalog: Self.categories, amount: rupees(5_000_000), hour: 17, fallback: nil)
    #expect(later.prefix(2) == ["Food", "Travel"])
  }

  @Test func anotherCurrencyIsNoAmountMatch() {
    let dollars = [
      PastEntry(category: "Travel", method: "Cash", merchant: nil, amount: 42_000, currency: "USD", hour: 3)
    ]
    let history = dollars + entries(1, "Food", "UPI", 10_000, hour: 3)
    #expect(
      QuickSuggestions.categories(history, catalog: Self.categories, amount: rupees(42_000), hour: 13, fallback: nil)
        .prefix(2) == ["Food", "Travel"])
  }

  @Test func noHistorySuggestsTheFallbackThenTheCatalog() {
    #expect(
      QuickSuggestions.methods([], catalog: Self.methods, amount: rupees(9_900), hour: 13, preferred: "Wallet")
        == ["Wallet", "UPI", "Cash", "Credit Card", "Debit Card", "Net Banking"])
  }

  @Test func nearnessBoundsAreExact() {
    #expect(QuickSuggestions.Nearness.of(42_000, to: 42_000) == .same)
    #expect(QuickSuggestions.Nearness.of(46_200, to: 42_000) == .close)
    #expect(QuickSuggestions.Nearness.of(46_201, to: 42_000) == .within)
    #expect(QuickSuggestions.Nearness.of(84_000, to: 42_000) == .within)
    #expect(QuickSuggestions.Nearness.of(84_001, to: 42_000) == nil)
    #expect(QuickSuggestions.Nearness.of(.max, to: .max / 2 + 1) == .within)
  }
}
