/// An exact amount of money: integer minor units of one currency.
///
/// Money is never floating point. Arithmetic that would overflow throws: `MoneyError.overflow`,
/// or with a figure named, `FigureTooLarge` (see `MoneyTotals` for totals per currency).
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

extension Money {
  /// `self + other`, or `tooLarge` (the figure named) when the sum does not fit. The currencies
  /// must be one: a total never mixes them.
  public func adding(_ other: Money, or tooLarge: @autoclosure () -> FigureTooLarge) throws(FigureTooLarge) -> Money {
    do {
      return try adding(other)
    } catch {
      guard error == .overflow else { preconditionFailure("\(error)") }
      throw tooLarge()
    }
  }

  /// `self − other`, or `tooLarge` when the difference does not fit.
  public func subtracting(_ other: Money, or tooLarge: @autoclosure () -> FigureTooLarge) throws(FigureTooLarge)
    -> Money
  {
    do {
      return try subtracting(other)
    } catch {
      guard error == .overflow else { preconditionFailure("\(error)") }
      throw tooLarge()
    }
  }

  /// The sum of `amounts`, all in `currency`, or `tooLarge` once it no longer fits.
  public static func total(
    _ amounts: some Sequence<Money>, in currency: Currency, or tooLarge: @autoclosure () -> FigureTooLarge
  ) throws(FigureTooLarge) -> Money {
    var sum = Money.zero(currency)
    for amount in amounts { sum = try sum.adding(amount, or: tooLarge()) }
    return sum
  }
}
