import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// Breakdowns by a group and trends over time, as tables with bars.
extension Answers {
  func breakdown(_ query: Query, _ grouping: Grouping, top: Int?) throws -> Rendered {
    breakdown(try BreakdownReport(query, by: grouping, top: top, in: context.session))
  }

  /// A breakdown's answer as text and as JSON, from its figures.
  func breakdown(_ report: BreakdownReport) -> Rendered {
    let (query, period, grouping, breakdown) = (report.query, report.period, report.grouping, report.breakdown)
    let json = { () -> JSON in
      JSON(
        BreakdownJSON(
          head: QuestionJSON(query, period), by: grouping.rawValue,
          groups: groups(report.sections.flatMap(\.groups), totals: report.totals),
          problems: IfPresent(problemsJSON(breakdown))))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        let heading = (report.top.map { "top \($0) \(plural(grouping))" } ?? "by \(grouping.rawValue)")
        lines.append("  \(heading) · \(query.measure.rawValue) \(describe(query, period))")
        for line in problemLines(breakdown) { lines.append(line) }
        guard !report.isEmpty else {
          if breakdown.problems.isEmpty { lines.append("  nothing to show") }
          return lines
        }
        for (code, group) in report.sections {
          if report.sections.count > 1 { lines.append(output.style("  \(code)", .bold)) }
          lines += table(group, total: report.totals[code] ?? 0, label: title(grouping))
        }
        return lines
      }, json: json)
  }

  func trend(_ query: Query, _ grouping: Grouping) throws -> Rendered {
    let period = query.period ?? defaultTrendPeriod(grouping)
    let breakdown = try store.reports.breakdown(
      query.effectiveFilter(period: period), by: grouping, weekStart: weekStart)
    let rows = breakdown.groups
    // Every bucket of the period, empty ones as zero, so a chart has no gaps.
    let filled = sections(rows).map { ($0.0, fill($0.1, grouping, period, weekStart: weekStart)) }
    let json = { () -> JSON in
      JSON(
        BreakdownJSON(
          head: QuestionJSON(query, period), by: grouping.rawValue, groups: groups(filled.flatMap(\.1)),
          problems: IfPresent(problemsJSON(breakdown))))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        lines.append("  \(query.measure.rawValue) by \(grouping.rawValue) \(describe(query, period))")
        for line in problemLines(breakdown) { lines.append(line) }
        guard !rows.isEmpty else {
          if breakdown.problems.isEmpty { lines.append("  nothing to show") }
          return lines
        }
        for (code, group) in filled {
          if filled.count > 1 { lines.append(output.style("  \(code)", .bold)) }
          if grouping == .day { lines.append("  " + Charts.sparkline(group.map(\.minorUnits))) }
          lines += table(group, total: nil, label: title(grouping), keyText: { timeLabel($0, grouping) })
        }
        return lines
      }, json: json)
  }

  func defaultTrendPeriod(_ grouping: Grouping) -> Period {
    switch grouping {
    case .day: return Period(from: today.adding(days: -29), to: today, label: "last 30 days")
    case .week:
      let start = Period.startOfWeek(today, weekStart: weekStart).adding(days: -7 * 11)
      return Period(from: start, to: today, label: "last 12 weeks")
    case .year:
      let first = (try? store.reports.dateRange())??.0 ?? today
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
        ? date.adding(days: grouping == .day ? 1 : 7)
        : date.adding(months: grouping == .month ? 1 : grouping == .quarter ? 3 : 12)
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
    case .quarter: return Period.quarterLabel(key)
    case .day, .week: return LocalDate(iso: key).map { short($0) } ?? key
    default: return key
    }
  }

  /// An aligned table of groups with amounts, shares and bars.
  func table(_ rows: [GroupTotal], total: Int64?, label: String, keyText: (String) -> String = { $0 }) -> [String] {
    let maximum = rows.map(\.minorUnits).max() ?? 0
    var table = Table(
      headers: [label, "Amount", total == nil ? "Count" : "Share", ""], alignments: [.left, .right, .right, .left])
    for row in rows {
      let share =
        total.map { percentText(basisPoints: Analytics.share(row.minorUnits, of: UInt64(max($0, 0))), tenths: true) }
        ?? "\(row.count)"
      table.add([
        Render.safe(keyText(row.key)), format(row.minorUnits, row.currency), share,
        output.style(Charts.bar(row.minorUnits, of: maximum), .cyan),
      ])
    }
    return table.render(indent: "  ", header: { output.style($0, .dim) })
  }
}
