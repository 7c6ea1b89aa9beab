import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A period as answers give it: `{"from": "2026-11-01", "to": "2026-11-30", "label": "this month"}`.
struct PeriodJSON: Encodable {
  let from: String
  let to: String
  let label: String

  init(_ period: Period) {
    from = period.from.description
    to = period.to.description
    label = period.label
  }
}

/// What a question filtered on: only the keys it names.
struct FilterJSON: Encodable {
  let filter: TransactionFilter

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    if let category = filter.category { try container.encode(category, forKey: "category") }
    if filter.categories.count > 1 { try container.encode(filter.categories, forKey: "categories") }
    if let method = filter.method { try container.encode(method, forKey: "method") }
    if let merchant = filter.merchant { try container.encode(merchant, forKey: "merchant") }
    if let text = filter.text { try container.encode(text, forKey: "text") }
    if let currency = filter.currency { try container.encode(currency.code, forKey: "currency") }
    if let account = filter.account { try container.encode(account, forKey: "account") }
    if !filter.statuses.isEmpty { try container.encode(filter.statuses.map(\.rawValue), forKey: "statuses") }
    if let minimum = filter.minimumAmount { try container.encode(minimum - 1, forKey: "amount_over_minor") }
    if let maximum = filter.maximumAmount { try container.encode(maximum + 1, forKey: "amount_under_minor") }
  }
}

/// The head every question's answer starts with: what it measured, over which period, filtered how.
struct QuestionJSON: JSONInline {
  let measure: String
  let period: PeriodJSON
  let filter: FilterJSON

  init(_ query: Query, _ period: Period) {
    measure = query.measure.rawValue
    self.period = PeriodJSON(period)
    filter = FilterJSON(filter: query.filter)
  }
}

/// In place of a currency's figures: its code and why they are missing.
struct ProblemJSON: Encodable {
  let currency: String
  let count: Int?
  let error: String

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(currency, forKey: "currency")
    if let count { try container.encode(count, forKey: "count") }
    try container.encode(error, forKey: "error")
  }
}

/// One currency's row of an answer: its figures, or what kept them from being added up.
enum CurrencyRow<Figures: Encodable>: Encodable {
  case figures(Figures)
  case problem(ProblemJSON)

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .figures(let figures): try figures.encode(to: encoder)
    case .problem(let problem): try problem.encode(to: encoder)
    }
  }
}

/// One group of a breakdown or trend: its key, count and total, with its share when asked for.
struct GroupJSON: Encodable {
  let key: String
  let count: Int
  let money: MoneyJSON
  /// nil for no share key; `.some(nil)` for a share that cannot be worked out (null).
  let share: String??

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(key, forKey: "key")
    try container.encode(count, forKey: "count")
    try money.encode(to: encoder)
    if let share { try container.encodeIfPresent(share, forKey: "share") }
  }
}

/// A total question's answer ("spent on food this month"): per currency, what the question measured.
struct TotalJSON: Encodable {
  /// One currency's totals: only what the question measured, and its daily average.
  struct Figures: Encodable {
    let currency: String
    let count: Int
    var income: MoneyJSON?
    var spent: MoneyJSON?
    var savings: MoneyJSON?
    /// Written (as a percentage or null) only when savings were asked for.
    var savingsRate: String?? = nil
    let perDay: MoneyJSON

    init(currency: String, count: Int, perDay: MoneyJSON) {
      self.currency = currency
      self.count = count
      self.perDay = perDay
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: JSONKey.self)
      try container.encode(currency, forKey: "currency")
      try container.encode(count, forKey: "count")
      if let income { try container.encode(income, forKey: "income") }
      if let spent { try container.encode(spent, forKey: "spent") }
      if let savings { try container.encode(savings, forKey: "savings") }
      if let savingsRate { try container.encodeIfPresent(savingsRate, forKey: "savings_rate") }
      try container.encode(perDay, forKey: "per_day")
    }
  }

  let head: QuestionJSON
  let days: Int
  let totals: [CurrencyRow<Figures>]
}

/// A comparison of two periods: per currency, both totals and the change.
struct ComparisonJSON: Encodable {
  /// One currency's two totals; the change is null when it does not fit.
  struct Row: Encodable {
    let currency: String
    let current: MoneyJSON
    let previous: MoneyJSON
    let change: MoneyJSON?
    let changePercent: String?
  }

  let head: QuestionJSON
  let previousPeriod: PeriodJSON
  let comparison: [CurrencyRow<Row>]
}

/// `dashboard --json`: this month's totals, month to date against the same days last month,
/// the top categories and the budgets.
struct DashboardJSON: Encodable {
  /// One currency's month.
  struct Figures: Encodable {
    let currency: String
    let income: MoneyJSON
    let expenses: MoneyJSON
    let savings: MoneyJSON
    let savingsRate: String?
  }

  /// What was spent in one currency over a stretch of days.
  struct Spent: Encodable {
    let currency: String
    let spent: MoneyJSON
  }

  let question = "dashboard"
  let period: PeriodJSON
  let totals: [CurrencyRow<Figures>]
  let monthToDate: [CurrencyRow<Spent>]
  let sameDaysLastMonth: [CurrencyRow<Spent>]
  let topCategories: [GroupJSON]
  let budgets: [BudgetJSON]
  let problems: IfPresent<[ProblemJSON]>
}

/// `lifetime`: everything since the first entry, per currency, and expenses month by month.
struct LifetimeJSON: Encodable {
  /// One currency's totals and monthly averages.
  struct Figures: Encodable {
    let currency: String
    let count: Int
    let income: MoneyJSON
    let expenses: MoneyJSON
    let savings: MoneyJSON
    let monthlyExpenses: MoneyJSON
    let monthlyIncome: MoneyJSON
  }

  let question = "lifetime"
  let period: PeriodJSON
  let months: Int
  let totals: [CurrencyRow<Figures>]
  let expensesByMonth: [GroupJSON]
  let problems: IfPresent<[ProblemJSON]>
}

/// The newest, largest or smallest transactions, with what transfers moved when they are listed.
struct ListingJSON: Encodable {
  /// What transfers moved in one currency, and how many there were.
  struct Moved: Encodable {
    let currency: String
    let count: Int
    let amount: String
    let amountMinor: Int64

    init(currency: String, count: Int, amount: Money) {
      self.currency = currency
      self.count = count
      self.amount = amount.decimalString
      amountMinor = amount.minorUnits
    }
  }

  let order: String
  let limit: Int
  let kind: String?
  let period: PeriodJSON
  let transactions: [TransactionJSON]
  let moved: IfPresent<[Moved]>
}

/// An average a day or a month: per currency, the total and the average (as the money's own keys).
struct AverageJSON: Encodable {
  /// One currency's total and average.
  struct Figures: Encodable {
    let currency: String
    let total: MoneyJSON
    let average: Inline<MoneyJSON>
  }

  let head: QuestionJSON
  let per: String
  /// "days" or "months": the key the count is written under.
  let divisor: String
  let count: Int
  let averages: [CurrencyRow<Figures>]

  func encode(to encoder: any Encoder) throws {
    try head.encode(to: encoder)
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(per, forKey: "per")
    try container.encode(count, forKey: JSONKey(divisor))
    try container.encode(averages, forKey: "averages")
  }
}

/// A breakdown or trend: the groups, by category, merchant, month…, and the currencies left out.
struct BreakdownJSON: Encodable {
  let head: QuestionJSON
  let by: String
  let groups: [GroupJSON]
  let problems: IfPresent<[ProblemJSON]>
}
