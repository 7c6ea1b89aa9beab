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
    // The newest: all time unless a period is named; the largest and smallest: this month.
    let period =
      query.period
      ?? (order == .newest
        ? Period(
          from: LocalDate(year: 1970, month: 1, day: 1)!, to: LocalDate(year: 2200, month: 12, day: 31)!, label: "")
        : .month(containing: today, label: "this month"))
    var filter = query.filter
    filter.kind = kind
    filter.from = period.from
    filter.to = period.to
    var sections: [(Currency?, Listing<Transaction>)] = []
    if order == .newest {
      sections = [(nil, try store.transactions.listing(filter, limit: limit, order: order))]
    } else {
      for summary in ordered(try store.reports.summaries(filter)) {
        var one = filter
        one.currency = summary.currency
        sections.append((summary.currency, try store.transactions.listing(one, limit: limit, order: order)))
      }
    }
    let rows = sections.flatMap(\.1.items)
    let moved = kind == .transfer ? try movedTotals(rows) : []
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

  /// What transfers moved, per currency (neither income nor spending), with their count: a total
  /// that does not fit is an error naming it, never left out.
  func movedTotals(_ rows: [Transaction]) throws(FigureTooLarge) -> [(total: Money, count: Int)] {
    let moved = Dictionary(grouping: rows.map(\.fields.amount), by: \.currency)
    return try moved.sorted { $0.key.code < $1.key.code }.map { (currency, amounts) throws(FigureTooLarge) in
      let total = try Money.total(amounts, in: currency, or: FigureTooLarge(figure: "total moved in \(currency.code)"))
      return (total, amounts.count)
    }
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
      parts.append(period.label.count == 4 && Int(period.label) != nil ? "in \(period.label)" : name(period))
    } else {
      parts.append("this month")
    }
    return parts.joined(separator: " ")
  }
}
