import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A breakdown question's figures ("top 5 merchants", "food by method"): the groups of the
/// period per currency (the default currency first), each currency's total that shares are of,
/// and the currencies whose groups could not be added up. The CLI renders it as text and JSON.
public struct BreakdownReport: Sendable {
  public let query: Query
  /// The question's period, this month when it names none.
  public let period: Period
  public let grouping: Grouping
  public let top: Int?
  /// Every group (for top merchants, maybe only the top of each currency), and the currencies
  /// left out.
  public let breakdown: Breakdown
  /// Per currency code, everything in the period: what shares are of.
  public let totals: [String: Int64]
  /// The groups shown by currency code: at most `top` each, only named merchants for "top merchants".
  public let sections: [(code: String, groups: [GroupTotal])]
  /// No group to show (before `top` cuts them).
  public let isEmpty: Bool

  public init(_ query: Query, by grouping: Grouping, top: Int?, in session: Session) throws(StoreError) {
    let store = try session.store()
    self.query = query
    self.grouping = grouping
    self.top = top
    period = try session.period(of: query) ?? .month(containing: session.today, name: .relative(0, .month))
    let filter = query.effectiveFilter(period: period)
    let named: [GroupTotal]
    if grouping == .merchant, let top, let found = try store.reports.topMerchants(top, filter) {
      // The top of each currency read from the rollups' ranks, not every merchant added up.
      totals = Dictionary(uniqueKeysWithValues: found.totals.map { ($0.key.code, $0.value) })
      breakdown = Breakdown(found.groups)
      named = found.groups
    } else {
      var breakdown = try store.reports.breakdown(filter, by: grouping)
      totals = Dictionary(uniqueKeysWithValues: breakdown.totalled().map { ($0.key.code, $0.value) })
      self.breakdown = breakdown
      let all = breakdown.groups
      named = grouping == .merchant && top != nil ? all.filter { $0.key != "—" } : all
    }
    isEmpty = named.isEmpty
    let home = (try? store.settings.defaultCurrency())?.code ?? "INR"
    sections = Dictionary(grouping: named, by: \.currency.code).sorted { a, b in
      a.key == home || (b.key != home && a.key < b.key)
    }.map { (code: $0.key, groups: Array($0.value.prefix(top ?? $0.value.count))) }
  }
}
