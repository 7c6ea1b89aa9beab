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
    trend(try TrendReport(query, by: grouping, weekStart: weekStart, in: context.session))
  }

  /// A trend's answer as text and as JSON, from its figures.
  func trend(_ report: TrendReport) -> Rendered {
    let (query, period, grouping, breakdown, filled) = (
      report.query, report.period, report.grouping, report.breakdown, report.sections
    )
    let json = { () -> JSON in
      JSON(
        BreakdownJSON(
          head: QuestionJSON(query, period), by: grouping.rawValue, groups: groups(filled.flatMap { $0.groups }),
          problems: IfPresent(problemsJSON(breakdown))))
    }
    return Rendered(
      text: {
        var lines: [String] = []
        lines.append("  \(query.measure.rawValue) by \(grouping.rawValue) \(describe(query, period))")
        for line in problemLines(breakdown) { lines.append(line) }
        guard !report.isEmpty else {
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

  /// Time buckets with no transactions shown as zero, so a trend has no gaps.
  func fill(_ rows: [GroupTotal], _ grouping: Grouping, _ period: Period, weekStart: Int = 0) -> [GroupTotal] {
    TrendReport.filled(rows, grouping, period, today: today, weekStart: weekStart)
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
