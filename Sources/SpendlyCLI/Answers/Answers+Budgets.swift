import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Budgets as answers: one month's budgets with bars, or one budget month by month.
extension Answers {
  /// `budget`, `budget last month`, `how much is left for food`, `am i over budget`,
  /// `budget food this year` (month by month).
  func budget(_ query: Query) throws(CLIError) -> Rendered {
    let report: BudgetReport
    do {
      report = try BudgetReport(query, in: context.session)
    } catch {
      switch error {
      case .notOneCategory:
        throw .data("budgets are by one category and month: try 'budget food' or 'budget last month'")
      case .tooManyMonths: throw .data("budget: at most \(BudgetReport.maximumMonths) months at a time")
      case .store(let error): throw error.cli
      }
    }
    switch report {
    case .month(let month): return budgetMonth(month)
    case .months(let months): return budgetMonths(months)
    }
  }

  /// Every budget of one month (or only the category's), overall first, then by % used.
  func budgetMonth(_ report: BudgetReport.Month) -> Rendered {
    let (month, category, shown) = (report.month, report.category, report.budgets)
    let (current, daysLeft) = (report.isCurrent, report.daysLeft)
    let json = { () -> JSON in JSON(BudgetMonthJSON(month: month.description, budgets: shown.map(BudgetJSON.init))) }
    return Rendered(
      text: {
        let when = "\(daysLeft) day\(daysLeft == 1 ? "" : "s") left"
        guard !shown.isEmpty else {
          let whose = category.map { "\(Render.safe($0)) has no budget" } ?? "no budgets"
          return ["  \(whose) for \(month.readable): set one with 'budget set \(category ?? "food") 8000'"]
        }
        var lines = [output.style("  Budgets · \(month.readable)\(current ? " · \(when)" : "")", .bold)]
        lines += BudgetFormat.table(shown, output: output)
        if current {
          lines += shown.filter { !$0.isOver }.map { "  " + BudgetFormat.allowance($0, daysLeft: daysLeft) }
        }
        lines.append("  " + BudgetFormat.verdict(shown))
        return lines
      }, json: json)
  }

  /// One budget (a category's, or overall) month by month, in each currency it has.
  func budgetMonths(_ report: BudgetReport.Months) -> Rendered {
    let (first, last, category, months, rows) = (report.from, report.to, report.category, report.months, report.rows)
    let name = category ?? "overall"
    let json = { () -> JSON in
      JSON(
        BudgetMonthsJSON(
          from: first.description, to: last.description, category: category,
          months: months.enumerated().map { index, month in
            BudgetMonthJSON(
              month: month.description, budgets: rows.compactMap { $0.1[index].1.map(BudgetJSON.init) })
          }))
    }
    return Rendered(
      text: {
        guard !rows.isEmpty else {
          return ["  \(Render.safe(name)) has no budget: set one with 'budget set \(category ?? "") 8000'"]
        }
        var lines: [String] = []
        for (target, statuses) in rows {
          lines.append(
            output.style(
              "  Budget \(Render.safe(name)) (\(target.currency.code)) · \(first.readable) to \(last.readable)", .bold))
          var table = Table(
            headers: ["Month", "Limit", "Carried", "Spent", "Left", "Used"],
            alignments: [.left, .right, .right, .right, .right, .left])
          for (month, status) in statuses {
            guard let status else {
              table.add([month.readable, "—", "", "", "", ""])
              continue
            }
            var row = BudgetFormat.cells(status, output: output)
            row[0] = status.isOver ? output.style(month.readable, .red) : month.readable
            table.add(row)
          }
          lines += table.render(indent: "  ", header: { output.style($0, .dim) })
        }
        return lines
      }, json: json)
  }
}

/// How budgets read: the save line's few words, the table, the JSON.
enum BudgetFormat {
  /// Overall first, then by share used, the most used first.
  static func ordered(_ statuses: [BudgetStatus]) -> [BudgetStatus] { BudgetReport.ordered(statuses) }

  static func money(_ minor: Int64, _ currency: Currency) -> String {
    MoneyFormat.string(Money(minorUnits: minor, currency: currency))
  }

  /// "80%", rounded down; "—" when nothing is available.
  static func percent(_ status: BudgetStatus) -> String {
    status.wholePercent.map { "\($0)%" } ?? (status.isOver ? "over" : "—")
  }

  /// "Food this month ₹6,420.00 of ₹8,000.00 (80%)".
  static func progress(_ status: BudgetStatus, today: LocalDate) -> String {
    let when = status.month == YearMonth(today) ? "this month" : "in \(status.month.readable)"
    let c = status.target.currency
    return
      "\(Render.safe(status.target.name)) \(when) \(money(status.spent, c)) of \(money(status.available, c)) (\(percent(status)))"
  }

  /// "Food ₹1,580.00 left · ₹316.00/day for 5 days", or what is over.
  static func allowance(_ status: BudgetStatus, daysLeft: Int) -> String {
    let c = status.target.currency
    let name = Render.safe(status.target.name)
    guard status.left > 0 else {
      return status.left == 0 ? "\(name) all used" : "\(name) over budget by \(money(-status.left, c))"
    }
    let days = Int64(max(1, daysLeft))
    let perDay = (status.left + days / 2) / days  // rounded half up, as every figure is
    return
      "\(name) \(money(status.left, c)) left · \(money(perDay, c))/day for \(daysLeft) day\(daysLeft == 1 ? "" : "s")"
  }

  /// "over budget: Food by ₹500.00", or that every budget holds.
  static func verdict(_ statuses: [BudgetStatus]) -> String {
    let over = statuses.filter(\.isOver)
    guard !over.isEmpty else { return "within every budget" }
    return "over budget: "
      + over.map { "\(Render.safe($0.target.name)) by \(money(-$0.left, $0.target.currency))" }.joined(separator: ", ")
  }

  /// Budget, limit, carried, spent, left, used with a bar: over-budget cells in red.
  static func cells(_ status: BudgetStatus, output: Output) -> [String] {
    let c = status.target.currency
    let over = status.isOver
    let mark = { (text: String) in over ? output.style(text, .red) : text }
    let carried = status.carried == 0 ? "" : (status.carried > 0 ? "+" : "-") + money(status.carried.magnitude, c)
    let bar = Charts.bar(min(status.spent, status.available), of: max(status.available, 1), width: 20)
    return [
      mark(Render.safe(status.target.name)), money(status.limit, c), carried, money(status.spent, c),
      mark(money(status.left, c)), mark(percent(status)) + (bar.isEmpty ? "" : "  " + mark(bar)),
    ]
  }

  private static func money(_ magnitude: UInt64, _ currency: Currency) -> String {
    money(Int64(clamping: magnitude), currency)
  }

  static func table(_ statuses: [BudgetStatus], output: Output) -> [String] {
    var table = Table(
      headers: ["Budget", "Limit", "Carried", "Spent", "Left", "Used"],
      alignments: [.left, .right, .right, .right, .right, .left])
    for status in statuses {
      var row = cells(status, output: output)
      if statuses.contains(where: { $0.target.currency != status.target.currency }) {
        row[0] += " (\(status.target.currency.code))"
      }
      table.add(row)
    }
    return table.render(indent: "  ", header: { output.style($0, .dim) })
  }

  /// A budget's state as `budget --json` gives it.
  static func json(_ status: BudgetStatus) -> JSON { JSON(BudgetJSON(status)) }
}

/// A budget's state as `budget --json` gives it: each figure as a decimal, then each in minor units.
struct BudgetJSON: Encodable {
  let status: BudgetStatus

  init(_ status: BudgetStatus) { self.status = status }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    let c = status.target.currency
    let figures: [(JSONKey, Int64)] = [
      ("limit", status.limit), ("carried", status.carried), ("spent", status.spent), ("left", status.left),
    ]
    try container.encodeIfPresent(status.target.category, forKey: "category")
    try container.encode(c.code, forKey: "currency")
    for (key, minor) in figures { try container.encode(MoneyFormat.plain(minor, exponent: c.exponent), forKey: key) }
    for (key, minor) in figures { try container.encode(minor, forKey: JSONKey(key.stringValue + "_minor")) }
    try container.encode(status.percentTenths.map { JSON.decimal($0, places: 1) } ?? .null, forKey: "percent")
    try container.encode(status.rollover, forKey: "rollover")
    try container.encode(status.source.scope == .month ? "month" : status.source.month.description, forKey: "source")
  }
}

/// One month's budgets, as `budget --json` gives them.
struct BudgetMonthJSON: Encodable {
  let month: String
  let budgets: [BudgetJSON]
}

/// One budget month by month (`budget food this year`).
struct BudgetMonthsJSON: Encodable {
  let from: String
  let to: String
  let category: String?
  let months: [BudgetMonthJSON]
}
