import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Answers a parsed question from the store's SQL aggregation, as text with charts or as JSON.
struct Answers {
  let context: Context
  let notes = AnswerNotes()
  var output: Output { context.output }
  var today: LocalDate { context.today }

  /// The answer's text and JSON; the warnings noted while either is made follow the output.
  func answer(_ query: Query) throws(CLIError) -> Rendered {
    let notes = notes
    let answer = try reporting { () throws -> Rendered in
      // One snapshot for the whole answer, its locks taken once.
      try context.store().snapshot { () throws -> Rendered in try figures(query) }
    }
    return Rendered(text: answer.text, json: answer.json, warnings: { answer.warnings() + notes.take() })
  }

  /// The answer to `query`, by its action.
  private func figures(_ query: Query) throws -> Rendered {
    switch query.action {
    case .total: return try total(query)
    case .breakdown(let grouping, let top): return try breakdown(query, grouping, top: top)
    case .trend(let grouping): return try trend(query, grouping)
    case .compare(let other): return try compare(query, with: other)
    case .dashboard: return try dashboard(query)
    case .budget: return try budget(query)
    case .recurring(let kind): return try recurring(kind)
    case .debts(let free): return try debts(free: free)
    case .lifetime: return try lifetime(query)
    case .list(let order, let limit, let kind): return try listing(query, order: order, limit: limit, kind: kind)
    case .average(let unit): return try average(query, per: unit)
    case .accounts: return try accounts()
    case .due: return try due(query)
    case .calendar: return try calendar(query)
    }
  }

  var store: Store { get throws { try context.store() } }

  /// 0 = Monday (the default) or 6 = Sunday, from the `week` setting.
  var weekStart: Int { context.weekStart }

  // MARK: Totals

  func total(_ query: Query) throws -> Rendered { total(try TotalReport(query, in: context.session)) }

  /// A total question's answer as text and as JSON, from its figures.
  func total(_ report: TotalReport) -> Rendered {
    let (query, period, summaries, days) = (report.query, report.period, report.totals, report.days)
    let json = { () -> JSON in
      JSON(
        TotalJSON(
          head: QuestionJSON(query, period), days: days,
          totals: summaries.map { s in
            row(s, count: true) {
              let measured = money(Analytics.average(report.measured(s), over: days), s.currency)
              var figures = TotalJSON.Figures(currency: s.currency.code, count: s.count, perDay: measured)
              switch query.measure {
              case .spent: figures.spent = money(s.expenses, s.currency)
              case .income: figures.income = money(s.income, s.currency)
              case .savings:
                figures.income = money(s.income, s.currency)
                figures.spent = money(s.expenses, s.currency)
                figures.savings = money(s.savings, s.currency)
                figures.savingsRate = .some(s.savingsRateBasisPoints.map { percentText(basisPoints: $0) })
              }
              return figures
            }
          }))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        let subject = describe(query, period)
        guard !summaries.isEmpty else {
          lines.append("  nothing \(nothingWord(query.measure)) \(subject)")
          return lines
        }
        for s in summaries {
          let c = s.currency
          if let problem = s.problem {
            lines.append(problemLine(c, problem))
            continue
          }
          switch query.measure {
          case .spent, .income:
            let value = report.measured(s)
            let noun = query.measure == .spent ? "expense" : "transaction"
            let count = "\(s.count) \(noun)\(s.count == 1 ? "" : "s")"
            lines.append(
              "  \(output.style(format(value, c), .bold)) \(query.measure == .spent ? "spent" : "income") \(subject)"
                + " · \(count) · \(format(Analytics.average(value, over: days), c))/day")
          case .savings:
            lines.append(
              "  \(subject): income \(format(s.income, c)) · expenses \(format(s.expenses, c)) · savings "
                + "\(output.style(format(s.savings, c), .bold)) · savings rate \(percentText(basisPoints: s.savingsRateBasisPoints))"
                + " · \(s.count) transaction\(s.count == 1 ? "" : "s")")
          }
        }
        return lines
      }, json: json)
  }

  /// "nothing spent", "nothing received", "nothing recorded" (income and expenses both).
  func nothingWord(_ measure: Query.Measure) -> String {
    switch measure {
    case .spent: return "spent"
    case .income: return "received"
    case .savings: return "recorded"
    }
  }

  func amount(_ summary: Summary, _ measure: Query.Measure) -> Int64 {
    switch measure {
    case .spent: return summary.expenses
    case .income: return summary.income
    case .savings: return summary.savings
    }
  }

  /// The default currency first, then the others by code (the reference order is by code).
  func ordered(_ summaries: [Summary]) -> [Summary] {
    let home = (try? store.settings.defaultCurrency()) ?? .inr
    return summaries.filter { $0.currency == home } + summaries.filter { $0.currency != home }
  }

  /// Groups split by currency, the default currency first.
  func sections(_ rows: [GroupTotal]) -> [(String, [GroupTotal])] {
    let home = (try? store.settings.defaultCurrency())?.code ?? "INR"
    return Dictionary(grouping: rows, by: \.currency.code).sorted { a, b in
      a.key == home || (b.key != home && a.key < b.key)
    }
  }
}
