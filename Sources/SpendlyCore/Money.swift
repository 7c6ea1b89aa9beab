/// An exact amount of money: integer minor units of one currency.
///
/// Money is never floating point. Arithmetic that would overflow throws.
public struct Money: Hashable, Sendable {
  public let minorUnits: Int64
  public let currency: Currency

  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }

  public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

  /// The sum of two amounts in the same currency.
  public func adding(_ other: Money) throws(MoneyError) -> Money {
    guard other.currency == currency else { throw .currencyMismatch(currency.code, other.currency.code) }
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    if overflow { throw .overflow }
    return Money(minorUnits: sum, currency: currency)
  }

  public func subtracting(_ other: Money) throws(MoneyError) -> Money {
    guard other.currency == currency else { throw .currencyMismatch(currency.code, other.currency.code) }
    let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
    if overflow { throw .overflow }
    return Money(minorUnits: difference, currency: currency)
  }

  public var negated: Money { Money(minorUnits: -minorUnits, currency: currency) }

  /// The amount as a plain decimal string with the currency's digits: "420.00", "1235", "12.345".
  public var decimalString: String {
    MoneyFormat.plain(minorUnits, exponent: currency.exponent)
  }
}

/// Why an amount could not be computed or parsed.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
  case overflow
  case currencyMismatch(String, String)
  case empty
  case notANumber(String)
  case negative(String)
  case zero
  case tooManyDecimals(String, currency: String, allowed: Int)
  case badGrouping(String)
  case tooLarge(String)
  case unknownCurrency(String)

  public var description: String {
    switch self {
    case .overflow: return "amount is too large to add up"
    case .currencyMismatch(let a, let b): return "cannot combine \(a) with \(b)"
    case .empty: return "no amount given"
    case .notANumber(let text): return "'\(text)' is not a number (example: 420 or 1,250.50)"
    case .negative(let text):
      return "'\(text)' is negative; amounts are positive and the kind (expense or income) gives the sign"
    case .zero: return "must be more than zero"
    case .tooManyDecimals(let text, let currency, let allowed):
      return allowed == 0
        ? "'\(text)' has decimals but \(currency) has no minor unit"
        : "'\(text)' has more than \(allowed) decimal places for \(currency)"
    case .badGrouping(let text): return "'\(text)' has misplaced thousands separators (example: 1,250.50 or 1,50,000)"
    case .tooLarge(let text): return "'\(text)' is too large (at most 999,999,999,999)"
    case .unknownCurrency(let code):
      return "unknown currency '\(code)' (known: \(Currency.all.map(\.code).joined(separator: ", ")))"
    }
  }
}
