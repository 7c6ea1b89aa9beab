import SpendlyCore

/// A field of a debt that `debts edit` changes, as its change's fact names it.
public enum DebtField: String, Sendable, CaseIterable {
  case name, balance, apr
  case dueDay = "due_day"
  case term, kind, start, minimum

  /// The field's value in `debt`: money in minor units, the rate as written, the start as ISO.
  public func value(of debt: Debt) -> FactValue {
    switch self {
    case .name: return .text(debt.name)
    case .balance: return .money(MoneyFact(debt.balance))
    case .apr: return .decimal(debt.apr.description)
    case .dueDay: return .integer(Int64(debt.dueDay))
    case .term: return debt.term.map { .integer(Int64($0)) } ?? .absent
    case .kind: return .text(debt.kind.rawValue)
    case .start: return .date(debt.start.description)
    case .minimum:
      switch debt.effectiveMinimum {
      case .fixed(let amount):
        return .minimum(
          fixed: amount, percent: nil, floor: nil, currency: debt.balance.currency.code, amortized: debt.term != nil)
      case .percent(let percent, let floor):
        return .minimum(
          fixed: nil, percent: percent.description, floor: floor, currency: debt.balance.currency.code, amortized: false
        )
      }
    }
  }
}
