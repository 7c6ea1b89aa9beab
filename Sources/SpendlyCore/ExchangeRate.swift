/// The rate between a charge and its original amount: how many units of the charge's currency
/// one unit of the original's bought, kept as the exact decimal text it was given or worked
/// out as ("83.72", "0.010769"), never a float. The text is what is stored and written (JSON,
/// CSV, journals), byte for byte; `init?(_:)` is the one check of it.
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
  /// The rate as decimal text: digits, with at most one decimal point between digits.
  public let text: String

  /// The one check of a rate's text: "83.72" and "84" are rates; "", ".5", "1.", "1.2.3",
  /// "1e5" and "-2" are not.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    self.text = String(text)
  }

  /// A rate typed or read from a file, or the error that says what a rate is.
  public static func parse(_ text: String, field: String = "rate") throws(ValidationError) -> ExchangeRate {
    guard let rate = ExchangeRate(text) else {
      throw ValidationError(field: field, value: text, reason: "must be a decimal like 83.72")
    }
    return rate
  }

  public var description: String { text }

  /// How many units of `amount`'s currency one unit of `foreign`'s bought, rounded half up to
  /// four decimals and written without trailing zeros past two ("83.72" for ₹1,046.50 and
  /// $12.50); nil when the figures are too large to divide exactly.
  public static func between(_ amount: Money, per foreign: Money) -> ExchangeRate? {
    guard foreign.minorUnits > 0, amount.minorUnits > 0 else { return nil }
    let places: Int64 = 10_000
    // rate × 10^4 = amount/10^eA ÷ (foreign/10^eF) × 10^4 = amount × 10^eF × 10^4 ÷ (foreign × 10^eA)
    let (scaled, overflow1) = amount.minorUnits.multipliedReportingOverflow(by: foreign.currency.minorPerMajor)
    let (numerator, overflow2) = scaled.multipliedReportingOverflow(by: places)
    let (denominator, overflow3) = foreign.minorUnits.multipliedReportingOverflow(by: amount.currency.minorPerMajor)
    guard !overflow1, !overflow2, !overflow3 else { return nil }
    let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
    let rounded = remainder >= denominator - remainder ? quotient + 1 : quotient
    var fraction = String(rounded % places)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.count > 2, fraction.last == "0" { fraction.removeLast() }
    return ExchangeRate("\(rounded / places).\(fraction)")
  }
}
