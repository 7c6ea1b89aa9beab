/// Prints money the way people read it: `₹1,50,000.00`, `$1,234.56`, `¥1,235`.
///
/// Written by hand because Foundation's `en_IN` grouping is wrong on Linux.
public enum MoneyFormat {
  /// `₹1,50,000.00`; with `signed`, `-₹420.00` or `+₹1,50,000.00`.
  public static func string(_ money: Money, signed: Bool = false, grouped: Bool = true) -> String {
    let magnitude = money.minorUnits.magnitude
    let body = digits(magnitude, exponent: money.currency.exponent, grouping: grouped ? money.currency.grouping : nil)
    let sign: String
    if money.minorUnits < 0 {
      sign = "-"
    } else if signed && money.minorUnits > 0 {
      sign = "+"
    } else {
      sign = ""
    }
    return sign + money.currency.symbol + body
  }

  /// A signed amount of an expense (negative) or income (positive) in listings; a transfer,
  /// which neither spends nor earns, has no sign.
  public static func signed(_ money: Money, kind: Kind) -> String {
    switch kind {
    case .expense: string(money.negated, signed: true)
    case .income: string(money, signed: true)
    case .transfer: string(money)
    }
  }

  /// A plain decimal with the currency's digits and no grouping: "150000.00".
  public static func plain(_ minor: Int64, exponent: Int) -> String {
    (minor < 0 ? "-" : "") + digits(minor.magnitude, exponent: exponent, grouping: nil)
  }

  static func digits(_ magnitude: UInt64, exponent: Int, grouping: Currency.Grouping?) -> String {
    var scale: UInt64 = 1
    for _ in 0..<exponent { scale *= 10 }
    let whole = String(magnitude / scale)
    var fraction = String(magnitude % scale)
    while fraction.count < exponent { fraction = "0" + fraction }
    let grouped = grouping.map { group(whole, $0) } ?? whole
    return exponent == 0 ? grouped : grouped + "." + fraction
  }

  /// A count with its thousands separated: 1,017.
  public static func count(_ value: Int) -> String {
    (value < 0 ? "-" : "") + group(String(value.magnitude), .western)
  }

  static func group(_ whole: String, _ grouping: Currency.Grouping) -> String {
    var characters = Array(whole)
    guard characters.count > 3 else { return whole }
    var groups: [String] = [String(characters.suffix(3))]
    characters.removeLast(3)
    let size = grouping == .indian ? 2 : 3
    while !characters.isEmpty {
      groups.insert(String(characters.suffix(size)), at: 0)
      characters.removeLast(min(size, characters.count))
    }
    return groups.joined(separator: ",")
  }
}
