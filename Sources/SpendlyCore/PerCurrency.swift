/// Figures added up apart for each currency, in the order the currencies first come: a total
/// never mixes currencies. Each currency keeps `width` figures (a month and a year, income and
/// expenses), added saturating since stored amounts are untrusted.
public struct PerCurrency: Sendable {
  public private(set) var rows: [(currency: Currency, values: [Int64])] = []
  private let width: Int

  public init(width: Int = 1) { self.width = width }

  /// Adds `values` (one per figure) to the currency's row, starting one at zero.
  public mutating func add(_ currency: Currency, _ values: Int64...) {
    precondition(values.count == width, "PerCurrency: \(width) figures a row")
    guard let index = rows.firstIndex(where: { $0.currency == currency }) else {
      rows.append((currency, values))
      return
    }
    for (figure, value) in values.enumerated() {
      rows[index].values[figure] = Budgeting.saturating(rows[index].values[figure], value)
    }
  }
}
