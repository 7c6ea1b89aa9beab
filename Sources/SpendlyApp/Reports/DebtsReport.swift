import SpendlyCore
import SpendlyStore

/// The debts today (`debts`, "total debt"): each debt with its balance and payments, and per
/// currency the balances added up. The CLI renders it as text and JSON.
public struct DebtsReport: Sendable {
  public let today: LocalDate
  public let debts: [Debt]
  /// Each debt's balance today by its id.
  public let balances: [Int64: Money]
  /// Each debt's payments (date, amount) by its id.
  public let payments: [Int64: [(LocalDate, Int64)]]
  /// Per currency, in the debts' order, the balances added up.
  public let totals: [(currency: Currency, balance: Int64)]

  /// Throws `.store`, or `.tooLarge` naming a balance or a total that does not fit.
  public init(in session: Session) throws(DebtPlanning.Refusal) {
    let debts: [Debt]
    do {
      let store = try session.store()
      debts = try store.debts.all()
      payments = try store.debts.payments()
    } catch {
      throw .store(error)
    }
    today = session.today
    self.debts = debts
    let balances = try DebtPlanning.balances(debts, in: session)
    self.balances = balances
    var totals: [(currency: Currency, balance: Int64)] = []
    var seen = Set<Currency>()
    for currency in debts.map(\.balance.currency) where seen.insert(currency).inserted {
      let values = debts.filter { $0.balance.currency == currency }.map { balances[$0.id] ?? .zero(currency) }
      do {
        let total = try Money.total(values, in: currency, or: FigureTooLarge(figure: "total of debts in \(currency.code)"))
        totals.append((currency, total.minorUnits))
      } catch {
        throw .tooLarge(error)
      }
    }
    self.totals = totals
  }
}
