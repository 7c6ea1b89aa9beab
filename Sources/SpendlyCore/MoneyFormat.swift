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
    var bytes = grouped(magnitude / scale, grouping)
    if exponent > 0 {
      bytes.append(UInt8(ascii: "."))
      var fraction = magnitude % scale
      let start = bytes.count
      for _ in 0..<exponent {
        bytes.insert(UInt8(ascii: "0") + UInt8(fraction % 10), at: start)
        fraction /= 10
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A count with its thousands separated: 1,017.
  public static func count(_ value: Int) -> String {
    (value < 0 ? "-" : "") + String(decoding: grouped(UInt64(value.magnitude), .western), as: UTF8.self)
  }

  /// The ASCII digits of `value`, with a comma between groups: three at the right, then twos
  /// (Indian) or threes (Western).
  private static func grouped(_ value: UInt64, _ grouping: Currency.Grouping?) -> [UInt8] {
    var reversed: [UInt8] = []
    reversed.reserveCapacity(26)
    var rest = value
    var inGroup = 0
    var size = 3
    repeat {
      if let grouping, inGroup == size {
        reversed.append(UInt8(ascii: ","))
        inGroup = 0
        size = grouping == .indian ? 2 : 3
      }
      reversed.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
      inGroup += 1
    } while rest > 0
    return reversed.reversed()
  }
}
