import SpendlyCore

@testable import SpendlyStore

/// Facts as the store tests compare them: catalog ids (which depend on the default catalog)
/// left out.
func unnumbered(_ fact: ChangeFact?) -> ChangeFact? {
  switch fact {
  case .categoryAdded(_, let name, let side, let aliases)?:
    return .categoryAdded(id: nil, name: name, side: side, aliases: aliases)
  case .methodAdded(_, let name, let aliases)?: return .methodAdded(id: nil, name: name, aliases: aliases)
  case .renamed(let kind, _, let before, let after)?: return .renamed(kind: kind, id: nil, before: before, after: after)
  case .undid(let change, let inner)?: return .undid(change: change, fact: unnumbered(inner))
  case .redid(let change, let inner)?: return .redid(change: change, fact: unnumbered(inner))
  default: return fact
  }
}

/// The fact of transactions written by `action`: one with its amount (rupees), or a count.
func written(_ action: ChangeAction, _ ids: [Int64], count: Int? = nil, rupees: Int64? = nil, category: String = "Food")
  -> ChangeFact
{
  let entry = rupees.map {
    EntryFact(amount: MoneyFact(minor: $0 * 100, currency: "INR"), kind: "expense", category: category)
  }
  return .transactions(
    written: TransactionsFact(action: action.rawValue, ids: ids, count: count ?? ids.count, entry: entry))
}

/// A budget's fact in rupees.
func budgetFact(
  _ category: String?, _ rupees: Int64?, _ scope: String, _ month: String, rollover: Bool = false, was: Int64? = nil
) -> BudgetFact {
  BudgetFact(
    category: category, currency: "INR", limit: rupees.map { $0 * 100 }, scope: scope, month: month,
    rollover: rollover, before: was.map { $0 * 100 })
}
