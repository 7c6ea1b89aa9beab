/// An ISO 4217 currency with the facts Spendly needs to parse and print amounts.
///
/// Each currency keeps its own exponent (INR 2, JPY 0, BHD 3) so amounts are
/// stored as exact integer minor units.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
  /// How digits are grouped when printed.
  public enum Grouping: Sendable, Hashable {
    /// 1,234,567.89
    case western
    /// 12,34,567.89 (lakh and crore)
    case indian
  }

  public let code: String
  public let symbol: String
  public let exponent: Int
  public let grouping: Grouping
  public let name: String

  public init(code: String, symbol: String, exponent: Int, grouping: Grouping = .western, name: String) {
    self.code = code
    self.symbol = symbol
    self.exponent = exponent
    self.grouping = grouping
    self.name = name
  }

  public var description: String { code }

  /// Hashes the code alone: equal currencies have equal codes, and the symbol and name (₹,
  /// "Indian rupee") need not be hashed for every total a report keys by its currency.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
  }

  /// 10^exponent: the number of minor units in one major unit.
  public var minorPerMajor: Int64 {
    var value: Int64 = 1
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  public static let inr = Currency(code: "INR", symbol: "₹", exponent: 2, grouping: .indian, name: "Indian rupee")
  public static let usd = Currency(code: "USD", symbol: "$", exponent: 2, name: "US dollar")
  public static let eur = Currency(code: "EUR", symbol: "€", exponent: 2, name: "Euro")
  public static let gbp = Currency(code: "GBP", symbol: "£", exponent: 2, name: "Pound sterling")
  public static let aed = Currency(code: "AED", symbol: "AED ", exponent: 2, name: "UAE dirham")
  public static let sgd = Currency(code: "SGD", symbol: "S$", exponent: 2, name: "Singapore dollar")
  public static let jpy = Currency(code: "JPY", symbol: "¥", exponent: 0, name: "Japanese yen")
  public static let bhd = Currency(code: "BHD", symbol: "BD ", exponent: 3, name: "Bahraini dinar")

  /// Every currency Spendly knows: every active ISO 4217 code. Those with a symbol of their own
  /// come first, in display order, then `iso4217`.
  public static let all: [Currency] = featured + iso4217

  static let featured: [Currency] = [
    .inr, .usd, .eur, .gbp, .aed, .sgd, .jpy, .bhd,
    Currency(code: "AUD", symbol: "A$", exponent: 2, name: "Australian dollar"),
    Currency(code: "CAD", symbol: "CA$", exponent: 2, name: "Canadian dollar"),
    Currency(code: "CHF", symbol: "CHF ", exponent: 2, name: "Swiss franc"),
    Currency(code: "CNY", symbol: "CN¥", exponent: 2, name: "Chinese yuan"),
    Currency(code: "HKD", symbol: "HK$", exponent: 2, name: "Hong Kong dollar"),
    Currency(code: "KWD", symbol: "KD ", exponent: 3, name: "Kuwaiti dinar"),
    Currency(code: "OMR", symbol: "OMR ", exponent: 3, name: "Omani rial"),
    Currency(code: "LKR", symbol: "LKR ", exponent: 2, name: "Sri Lankan rupee"),
    Currency(code: "NPR", symbol: "NPR ", exponent: 2, name: "Nepalese rupee"),
    Currency(code: "THB", symbol: "฿", exponent: 2, name: "Thai baht"),
    Currency(code: "MYR", symbol: "RM ", exponent: 2, name: "Malaysian ringgit"),
    Currency(code: "KRW", symbol: "₩", exponent: 0, name: "South Korean won"),
  ]

  /// The featured currencies by code, and every other ISO code in a table of its own: nearly
  /// every lookup is a featured one, and a process that meets only those never builds the table
  /// of the other 160 (about 0.2 M instructions at each start).
  private static let featuredByCode = table(featured)
  private static let otherByCode = table(iso4217)

  private static func table(_ currencies: [Currency]) -> [String: Currency] {
    var table: [String: Currency] = [:]
    table.reserveCapacity(currencies.count)
    for currency in currencies { table[currency.code] = currency }
    return table
  }

  /// The currency with this ISO code (case-insensitive), or nil.
  public static func named(_ code: String) -> Currency? {
    let code = code.uppercased()
    return featuredByCode[code] ?? otherByCode[code]
  }

  /// A code found in stored data that Spendly does not know: shown by its code (made printable,
  /// "?" for none), its amounts in minor units since its exponent is unknown.
  public static func unknown(_ code: String?) -> Currency {
    let shown = String(TextSanitizer.printable(code ?? "").prefix(12))
    let name = shown.isEmpty ? "?" : shown
    return Currency(code: name, symbol: name + " ", exponent: 0, name: "unknown currency \(name)")
  }

  /// The currency a stored code names: a known one, else `unknown` (never INR by default).
  public static func stored(_ code: String?) -> Currency {
    code.flatMap(named) ?? unknown(code)
  }

  /// False for a code read from stored data that is not one of `all` (see `unknown`).
  public var isKnown: Bool { Currency.named(code) == self }

  /// Symbols that unambiguously identify a currency when they prefix an amount (a symbol that
  /// is only the code is left to the codes). Longest first so `S$` wins over `$`.
  public static let prefixSymbols: [(String, Currency)] = {
    var pairs: [(String, Currency)] = []
    for currency in all {
      let symbol = currency.symbol.trimmingSpaces()
      if symbol != currency.code { pairs.append((symbol, currency)) }
    }
    pairs.append(("Rs.", .inr))
    pairs.append(("Rs", .inr))
    return pairs.sorted { $0.0.count > $1.0.count }
  }()
}

extension StringProtocol {
  /// The text without leading and trailing spaces.
  public func trimmingSpaces() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
