import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Answers a parsed question from the store's SQL aggregation, as text with charts or as JSON.
struct Answers {
  let context: Context
  var output: Output { context.output }
  var today: LocalDate { context.today }

  func answer(_ query: Query) throws(CLIError) {
    try reporting {
      switch query.action {
      case .total: try total(query)
      case .breakdown(let grouping, let top): try breakdown(query, grouping, top: top)
      case .trend(let grouping): try trend(query, grouping)
      case .compare(let other): try compare(query, with: other)
      case .dashboard: try dashboard(query)
      case .lifetime: try lifetime(query)
      }
    }
  }

  var store: TransactionStore { get throws { try context.store() } }

  /// 0 = Monday (the default) or 6 = Sunday, from the `week` setting.
  var weekStart: Int { context.weekStart }

  // MARK: Totals

  func total(_ query: Query) throws {
    let period = query.period ?? .month(containing: today, label: "this month")
    let summaries = try store.summaries(query.effectiveFilter(period: period))
    let days = max(1, period.elapsedDays(today: today))
    if context.json {
      emit(
        .object(
          base(query, period) + [
            (
              "totals",
              .array(
                summaries.map { s in
                  .object([
                    ("currency", .string(s.currency.code)), ("count", .int(Int64(s.count))),
                    ("spent", money(s.expenses, s.currency)), ("income", money(s.income, s.currency)),
                    ("savings", money(s.savings, s.currency)),
                    ("savings_rate", .optional(s.savingsRateBasisPoints.map { percentText(basisPoints: $0) })),
                    ("per_day", money(Analytics.average(amount(s, query.measure), over: days), s.currency)),
                  ])
                })
            )
          ]))
      return
    }
    let subject = describe(query, period)
    guard !summaries.isEmpty else {
      output.line("  nothing \(query.measure == .income ? "received" : "spent") \(subject)")
      return
    }
    for s in summaries {
      let c = s.currency
      switch query.measure {
      case .spent, .income:
        let value = amount(s, query.measure)
        let noun = query.measure == .spent ? "expense" : "income"
        let count = "\(s.count) \(noun)\(s.count == 1 || noun == "income" ? "" : "s")"
        output.line(
          "  \(output.style(format(value, c), .bold)) \(query.measure == .spent ? "spent" : "income") \(subject)"
            + " · \(count) · \(format(Analytics.average(value, over: days), c))/day")
      case .savings:
        output.line(
          "  \(subject): income \(format(s.income, c)) · expenses \(format(s.expenses, c)) · savings "
            + "\(output.style(format(s.savings, c), .bold)) · savings rate \(percentText(basisPoints: s.savingsRateBasisPoints))"
        )
      }
    }
  }

  func amount(_ summary: Summary, _ measure: Query.Measure) -> Int64 {
    switch measure {
    case .spent: return summary.expenses
    case .income: return summary.income
    case .savings: return summary.savings
    }
  }

  // MARK: Breakdowns and trends

  func breakdown(_ query: Query, _ grouping: Grouping, top: Int?) throws {
    let period = query.period ?? .month(containing: today, label: "this month")
    var allRows = try store.breakdown(query.effectiveFilter(period: period), by: grouping)
    // "Top merchants" means named ones; what had no merchant is not one of them.
    if grouping == .merchant && top != nil { allRows.removeAll { $0.key == "—" } }
    var rows = allRows
    if let top {
      rows = Dictionary(grouping: rows, by: \.currency.code).sorted { $0.key < $1.key }.flatMap { $0.value.prefix(top) }
    }
    if context.json {
      emit(.object(base(query, period) + [("by", .string(grouping.rawValue)), ("groups", groups(rows))]))
      return
    }
    let heading = (top.map { "top \($0) \(plural(grouping))" } ?? "by \(grouping.rawValue)")
    output.line("  \(heading) · \(query.measure.rawValue) \(describe(query, period))")
    guard !rows.isEmpty else {
      output.line("  nothing to show")
      return
    }
    // Groups partition the period, so their sum is the total (top N: of all groups, not just the shown ones).
    let sections = Dictionary(grouping: allRows, by: \.currency.code).sorted(by: { $0.key < $1.key })
    for (code, group) in sections {
      if sections.count > 1 { output.line(output.style("  \(code)", .bold)) }
      let whole = Analytics.sum(group.map(\.minorUnits)) ?? .max
      table(Array(group.prefix(top ?? group.count)), total: whole, label: title(grouping))
    }
  }

  func trend(_ query: Query, _ grouping: Grouping) throws {
    let period = query.period ?? defaultTrendPeriod(grouping)
    let rows = try store.breakdown(query.effectiveFilter(period: period), by: grouping, weekStart: weekStart)
    if context.json {
      emit(.object(base(query, period) + [("by", .string(grouping.rawValue)), ("groups", groups(rows))]))
      return
    }
    output.line("  \(query.measure.rawValue) by \(grouping.rawValue) \(describe(query, period))")
    guard !rows.isEmpty else {
      output.line("  nothing to show")
      return
    }
    let sections = Dictionary(grouping: rows, by: \.currency.code).sorted(by: { $0.key < $1.key })
    for (code, group) in sections {
      if sections.count > 1 { output.line(output.style("  \(code)", .bold)) }
      let filled = fill(group, grouping, period, weekStart: weekStart)
      if grouping == .day { output.line("  " + Charts.sparkline(filled.map(\.minorUnits))) }
      table(filled, total: nil, label: title(grouping), keyText: { timeLabel($0, grouping) })
    }
  }

  func defaultTrendPeriod(_ grouping: Grouping) -> Period {
    switch grouping {
    case .day: return Period(from: today.adding(days: -29), to: today, label: "last 30 days")
    case .week:
      let start = Period.startOfWeek(today, weekStart: weekStart).adding(days: -7 * 11)
      return Period(from: start, to: today, label: "last 12 weeks")
    case .year:
      let first = (try? store.dateRange())??.0 ?? today
      return Period(from: LocalDate(year: first.year, month: 1, day: 1)!, to: today, label: "all years")
    default: return .year(today.year, label: "this year")
    }
  }

  /// Time buckets with no transactions shown as zero, so a trend has no gaps.
  func fill(_ rows: [GroupTotal], _ grouping: Grouping, _ period: Period, weekStart: Int = 0) -> [GroupTotal] {
    guard let currency = rows.first?.currency else { return rows }
    var keys: [String] = []
    var date = period.from
    let end = min(period.to, max(today, rows.map(\.key).max().flatMap { LocalDate(iso: $0) } ?? today))
    while date <= end && keys.count < 400 {
      let key = Analytics.groupKey(
        TransactionFields(kind: .expense, amount: .zero(currency), category: "", method: "", date: date), grouping,
        weekStart: weekStart)
      if keys.last != key { keys.append(key) }
      date =
        grouping == .day || grouping == .week
        ? date.adding(days: grouping == .day ? 1 : 7) : date.adding(months: grouping == .month ? 1 : 12)
    }
    let byKey = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let filled = keys.map { byKey[$0] ?? GroupTotal(key: $0, currency: currency, minorUnits: 0, count: 0) }
    let extra = rows.filter { !keys.contains($0.key) }
    return (filled + extra).sorted { $0.key < $1.key }
  }

  func timeLabel(_ key: String, _ grouping: Grouping) -> String {
    switch grouping {
    case .month:
      let parts = key.split(separator: "-")
      guard parts.count == 2, let m = Int(parts[1]), (1...12).contains(m) else { return key }
      return "\(LocalDate.monthAbbreviations[m - 1]) \(parts[0])"
    case .day, .week: return LocalDate(iso: key).map { short($0) } ?? key
    default: return key
    }
  }

  /// An aligned table of groups with amounts, shares and bars.
  func table(_ rows: [GroupTotal], total: Int64?, label: String, keyText: (String) -> String = { $0 }) {
    let maximum = rows.map(\.minorUnits).max() ?? 0
    var table = Table(
      headers: [label, "Amount", total == nil ? "Count" : "Share", ""], alignments: [.left, .right, .right, .left])
    for row in rows {
      let share =
        total.map { percentText(basisPoints: Analytics.share(row.minorUnits, of: UInt64(max($0, 0)))) }
        ?? "\(row.count)"
      table.add([
        Render.safe(keyText(row.key)), format(row.minorUnits, row.currency), share,
        output.style(Charts.bar(row.minorUnits, of: maximum), .cyan),
      ])
    }
    for line in table.render(indent: "  ", header: { output.style($0, .dim) }) { output.line(line) }
  }

  // MARK: Comparisons, dashboard, lifetime

  func compare(_ query: Query, with other: Period?) throws {
    let period = query.period ?? .month(containing: today, label: "this month")
    let before = other ?? period.previous
    let now = try store.summaries(query.effectiveFilter(period: period))
    let then = try store.summaries(query.effectiveFilter(period: before))
    let codes = Set(now.map(\.currency.code) + then.map(\.currency.code)).sorted()
    var rows: [JSON] = []
    if !context.json { output.line("  \(query.measure.rawValue): \(name(period)) vs \(name(before))") }
    for code in codes {
      let currency = Currency.named(code)!
      let a = now.first { $0.currency.code == code }.map { amount($0, query.measure) } ?? 0
      let b = then.first { $0.currency.code == code }.map { amount($0, query.measure) } ?? 0
      let change = Analytics.changeBasisPoints(from: b, to: a)
      let (difference, overflow) = a.subtractingReportingOverflow(b)
      let differenceJSON: JSON = overflow ? .null : money(difference, currency)
      let differenceText = overflow ? "—" : (difference > 0 ? "+" : "") + format(difference, currency)
      rows.append(
        .object([
          ("currency", .string(code)), ("current", money(a, currency)), ("previous", money(b, currency)),
          ("change", differenceJSON),
          ("change_percent", .optional(change.map { percentText(basisPoints: $0) })),
        ]))
      if !context.json {
        output.line(
          "  \(format(a, currency)) \(name(period)) · \(format(b, currency)) \(name(before)) · "
            + "\(differenceText) (\(change.map { (($0 > 0) ? "+" : "") + percentText(basisPoints: $0) } ?? "—"))"
        )
      }
    }
    if context.json {
      emit(.object(base(query, period) + [("previous_period", periodJSON(before)), ("comparison", .array(rows))]))
    } else if codes.isEmpty {
      output.line("  nothing in either period")
    }
  }

  func dashboard(_ query: Query) throws {
    let month = Period.month(containing: today, label: "this month")
    var filter = query.filter
    filter.from = month.from
    filter.to = month.to
    let summaries = try store.summaries(filter)
    let monthToDate = Period(from: month.from, to: today, label: "month to date")
    let lastMonthStart = month.from.adding(months: -1)
    let sameDays = Period(
      from: lastMonthStart, to: min(lastMonthStart.adding(days: today.day - 1), lastMonthStart.endOfMonth),
      label: "same days last month")
    var spentQuery = query
    spentQuery.measure = .spent
    let mtd = try store.summaries(spentQuery.effectiveFilter(period: monthToDate))
    let last = try store.summaries(spentQuery.effectiveFilter(period: sameDays))
    let categories = try store.breakdown(spentQuery.effectiveFilter(period: month), by: .category)
    if context.json {
      emit(
        .object([
          ("question", .string("dashboard")), ("period", periodJSON(month)),
          (
            "totals",
            .array(
              summaries.map { s in
                .object([
                  ("currency", .string(s.currency.code)), ("income", money(s.income, s.currency)),
                  ("expenses", money(s.expenses, s.currency)), ("savings", money(s.savings, s.currency)),
                  ("savings_rate", .optional(s.savingsRateBasisPoints.map { percentText(basisPoints: $0) })),
                ])
              })
          ),
          (
            "month_to_date",
            .array(
              mtd.map {
                .object([("currency", .string($0.currency.code)), ("spent", money($0.expenses, $0.currency))])
              })
          ),
          (
            "same_days_last_month",
            .array(
              last.map {
                .object([("currency", .string($0.currency.code)), ("spent", money($0.expenses, $0.currency))])
              })
          ),
          ("top_categories", groups(Array(categories.prefix(5)))),
        ]))
      return
    }
    output.line(
      output.style(
        "  \(LocalDate.monthAbbreviations[today.month - 1]) \(today.year) · day \(today.day) of \(month.days)", .bold))
    guard !summaries.isEmpty else {
      output.line("  nothing recorded this month yet: try '420 upi food lunch at Social'")
      return
    }
    for s in summaries {
      let c = s.currency
      if summaries.count > 1 { output.line(output.style("  \(c.code)", .bold)) }
      output.line("  income    \(pad(format(s.income, c)))")
      output.line("  expenses  \(pad(format(s.expenses, c)))")
      output.line(
        "  savings   \(pad(format(s.savings, c)))  rate \(percentText(basisPoints: s.savingsRateBasisPoints))")
      let now = mtd.first { $0.currency == c }?.expenses ?? 0
      let then = last.first { $0.currency == c }?.expenses ?? 0
      let change =
        Analytics.changeBasisPoints(from: then, to: now).map { (($0 > 0) ? "+" : "") + percentText(basisPoints: $0) }
        ?? "—"
      output.line("  month to date \(format(now, c)) vs \(format(then, c)) same days last month (\(change))")
      let top = categories.filter { $0.currency == c }.prefix(5)
      if !top.isEmpty {
        output.line("  top categories")
        table(Array(top), total: s.expenses, label: "Category")
      }
    }
  }

  func lifetime(_ query: Query) throws {
    guard let (first, last) = try store.dateRange() else {
      output.line(context.json ? "{}" : "  nothing recorded yet")
      return
    }
    let period = Period(from: first, to: max(last, today), label: "since \(first.readable)")
    var all = query
    all.measure = .savings
    let summaries = try store.summaries(all.effectiveFilter(period: period))
    var spent = query
    spent.measure = .spent
    let months = try store.breakdown(spent.effectiveFilter(period: period), by: .month)
    let monthCount = (period.to.year - period.from.year) * 12 + period.to.month - period.from.month + 1
    if context.json {
      emit(
        .object([
          ("question", .string("lifetime")), ("period", periodJSON(period)), ("months", .int(Int64(monthCount))),
          (
            "totals",
            .array(
              summaries.map { s in
                .object([
                  ("currency", .string(s.currency.code)), ("count", .int(Int64(s.count))),
                  ("income", money(s.income, s.currency)), ("expenses", money(s.expenses, s.currency)),
                  ("savings", money(s.savings, s.currency)),
                  ("monthly_expenses", money(Analytics.average(s.expenses, over: monthCount), s.currency)),
                  ("monthly_income", money(Analytics.average(s.income, over: monthCount), s.currency)),
                ])
              })
          ),
          ("expenses_by_month", groups(months)),
        ]))
      return
    }
    output.line("  lifetime \(period.label) · \(monthCount) month\(monthCount == 1 ? "" : "s")")
    for s in summaries {
      let c = s.currency
      if summaries.count > 1 { output.line(output.style("  \(c.code)", .bold)) }
      output.line(
        "  income \(format(s.income, c)) · expenses \(format(s.expenses, c)) · savings \(format(s.savings, c)) · "
          + "\(s.count) transaction\(s.count == 1 ? "" : "s")")
      output.line(
        "  per month: expenses \(format(Analytics.average(s.expenses, over: monthCount), c)) · income "
          + "\(format(Analytics.average(s.income, over: monthCount), c))")
      let series = fill(months.filter { $0.currency == c }, .month, period).map(\.minorUnits)
      if !series.isEmpty { output.line("  expenses by month  " + output.style(Charts.sparkline(series), .cyan)) }
    }
  }

  // MARK: Pieces

  func format(_ minor: Int64, _ currency: Currency) -> String {
    MoneyFormat.string(Money(minorUnits: minor, currency: currency))
  }

  func pad(_ text: String) -> String { String(repeating: " ", count: max(0, 16 - displayWidth(text))) + text }

  /// "Mon 23 Nov" (with the year when it is not this year).
  func short(_ date: LocalDate) -> String {
    let base =
      "\(LocalDate.weekdayAbbreviations[date.weekday]) \(date.day) \(LocalDate.monthAbbreviations[date.month - 1])"
    return date.year == today.year ? base : base + " \(date.year)"
  }

  /// A period's name: its label, else its range.
  func name(_ period: Period) -> String { period.label.isEmpty ? range(period) : period.label }

  /// "Mon 23 Nov – today", "Thu 1 Oct – Sat 31 Oct", "Sun 29 Nov".
  func range(_ period: Period) -> String {
    let end = period.to >= today && period.from <= today ? "today" : short(period.to)
    return period.from == period.to ? short(period.from) : "\(short(period.from)) – \(end)"
  }

  /// "on Food this week (Mon 23 Nov – today)"
  func describe(_ query: Query, _ period: Period) -> String {
    var parts: [String] = []
    if let category = query.filter.category { parts.append("on \(category)") }
    if let merchant = query.filter.merchant { parts.append("at \(Render.safe(merchant))") }
    if let text = query.filter.text { parts.append("matching '\(Render.safe(text))'") }
    if let method = query.filter.method { parts.append("by \(method)") }
    if let currency = query.filter.currency { parts.append("in \(currency.code)") }
    parts.append(period.label.isEmpty ? "(\(range(period)))" : "\(period.label) (\(range(period)))")
    return parts.joined(separator: " ")
  }

  func plural(_ grouping: Grouping) -> String {
    switch grouping {
    case .category: return "categories"
    case .currency: return "currencies"
    default: return grouping.rawValue + "s"
    }
  }

  func money(_ minor: Int64, _ currency: Currency) -> JSON {
    .object([
      ("amount", .string(MoneyFormat.plain(minor, exponent: currency.exponent))), ("amount_minor", .int(minor)),
      ("currency", .string(currency.code)),
    ])
  }

  func groups(_ rows: [GroupTotal]) -> JSON {
    .array(
      rows.map { row in
        .object(
          [("key", .string(row.key)), ("count", .int(Int64(row.count)))] + moneyPairs(row.minorUnits, row.currency))
      })
  }

  func moneyPairs(_ minor: Int64, _ currency: Currency) -> [(String, JSON)] {
    [
      ("amount", .string(MoneyFormat.plain(minor, exponent: currency.exponent))), ("amount_minor", .int(minor)),
      ("currency", .string(currency.code)),
    ]
  }

  func periodJSON(_ period: Period) -> JSON {
    .object([
      ("from", .string(period.from.description)), ("to", .string(period.to.description)),
      ("label", .string(period.label)),
    ])
  }

  func base(_ query: Query, _ period: Period) -> [(String, JSON)] {
    var filter: [(String, JSON)] = []
    if let category = query.filter.category { filter.append(("category", .string(category))) }
    if let method = query.filter.method { filter.append(("method", .string(method))) }
    if let merchant = query.filter.merchant { filter.append(("merchant", .string(merchant))) }
    if let text = query.filter.text { filter.append(("text", .string(text))) }
    if let currency = query.filter.currency { filter.append(("currency", .string(currency.code))) }
    return [("measure", .string(query.measure.rawValue)), ("period", periodJSON(period)), ("filter", .object(filter))]
  }

  func emit(_ json: JSON) { output.line(json.rendered()) }
}

extension Answers {
  func title(_ grouping: Grouping) -> String {
    grouping.rawValue.prefix(1).uppercased() + grouping.rawValue.dropFirst()
  }
}
