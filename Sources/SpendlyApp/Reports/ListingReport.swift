import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A question that lists rows ("last 5 transactions", "top 3 expenses this month"): the newest
/// N, or the N largest (smallest) per currency, as amounts in different currencies are never
/// ranked against each other; with what transfers moved when transfers are listed.
/// The CLI renders it as text and JSON.
public struct ListingReport: Sendable {
  public let query: Query
  public let order: ListOrder
  public let limit: Int
  public let kind: Kind?
  /// The question's period; else all time for the newest, this month for the largest and smallest.
  public let period: Period
  /// The rows per currency (one section with no currency for the newest), damaged rows named.
  public let sections: [(currency: Currency?, listing: Listing<Transaction>)]
  /// What transfers moved per currency (neither income nor spending), with their count; empty
  /// unless transfers are listed.
  public let moved: [(total: Money, count: Int)]

  /// Every row listed, section by section.
  public var rows: [Transaction] { sections.flatMap { $0.listing.items } }

  /// Throws `StoreError`, or `FigureTooLarge` for a moved total that does not fit.
  public init(_ query: Query, order: ListOrder, limit: Int, kind: Kind?, in session: Session) throws {
    let store = try session.store()
    self.query = query
    self.order = order
    self.limit = limit
    self.kind = kind
    let period =
      query.period
      ?? (order == .newest
        ? Period(
          from: LocalDate(year: 1970, month: 1, day: 1)!, to: LocalDate(year: 2200, month: 12, day: 31)!)
        : .month(containing: session.today, name: .relative(0, .month)))
    self.period = period
    var filter = query.filter
    filter.kind = kind
    filter.from = period.from
    filter.to = period.to
    var sections: [(currency: Currency?, listing: Listing<Transaction>)] = []
    if order == .newest {
      sections = [(nil, try store.transactions.listing(filter, limit: limit, order: order))]
    } else {
      let home = (try? store.settings.defaultCurrency()) ?? .inr
      for summary in DashboardReport.homeFirst(try store.reports.summaries(filter), home: home) {
        var one = filter
        one.currency = summary.currency
        sections.append((summary.currency, try store.transactions.listing(one, limit: limit, order: order)))
      }
    }
    self.sections = sections
    moved = kind == .transfer ? try Self.movedTotals(sections.flatMap { $0.listing.items }) : []
  }

  /// What transfers moved, per currency by code, with their count: a total that does not fit is
  /// an error naming it, never left out.
  static func movedTotals(_ rows: [Transaction]) throws(FigureTooLarge) -> [(total: Money, count: Int)] {
    let moved = Dictionary(grouping: rows.map(\.fields.amount), by: \.currency)
    return try moved.sorted { $0.key.code < $1.key.code }.map { (currency, amounts) throws(FigureTooLarge) in
      let total = try Money.total(amounts, in: currency, or: FigureTooLarge(figure: "total moved in \(currency.code)"))
      return (total, amounts.count)
    }
  }
}
