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
  case signedTwice(String)
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
    case .signedTwice(let text): return "'\(text)' is signed two ways (a minus, parentheses or Dr/Cr: give one)"
    case .unknownCurrency(let code):
      return "unknown currency '\(code)' (expected an ISO 4217 code, like INR, USD or EUR)"
    }
  }

  /// Whether the wording already shows an example of an amount (then none is added to it).
  public var showsExample: Bool {
    switch self {
    case .notANumber, .badGrouping: return true
    default: return false
    }
  }
}
