import Foundation
import SpendlyCore

/// Converting an amount by a rate, in integer arithmetic rounded half away from zero.
public enum ExchangeMath {
  /// `minor` of `from` × `rate`, in minor units of `to`.
  public static func multiply(_ minor: Int64, from: Currency, by rate: DecimalNumber, to: Currency) -> Int64? {
    // value = minor / 10^eF × rate.units / 10^scale × 10^eT
    let numerator = Int128(minor) * Int128(rate.units) * Int128(to.minorPerMajor)
    let denominator = Int128(from.minorPerMajor) * Int128(rate.denominator)
    return rounded(numerator, denominator)
  }

  /// `minor` of `from` ÷ `rate`, in minor units of `to`.
  public static func divide(_ minor: Int64, from: Currency, by rate: DecimalNumber, to: Currency) -> Int64? {
    let numerator = Int128(minor) * Int128(rate.denominator) * Int128(to.minorPerMajor)
    let denominator = Int128(from.minorPerMajor) * Int128(rate.units)
    return rounded(numerator, denominator)
  }

  static func rounded(_ numerator: Int128, _ denominator: Int128) -> Int64? {
    guard denominator != 0 else { return nil }
    let sign: Int128 = (numerator < 0) != (denominator < 0) ? -1 : 1
    let n = numerator.magnitude
    let d = denominator.magnitude
    var q = n / d
    if (n % d) * 2 >= d { q += 1 }
    let result = sign * Int128(q)
    return Int64(exactly: result)
  }
}
