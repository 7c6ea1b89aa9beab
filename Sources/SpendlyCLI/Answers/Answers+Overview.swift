import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Comparisons of two periods, the dashboard and lifetime totals.
extension Answers {
  func compare(_ query: Query, with other: Period?) throws -> Rendered {
    compare(try ComparisonReport(query, with: other, in: context.session))
  }

  /// A comparison as text and as JSON, from its figures.
  func compare(_ report: ComparisonReport) -> Rendered {
    let (query, period, before) = (report.query, report.period, report.previousPeriod)
    // Both renderings are made in one pass: each row notes the same warnings either way.
    var rows: [CurrencyRow<ComparisonJSON.Row>] = []
    // The filters the figures obey ("on Food", "by UPI") are said before the periods.
    let filters = describe(query, nil)
    var lines = [
      "  \(query.measure.rawValue)\(filters.isEmpty ? "" : " " + filters): \(name(period)) (\(range(period))) vs "
        + "\(name(before)) (\(range(before)))"
    ]
    for row in report.rows {
      let currency = row.currency
      if let problem = row.problem {
        rows.append(.problem(problemJSON(currency, problem)))
        lines.append(problemLine(currency, problem))
        continue
      }
      let (a, b, change) = (row.current, row.previous, row.changeBasisPoints)
      let differenceText = row.difference.map { ($0 > 0 ? "+" : "") + format($0, currency) } ?? "—"
      rows.append(
        .figures(
          ComparisonJSON.Row(
            currency: currency.code, current: money(a, currency), previous: money(b, currency),
            change: row.difference.map { money($0, currency) },
            changePercent: change.map { percentText(basisPoints: $0) })))
      lines.append(
        "  \(format(a, currency)) \(name(period)) · \(format(b, currency)) \(name(before)) · "
          + "\(differenceText) (\(change.map { (($0 > 0) ? "+" : "") + percentText(basisPoints: $0) } ?? "—"))"
      )
    }
    if report.rows.isEmpty { lines.append("  nothing in either period") }
    return .lines(
      lines,
      json: JSON(
        ComparisonJSON(head: QuestionJSON(query, period), previousPeriod: PeriodJSON(before), comparison: rows)))
  }

  func dashboard(_ query: Query) throws -> Rendered {
    dashboard(try DashboardReport(query, in: context.session))
  }

  /// The dashboard as text and as JSON, from its figures.
  func dashboard(_ report: DashboardReport) -> Rendered {
    let (today, month, summaries, categories) = (report.today, report.month, report.totals, report.categories)
    let (mtd, last) = (report.monthToDate, report.sameDaysLastMonth)
    let budgets = BudgetFormat.ordered(report.budgets)
    let json = { () -> JSON in
      let top = groups(sections(categories.groups).flatMap { $0.1.prefix(5) })
      return JSON(
        DashboardJSON(
          period: PeriodJSON(month),
          totals: summaries.map { s in
            row(s) {
              DashboardJSON.Figures(
                currency: s.currency.code, income: money(s.income, s.currency),
                expenses: money(s.expenses, s.currency), savings: money(s.savings, s.currency),
                savingsRate: s.savingsRateBasisPoints.map { percentText(basisPoints: $0) })
            }
          },
          monthToDate: mtd.map(spentJSON), sameDaysLastMonth: last.map(spentJSON), topCategories: top,
          budgets: budgets.map(BudgetJSON.init), problems: IfPresent(problemsJSON(categories))))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        lines.append(
          output.style(
            "  \(LocalDate.monthAbbreviations[today.month - 1]) \(today.year) · day \(today.day) of \(month.days)",
            .bold))
        guard !summaries.isEmpty else {
          lines.append("  nothing recorded this month yet: try '420 upi food lunch at Social'")
          return lines
        }
        for s in summaries {
          let c = s.currency
          if let problem = s.problem {
            lines.append(problemLine(c, problem))
            continue
          }
          if summaries.count > 1 { lines.append(output.style("  \(c.code)", .bold)) }
          lines.append("  income    \(pad(format(s.income, c)))")
          lines.append("  expenses  \(pad(format(s.expenses, c)))")
          lines.append(
            "  savings   \(pad(format(s.savings, c)))  rate \(percentText(basisPoints: s.savingsRateBasisPoints))")
          let recent = mtd.first { $0.currency == c }
          let before = last.first { $0.currency == c }
          if let problem = recent?.problem ?? before?.problem {
            lines.append("  month to date: " + problemLine(c, problem).dropFirst(2))
          } else {
            let now = recent?.expenses ?? 0
            let then = before?.expenses ?? 0
            let change =
              Analytics.changeBasisPoints(from: then, to: now).map {
                (($0 > 0) ? "+" : "") + percentText(basisPoints: $0)
              }
              ?? "—"
            lines.append("  month to date \(format(now, c)) vs \(format(then, c)) same days last month (\(change))")
          }
          let top = categories.filter { $0.currency == c }.prefix(5)
          if let problem = categories.problems[c] {
            lines.append("  top categories: " + problemLine(c, problem).dropFirst(2))
          } else if !top.isEmpty {
            lines.append("  top categories")
            lines += table(Array(top), total: s.expenses, label: "Category")
          }
        }
        if !budgets.isEmpty {
          lines.append("  budgets")
          lines += BudgetFormat.table(budgets, output: output)
        }
        return lines
      }, json: json)
  }

  func lifetime(_ query: Query) throws -> Rendered {
    guard let report = try LifetimeReport(query, in: context.session) else {
      return .lines(["  nothing recorded yet"], json: JSON(JSONPairs<Int>([])))
    }
    return lifetime(report)
  }

  /// The lifetime totals as text and as JSON, from their figures.
  func lifetime(_ report: LifetimeReport) -> Rendered {
    let (period, summaries, months, monthCount) = (report.period, report.totals, report.months, report.monthCount)
    let json = { () -> JSON in
      JSON(
        LifetimeJSON(
          period: PeriodJSON(period), months: monthCount,
          totals: summaries.map { s in
            row(s, count: true) {
              LifetimeJSON.Figures(
                currency: s.currency.code, count: s.count, income: money(s.income, s.currency),
                expenses: money(s.expenses, s.currency), savings: money(s.savings, s.currency),
                monthlyExpenses: money(Analytics.average(s.expenses, over: monthCount), s.currency),
                monthlyIncome: money(Analytics.average(s.income, over: monthCount), s.currency))
            }
          },
          expensesByMonth: groups(months.groups), problems: IfPresent(problemsJSON(months))))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        lines.append("  lifetime \(period.label) · \(monthCount) month\(monthCount == 1 ? "" : "s")")
        for s in summaries {
          let c = s.currency
          if let problem = s.problem {
            lines.append(problemLine(c, problem))
            continue
          }
          if summaries.count > 1 { lines.append(output.style("  \(c.code)", .bold)) }
          lines.append(
            "  income \(format(s.income, c)) · expenses \(format(s.expenses, c)) · savings \(format(s.savings, c)) · "
              + "\(s.count) transaction\(s.count == 1 ? "" : "s")")
          lines.append(
            "  per month: expenses \(format(Analytics.average(s.expenses, over: monthCount), c)) · income "
              + "\(format(Analytics.average(s.income, over: monthCount), c))")
          if let problem = months.problems[c] {
            lines.append("  expenses by month: " + problemLine(c, problem).dropFirst(2))
            continue
          }
          let series = report.expensesByMonth(c).map(\.minorUnits)
          if !series.isEmpty { lines.append("  expenses by month  " + output.style(Charts.sparkline(series), .cyan)) }
        }
        return lines
      }, json: json)
  }

  /// What the dashboard says was spent in one currency over a stretch of days.
  func spentJSON(_ summary: Summary) -> CurrencyRow<DashboardJSON.Spent> {
    row(summary) {
      DashboardJSON.Spent(currency: summary.currency.code, spent: money(summary.expenses, summary.currency))
    }
  }
}
