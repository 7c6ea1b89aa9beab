import SpendlyCore

/// A CAMT entry's currency exchange (`AmtDtls` with `InstdAmt`, `TxAmt`, `CntrValAmt` or
/// `AnncdPstngAmt`, each an `Amt` and a `CcyXchg`): the amount first charged in another currency
/// and the rate, as a row keeps them (the rate in units of the account's currency per unit of
/// the other, as OFX's CURRATE).
enum CAMTExchange {
  static let parts = ["InstdAmt", "TxAmt", "CntrValAmt", "AnncdPstngAmt"]

  /// The foreign amount and the rate of an entry of `amount` minor units of `currency`; nils
  /// where the file gives none (an entry wholly in the account's currency gives neither).
  static func read(entry: MarkupNode, details: MarkupNode?, currency: Currency, amount: Int64) -> (
    Money?, ExchangeRate?
  ) {
    let blocks = [details?.child("AmtDtls"), entry.child("AmtDtls")].compactMap { $0 }
    let amounts = blocks.flatMap { block in parts.compactMap { block.child($0) } }
    var foreign: Money?
    for part in amounts {
      guard let node = part.child("Amt"), let code = node.attributes["Ccy"], let other = Currency.named(code),
        other != currency, let text = node.text?.trimmingSpaces(),
        let minor = StatementValues.amount(text, exponent: other.exponent), minor != 0
      else { continue }
      foreign = Money(minorUnits: abs(minor), currency: other)
      break
    }
    // The exchange of the foreign amount's part first, then any other part's.
    let exchanges = amounts.compactMap { $0.child("CcyXchg") }
    guard let exchange = exchanges.first(where: { names($0, foreign?.currency) }) ?? exchanges.first,
      let given = exchange.value("XchgRate").flatMap(Rate.init(text:))
    else { return (foreign, nil) }
    let codes = ["UnitCcy", "SrcCcy", "TrgtCcy"].compactMap { exchange.value($0).flatMap(Currency.named) }
    let otherCurrency = foreign?.currency ?? codes.first { $0 != currency }
    guard let otherCurrency else { return (foreign, nil) }
    // XchgRate is the price of one UnitCcy (else one SrcCcy) in the other currency: of the
    // other currency, it is already the row's rate; of the account's, the row's rate is its inverse.
    var unitIsOther: Bool?
    if let unit = exchange.value("UnitCcy").flatMap(Currency.named) ?? exchange.value("SrcCcy").flatMap(Currency.named),
      unit == currency || unit == otherCurrency
    {
      unitIsOther = unit == otherCurrency
    } else if let foreign, let inverse = given.inverse,
      let straight = given.convert(foreign.minorUnits, from: otherCurrency, to: currency),
      let inverted = inverse.convert(foreign.minorUnits, from: otherCurrency, to: currency)
    {
      // Neither says: the way round that turns the foreign amount nearest the entry's.
      unitIsOther = abs(straight - abs(amount)) <= abs(inverted - abs(amount))
    }
    guard let unitIsOther, let rate = unitIsOther ? given : given.inverse else { return (foreign, nil) }
    if foreign == nil, let perHome = unitIsOther ? given.inverse : given,
      let minor = perHome.convert(abs(amount), from: currency, to: otherCurrency), minor > 0
    {
      foreign = Money(minorUnits: minor, currency: otherCurrency)
    }
    return (foreign, ExchangeRate(rate.text))
  }

  /// Whether `exchange` names `currency` as its source, target or unit.
  static func names(_ exchange: MarkupNode, _ currency: Currency?) -> Bool {
    guard let currency else { return false }
    return ["UnitCcy", "SrcCcy", "TrgtCcy"].contains { exchange.value($0) == currency.code }
  }

  /// A positive decimal rate as an exact fraction: `units` / 10^`scale`.
  struct Rate {
    let units: Int128
    let scale: Int

    /// "1.0856", "0.9200000000" (trailing zeros dropped); nil for zero or more than 12 digits
    /// (ISO 20022 allows 11), so no product of it overflows.
    init?(text: String) {
      var text = text.trimmingSpaces()
      if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
      }
      guard ExchangeRate(text) != nil, text.count <= 13 else { return nil }
      let parts = text.split(separator: ".")
      guard let value = Int128(parts.joined()), value > 0 else { return nil }
      units = value
      scale = parts.count == 2 ? parts[1].count : 0
    }

    init(units: Int128, scale: Int) {
      self.units = units
      self.scale = scale
    }

    static func power(_ exponent: Int) -> Int128 { (0..<exponent).reduce(Int128(1)) { acc, _ in acc * 10 } }

    /// 1 ÷ the rate, rounded half up to six significant digits (at least six decimals, at most
    /// twelve), trailing zeros dropped: 1/1.0513 is 0.951203, 1/163.04 is 0.00613346.
    var inverse: Rate? {
      var places = 6
      var value = Int128(0)
      while true {
        value = (Rate.power(scale + places) + units / 2) / units
        if value >= 100_000 || places == 12 { break }
        places += 1
      }
      while places > 0, value % 10 == 0 {
        value /= 10
        places -= 1
      }
      return value > 0 ? Rate(units: value, scale: places) : nil
    }

    var text: String {
      let digits = String(units)
      guard scale > 0 else { return digits }
      let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
      return String(padded.dropLast(scale)) + "." + String(padded.suffix(scale))
    }

    /// `minor` of `from` times the rate, in minor units of `to`, rounded half up.
    func convert(_ minor: Int64, from: Currency, to: Currency) -> Int64? {
      let numerator = Int128(minor) * units * Int128(to.minorPerMajor)
      let denominator = Rate.power(scale) * Int128(from.minorPerMajor)
      return Int64(exactly: (numerator + denominator / 2) / denominator)
    }
  }
}
