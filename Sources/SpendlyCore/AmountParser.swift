/// Reads typed amount text ("420", "1,250.50", "₹1,50,000", "$12.50") into exact `Money`: the
/// `AmountReader` in the `entry` style, kept under this name for its many callers.
///
/// A minus sign, trailing garbage, misplaced separators, too many decimals for the currency,
/// zero and absurd values are all errors.
public enum AmountParser {
  /// The largest amount accepted, in major units.
  public static let maximumMajorUnits: Int64 = AmountStyle.entryLimit

  /// Parses `text`; a currency symbol (₹, $, €, S$, Rs) picks the currency, otherwise
  /// `currency` is used. `multiplier` scales the value (1.2k → 1200).
  public static func parse(_ text: String, currency: Currency, multiplier: Int64 = 1) throws(MoneyError) -> Money {
    try AmountReader.read(text, style: .entry, currency: currency, multiplier: multiplier).money
  }
}
