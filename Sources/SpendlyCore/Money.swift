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
      return "unknown currency '\(code)' (known: \(Currency.all.map(\.code).joined(separator: ", ")))"
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

/// A figure (a total, a balance, a difference) that no longer fits an amount's Int64 minor
/// units. The one overflow rule: such a figure is this error, naming it; it is never capped,
/// never left out of a total and never wrapped.
public struct FigureTooLarge: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whose figure it is (a debt, an account), or nil for a total of its own.
  public let name: String?
  /// "balance on 2038-11-29", "total of Food in INR".
  public let figure: String

  public init(name: String? = nil, figure: String) {
    self.name = name
    self.figure = figure
  }

  /// "H2: its balance on 2038-11-29 is too large to keep", "the total of Food in INR is too large to keep".
  public var message: String {
    (name.map { "\($0): its " } ?? "the ") + figure + " is too large to keep (past 92,233,720,368,547,758 units)"
  }

  public var description: String { message }
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

/// Amounts added up apart for each currency, in the order the currencies first come: a total
/// never mixes currencies. Each currency keeps one figure per name given (income and expenses,
/// a month and a year); a sum that does not fit is `FigureTooLarge` naming the figure and the
/// currency ("the total of income in INR"), never capped.
public struct MoneyTotals: Sendable {
  public private(set) var rows: [(currency: Currency, values: [Money])] = []
  /// What each figure is a total of: "income", "expenses".
  public let figures: [String]

  public init(_ figures: String...) {
    precondition(!figures.isEmpty, "MoneyTotals: name at least one figure")
    self.figures = figures
  }

  /// Adds `amounts` (one per figure, all in one currency) to that currency's row.
  public mutating func add(_ amounts: Money...) throws(FigureTooLarge) {
    precondition(amounts.count == figures.count, "MoneyTotals: \(figures.count) figures a row")
    let currency = amounts[0].currency
    guard let index = rows.firstIndex(where: { $0.currency == currency }) else {
      rows.append((currency, amounts.map { $0 }))
      return
    }
    for (figure, amount) in amounts.enumerated() {
      rows[index].values[figure] = try rows[index].values[figure].adding(
        amount, or: FigureTooLarge(figure: "total of \(figures[figure]) in \(currency.code)"))
    }
  }

  /// The totals of one currency (zero when it has none).
  public func values(_ currency: Currency) -> [Money] {
    rows.first { $0.currency == currency }?.values ?? figures.map { _ in .zero(currency) }
  }
}
