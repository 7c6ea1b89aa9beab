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
    return Rendered(text: answer.text, json: answer.json, warnings: { answer.warnings() + notes.take() })
  }

  var store: Store { get throws { try context.store() } }

  /// 0 = Monday (the default) or 6 = Sunday, from the `week` setting.
  var weekStart: Int { context.weekStart }

  // MARK: Totals

  func total(_ query: Query) throws -> Rendered {
    let period = query.period ?? .month(containing: today, label: "this month")
    let summaries = ordered(try store.reports.summaries(query.effectiveFilter(period: period)))
    let days = max(1, period.elapsedDays(today: today))
    // Only what the question measured: a "spent" question filters out income, so it has none to show.
    let json = { () -> JSON in
      .object(
        base(query, period) + [
          ("days", .int(Int64(days))),
          (
            "totals",
            .array(
              summaries.map { s in
                if let problem = s.problem { return problemJSON(s.currency, problem, count: s.count) }
                var pairs: [(String, JSON)] = [
                  ("currency", .string(s.currency.code)), ("count", .int(Int64(s.count))),
                ]
                switch query.measure {
                case .spent: pairs.append(("spent", money(s.expenses, s.currency)))
                case .income: pairs.append(("income", money(s.income, s.currency)))
                case .savings:
                  pairs += [
                    ("income", money(s.income, s.currency)), ("spent", money(s.expenses, s.currency)),
                    ("savings", money(s.savings, s.currency)),
                    ("savings_rate", .optional(s.savingsRateBasisPoints.map { percentText(basisPoints: $0) })),
                  ]
                }
                pairs.append(("per_day", money(Analytics.average(amount(s, query.measure), over: days), s.currency)))
                return .object(pairs)
              })
          ),
        ])
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
            let value = amount(s, query.measure)
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
