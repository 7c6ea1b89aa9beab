import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Answers that are single transactions ("last 5 transactions", "top 3 expenses this month")
/// and one-figure averages ("avg daily spend").
extension Answers {
  /// The newest N, or the N largest (smallest) per currency: amounts in different currencies
  /// are never ranked against each other. Damaged rows are named and the rest listed.
  func listing(_ query: Query, order: ListOrder, limit: Int, kind: Kind?) throws -> Rendered {
    listing(try ListingReport(query, order: order, limit: limit, kind: kind, in: context.session))
  }

  /// A listing's answer as text and as JSON, from its rows.
  func listing(_ report: ListingReport) -> Rendered {
    let (query, order, limit, kind, period) = (report.query, report.order, report.limit, report.kind, report.period)
    let (sections, rows, moved) = (report.sections, report.rows, report.moved)
    let json = { () -> JSON in
      JSON(
        ListingJSON(
          order: order.rawValue, limit: limit, kind: kind?.rawValue, period: PeriodJSON(period),
          transactions: rows.map(TransactionJSON.init), moved: IfPresent(kind == .transfer ? movedJSON(moved) : nil)))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        let what =
          kind.map {
            switch $0 {
            case .expense: limit == 1 ? "expense" : "expenses"
            case .income: "income"
            case .transfer: limit == 1 ? "transfer" : "transfers"
            }
          } ?? (query.filter.statuses.isEmpty ? "" : "pending ") + (limit == 1 ? "transaction" : "transactions")
        let count = limit == 1 ? "" : " \(limit)"
        let word = order == .newest ? "last" : order == .largest ? "largest" : "smallest"
        let subject = describe(query, query.period == nil && order == .newest ? nil : period)
        let head = kind == .transfer || !query.filter.statuses.isEmpty ? what : "\(word)\(count) \(what)"
        lines.append("  " + head + (subject.isEmpty ? "" : " " + subject))
        guard !rows.isEmpty else {
          lines.append("  nothing to show")
          return lines
        }
        for (currency, listing) in sections where !listing.items.isEmpty {
          if let currency, sections.count > 1 { lines.append(output.style("  \(currency.code)", .bold)) }
          for line in Render.table(listing.items, output: output) { lines.append("  " + line) }
        }
        if kind == .transfer {
          // What was moved, per currency: never income or spending, so only here.
          for (total, count) in moved {
            lines.append("  moved \(MoneyFormat.string(total)) in \(count) transfer\(count == 1 ? "" : "s")")
          }
        }
        return lines
      }, json: json, warnings: { [sections] in sections.flatMap { Render.warnings($0.1) } })
  }

  func movedJSON(_ moved: [(total: Money, count: Int)]) -> [ListingJSON.Moved] {
    moved.map { ListingJSON.Moved(currency: $0.total.currency.code, count: $0.count, amount: $0.total) }
  }

  /// The measure's total over the period divided by its elapsed days (or months): one figure a
  /// currency, or what kept that currency's total from being added up.
  func average(_ query: Query, per unit: Grouping) throws -> Rendered {
    average(try AverageReport(query, per: unit, in: context.session))
  }

  /// An average's answer as text and as JSON, from its figures.
  func average(_ report: AverageReport) -> Rendered {
    let (query, period, unit, summaries, divisor) = (
      report.query, report.period, report.unit, report.totals, report.divisor
    )
    let noun = unit == .month ? "month" : "day"
    let json = { () -> JSON in
      JSON(
        AverageJSON(
          head: QuestionJSON(query, period), per: noun, divisor: unit == .month ? "months" : "days", count: divisor,
          averages: summaries.map { s in
            row(s, count: true) {
              let total = amount(s, query.measure)
              return AverageJSON.Figures(
                currency: s.currency.code, total: money(total, s.currency),
                average: Inline(money(Analytics.average(total, over: divisor), s.currency)))
            }
          }))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        guard !summaries.isEmpty else {
          lines.append("  nothing \(nothingWord(query.measure)) \(describe(query, period))")
          return lines
        }
        let verb = query.measure == .income ? "income" : query.measure == .savings ? "saved" : "spent"
        for s in summaries {
          if let problem = s.problem {
            lines.append(problemLine(s.currency, problem))
            continue
          }
          let total = amount(s, query.measure)
          lines.append(
            "  \(output.style(format(Analytics.average(total, over: divisor), s.currency) + "/\(noun)", .bold)) \(verb) "
              + "\(describe(query, period)) · \(format(total, s.currency)) over \(divisor) \(noun)\(divisor == 1 ? "" : "s")"
          )
        }
        return lines
      }, json: json)
  }

  /// The question in a few words, for the shell's "entry or question?" prompt: "food in 2025".
  func question(_ query: Query) -> String {
    var parts: [String] = []
    switch query.measure {
    case .spent where query.filter.categories.isEmpty && query.filter.text == nil && query.filter.merchant == nil:
      parts.append("spent")
    case .income where query.filter.categories.isEmpty: parts.append("income")
    case .savings: parts.append("savings")
    default: break
    }
    parts += query.filter.categories.map { $0.lowercased() }
    if let text = query.filter.text { parts.append(text) }
    if let merchant = query.filter.merchant { parts.append(merchant) }
    if let method = query.filter.method { parts.append("by \(method)") }
    if let period = query.period {
      parts.append(period.name == .calendar(.year) ? "in \(period.label)" : name(period))
    } else {
      parts.append("this month")
    }
    return parts.joined(separator: " ")
  }
}
