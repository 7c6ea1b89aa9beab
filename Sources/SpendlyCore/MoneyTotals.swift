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
