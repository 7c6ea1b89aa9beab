import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A budget question's figures (`budget`, `budget last month`, `how much is left for food`,
/// `budget food this year`): one month's budgets, or one budget month by month.
/// The CLI renders it as text and JSON.
public enum BudgetReport: Sendable {
  /// Every budget of one month (or only the category's), overall first, then by share used.
  public struct Month: Sendable {
    public let month: YearMonth
    /// The category asked about, as the catalog spells it; nil for every budget.
    public let category: String?
    public let budgets: [BudgetStatus]
    /// The month is today's.
    public let isCurrent: Bool
    /// Days left in the month, today included; 0 for any other month.
    public let daysLeft: Int
  }

  /// One budget (a category's, or overall) month by month, in each currency it has.
  public struct Months: Sendable {
    public let from: YearMonth
    public let to: YearMonth
    public let category: String?
    public let months: [YearMonth]
    /// Per budget target, its status each month (nil: no budget that month).
    public let rows: [(target: BudgetTarget, statuses: [(month: YearMonth, status: BudgetStatus?)])]
  }

  /// Why a question has no budget answer.
  public enum Refusal: Error, Sendable {
    /// The question filters on more than one category, or on anything else.
    case notOneCategory
    /// More than `maximumMonths` months.
    case tooManyMonths
    case store(StoreError)
  }

  case month(Month)
  case months(Months)

  public static let maximumMonths = 120

  /// The budget answer of `query`: its one category (a word read as text may name one) and its
  /// period's months, this month when it names none.
  public init(_ query: Query, in session: Session) throws(Refusal) {
    do {
      let store = try session.store()
      let today = session.today
      var query = query
      // "how much is left for chai": a word the question read as text may name a category.
      if let text = query.filter.text, query.filter.categories.isEmpty,
        let category = try session.phraseParser().category(named: text)
      {
        query.filter.text = nil
        query.filter.categories = [category.name]
      }
      var rest = query.filter
      rest.categories = []
      guard rest == TransactionFilter(), query.filter.categories.count <= 1 else { throw Refusal.notOneCategory }
      let catalog = try store.catalog.current()
      let category = query.filter.categories.first.map { name in catalog.category(named: name)?.name ?? name }
      let period = query.period ?? .month(containing: today)
      let first = YearMonth(period.from)
      let last = YearMonth(period.to)
      if first == last {
        let all = try store.budgets.statuses(in: first)
        let current = first == YearMonth(today)
        self = .month(
          Month(
            month: first, category: category,
            budgets: Self.ordered(all.filter { category == nil || NameKey.same($0.target.category, category) }),
            isCurrent: current, daysLeft: current ? first.lastDay.day - today.day + 1 : 0))
        return
      }
      let count = first.months(to: last) + 1
      guard count <= Self.maximumMonths else { throw Refusal.tooManyMonths }
      let months = (0..<count).map { first.adding(months: $0) }
      var targets: [BudgetTarget] = []
      for rule in try store.budgets.rules() where NameKey.same(rule.target.category, category) {
        if !targets.contains(rule.target) { targets.append(rule.target) }
      }
      var rows: [(target: BudgetTarget, statuses: [(month: YearMonth, status: BudgetStatus?)])] = []
      for target in targets {
        var statuses: [(month: YearMonth, status: BudgetStatus?)] = []
        for month in months { statuses.append((month, try store.budgets.status(of: target, in: month))) }
        rows.append((target, statuses))
      }
      self = .months(Months(from: first, to: last, category: category, months: months, rows: rows))
    } catch let error as Refusal {
      throw error
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      preconditionFailure("budget report: \(error)")
    }
  }

  /// Overall first, then by share used, the most used first (ties as given).
  public static func ordered(_ statuses: [BudgetStatus]) -> [BudgetStatus] {
    statuses.enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if (x.target.category == nil) != (y.target.category == nil) { return x.target.category == nil }
      let (px, py) = (x.percentTenths ?? .max, y.percentTenths ?? .max)
      return px != py ? px > py : a.offset < b.offset
    }.map(\.element)
  }
}
