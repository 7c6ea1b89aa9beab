/// The rate between a charge and its original amount, as decimal text: never a float.
public enum ExchangeRate {
  /// How many units of `amount`'s currency one unit of `foreign`'s bought, rounded half up to
  /// four decimals and written without trailing zeros past two ("83.72" for ₹1,046.50 and
  /// $12.50); nil when the figures are too large to divide exactly.
  public static func text(_ amount: Money, per foreign: Money) -> String? {
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
    return "\(rounded / places).\(fraction)"
  }
}
