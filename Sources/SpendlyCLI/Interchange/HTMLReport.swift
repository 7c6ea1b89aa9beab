import SpendlyCore
import SpendlyParse

/// Text made safe for HTML: the five characters with meaning escaped, and characters no HTML
/// document may hold (controls, bidirectional overrides, noncharacters) as U+FFFD.
enum HTMLText {
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        let v = scalar.value
        let control = (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
        let bidi = (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        let nonCharacter = (0xFDD0...0xFDEF).contains(v) || (v & 0xFFFE) == 0xFFFE
        if control || bidi || nonCharacter {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// `spendly report --html`: one self-contained page (inline CSS and SVG, no script, nothing
/// fetched) of the figures `ReportFigures` gathered; every amount is written by `MoneyFormat`
/// and marked with `data-figure` (and its minor units) so a test can read it back.
struct HTMLReport {
  let answers: Answers
  let figures: ReportFigures

  private func e(_ text: String) -> String { HTMLText.escape(text) }

  private func money(_ minor: Int64, _ currency: Currency) -> String { e(answers.format(minor, currency)) }

  /// An amount marked for tests: `<span data-figure="income" data-minor="…">₹1,50,000.00</span>`.
  private func figure(_ name: String, _ minor: Int64, _ currency: Currency, key: String? = nil) -> String {
    let keyAttribute = key.map { " data-key=\"\(e($0))\"" } ?? ""
    return
      "<span class=\"money\" data-figure=\"\(name)\"\(keyAttribute) data-currency=\"\(e(currency.code))\" data-minor=\"\(minor)\">\(money(minor, currency))</span>"
  }

  func render() -> String {
    let period = figures.period
    let title = "Spendly report · \(answers.name(period))"
    var html: [String] = [
      "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
      "<meta name=\"color-scheme\" content=\"light dark\">",
      "<title>\(e(title))</title>", "<style>", Self.css, "</style>", "</head>", "<body>", "<header>",
      "<h1>Spendly report</h1>",
      "<p class=\"period\" data-figure=\"period\" data-from=\"\(period.from)\" data-to=\"\(period.to)\">"
        + "\(e(Self.title(period, answers)))</p>",
      "<p class=\"meta\">Made \(e(figures.today.readable)) · amounts in each currency on their own</p>",
      "</header>", "<main>",
    ]
    if figures.sections.isEmpty {
      html.append("<p class=\"empty\">Nothing recorded in this period.</p>")
    }
    for section in figures.sections { html += self.section(section) }
    html += ["</main>", "<footer>Made by Spendly from the same figures as <code>spendly dashboard</code>.</footer>"]
    html += ["</body>", "</html>", ""]
    return html.joined(separator: "\n")
  }

  /// "this month · Sun 1 Nov – today", "since Mon 1 Jan 2024", "Thu 1 Oct – Sat 31 Oct".
  static func title(_ period: Period, _ answers: Answers) -> String {
    let name = answers.name(period)
    let range = answers.range(period)
    return name == range || period.name == .since ? name : "\(name) · \(range)"
  }

  // MARK: Sections

  private func section(_ s: ReportFigures.Section) -> [String] {
    let c = s.currency
    var html = ["<section class=\"currency\" data-currency=\"\(e(c.code))\">", "<h2>\(e(c.code))</h2>"]
    html += cards(s)
    if let problem = s.problem {
      html.append("<p class=\"problem\">\(e(answers.problemText(problem)))</p>")
    }
    if s.months.contains(where: { $0.minorUnits != 0 }) {
      html.append("<h3>Expenses by month · \(e(answers.name(figures.trendPeriod)))</h3>")
      html.append(trendChart(s.months, currency: c))
    }
    if !s.categories.isEmpty || !s.methods.isEmpty || !s.merchants.isEmpty {
      html.append("<div class=\"columns\">")
      if !s.categories.isEmpty { html += groupTable("Expenses by category", "Category", "category", s.categories, s) }
      if !s.methods.isEmpty { html += groupTable("Payment methods", "Method", "method", s.methods, s) }
      if !s.merchants.isEmpty {
        html += groupTable("Top merchants", "Merchant", "merchant", s.merchants, s)
      }
      html.append("</div>")
    }
    if !s.budgets.isEmpty { html += budgets(s.budgets) }
    if !s.upcoming.isEmpty || s.subscriptions != nil { html += upcoming(s) }
    if !s.debts.isEmpty { html += debts(s.debts, total: s.debtTotal, currency: c) }
    html.append("</section>")
    return html
  }

  private func cards(_ s: ReportFigures.Section) -> [String] {
    let c = s.currency
    guard let summary = s.summary else {
      return ["<p class=\"empty\">No income or expenses in \(e(c.code)) in this period.</p>"]
    }
    if let problem = summary.problem {
      return ["<p class=\"problem\">\(e(answers.problemText(problem)))</p>"]
    }
    let rate = percentText(basisPoints: summary.savingsRateBasisPoints)
    let negative = summary.savings < 0 ? " negative" : ""
    return [
      "<div class=\"cards\">",
      "<div class=\"card income\"><div class=\"label\">Income</div><div class=\"value\">\(figure("income", summary.income, c))</div></div>",
      "<div class=\"card expenses\"><div class=\"label\">Expenses</div><div class=\"value\">\(figure("expenses", summary.expenses, c))</div></div>",
      "<div class=\"card savings\(negative)\"><div class=\"label\">Savings</div><div class=\"value\">\(figure("savings", summary.savings, c))</div></div>",
      "<div class=\"card rate\(negative)\"><div class=\"label\">Savings rate</div><div class=\"value\">"
        + "<span data-figure=\"savings_rate\" data-currency=\"\(e(c.code))\">\(e(rate))</span></div></div>",
      "</div>",
      "<p class=\"meta\">\(summary.count) transaction\(summary.count == 1 ? "" : "s")</p>",
    ]
  }

  /// Bars of the months' expenses, with each month's amount above its bar. Across, the chart is
  /// laid out in percentages of its width and its text is in pixels, so a narrow screen narrows
  /// the bars but never shrinks the labels; a label (and its amount) marked `wide` is shown only
  /// where there is room for every label, on a phone every few months' are.
  private func trendChart(_ months: [GroupTotal], currency: Currency) -> String {
    let height = 260
    let top = 28
    let bottom = 28
    let plot = height - top - bottom
    let maximum = max(months.map(\.minorUnits).max() ?? 0, 1)
    let count = max(months.count, 1)
    // Positions in hundredths of a percent of the chart's width.
    let slot = 10_000 / count
    let barWidth = slot * 2 / 3
    var svg = [
      "<svg class=\"trend\" width=\"100%\" height=\"\(height)\" role=\"img\" aria-label=\"Expenses by month\">",
      "<line class=\"axis\" x1=\"0\" y1=\"\(top + plot)\" x2=\"100%\" y2=\"\(top + plot)\"/>",
    ]
    let amounts = months.map { money($0.minorUnits, currency) }
    let labels = months.map { e(answers.timeLabel($0.key, .month)) }
    let longestAmount = max(amounts.map(\.count).max() ?? 1, 1)
    let longestLabel = max(labels.map(\.count).max() ?? 1, 1)
    // On a wide screen the chart is at least 1000 px across; a label at 12 px is about 7 px a
    // character. An amount's size fits its slot (a character is about 0.6 em): at most 13 px, less
    // on a narrower screen (vw), and hidden below 8 px.
    let wideSlot = 1000 / count
    let wideStep = max(1, (longestLabel * 7 + 12 + wideSlot - 1) / max(wideSlot, 1))
    let amountPixels = min(13, wideSlot * 3 / (2 * longestAmount))
    let amountVW = Double(wideSlot * 3 / 2) / Double(longestAmount) / 10
    // On a phone the chart is about 360 px across and a label or amount is 10 px (6 px a character):
    // every phoneStep-th month's, a multiple of the wide screen's step.
    let phoneSlot = max(360 / count, 1)
    let phoneNeeds = max(longestLabel, longestAmount) * 6 + 4
    let phoneStep = wideStep * max(1, (phoneNeeds + phoneSlot * wideStep - 1) / (phoneSlot * wideStep))
    func percent(_ hundredths: Int) -> String { "\(hundredths / 100).\(String(format: "%02d", hundredths % 100))%" }
    for (index, month) in months.enumerated() {
      // Geometry only: the bar's height is a share of the largest month's.
      let value = max(month.minorUnits, 0)
      let barHeight = Int((Double(value) / Double(maximum) * Double(plot)).rounded())
      let x = index * slot + (slot - barWidth) / 2
      let y = top + plot - barHeight
      let center = index * slot + slot / 2
      // Counted back from the latest month, whose label and amount are always shown.
      let back = count - 1 - index
      let wide = back % phoneStep == 0 ? "" : " wide"
      // The first and last labels and amounts are kept inside the chart.
      let anchor = index == 0 && count > 1 ? "start" : index == count - 1 && count > 1 ? "end" : "middle"
      let labelX = anchor == "start" ? index * slot : anchor == "end" ? 10_000 : center
      let shift = anchor == "start" ? " dx=\"4\"" : anchor == "end" ? " dx=\"-4\"" : ""
      svg.append(
        "<g data-figure=\"month\" data-key=\"\(e(month.key))\" data-currency=\"\(e(currency.code))\" data-minor=\"\(month.minorUnits)\">"
          + "<title>\(labels[index]): \(money(month.minorUnits, currency))</title>"
          + "<rect class=\"bar\" x=\"\(percent(x))\" y=\"\(y)\" width=\"\(percent(barWidth))\" height=\"\(barHeight)\" rx=\"3\"/>"
          + (amountPixels < 8 || month.minorUnits == 0
            ? ""
            : "<text class=\"amount\(wide)\" x=\"\(percent(labelX))\" y=\"\(y - 8)\"\(shift) text-anchor=\"\(anchor)\" "
              + "style=\"font-size: min(\(amountPixels)px, \(String(format: "%.2f", amountVW))vw)\">\(amounts[index])</text>")
          + (back % wideStep == 0
            ? "<text class=\"label\(wide)\" x=\"\(percent(labelX))\" y=\"\(height - 8)\"\(shift) text-anchor=\"\(anchor)\">\(labels[index])</text>"
            : "")
          + "</g>")
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n")
  }

  /// A bar `basisPoints` of 10,000 full (at most full), drawn with the same tenths of a percent as
  /// the share beside it: `style="width:56.8%"`. Geometry only.
  private func meter(basisPoints: Int64?, over: Bool = false) -> String {
    let width = percentText(basisPoints: min(max(basisPoints ?? 0, 0), 10_000), tenths: true)
    return
      "<div class=\"meter\" aria-hidden=\"true\"><div class=\"\(over ? "fill over" : "fill")\" style=\"width:\(width)\"></div></div>"
  }

  /// Groups with amounts, shares of everything spent in the period (as `by category` gives
  /// them) and bars.
  private func groupTable(
    _ title: String, _ label: String, _ name: String, _ rows: [GroupTotal], _ s: ReportFigures.Section
  ) -> [String] {
    var html = [
      "<div class=\"panel\">", "<h3>\(title)</h3>", "<table>",
      "<thead><tr><th>\(label)</th><th class=\"num\">Amount</th><th class=\"num\">Share</th><th></th></tr></thead>",
      "<tbody>",
    ]
    for row in rows {
      let basisPoints = Analytics.share(row.minorUnits, of: UInt64(max(s.spent, 0)))
      let share = percentText(basisPoints: basisPoints, tenths: true)
      html.append(
        "<tr><td>\(e(row.key))</td><td class=\"num\">\(figure(name, row.minorUnits, s.currency, key: row.key))</td>"
          + "<td class=\"num\"><span data-figure=\"\(name)_share\" data-key=\"\(e(row.key))\">\(e(share))</span></td>"
          + "<td class=\"bar\">\(meter(basisPoints: basisPoints))</td></tr>")
    }
    html += ["</tbody>", "</table>", "</div>"]
    return html
  }

  private func budgets(_ statuses: [BudgetStatus]) -> [String] {
    var html = [
      "<div class=\"panel wide\">", "<h3>Budgets · \(e(figures.budgetMonth.readable))</h3>",
      "<table class=\"budgets\">",
      "<thead><tr><th>Budget</th><th class=\"num\">Limit</th><th class=\"num\">Carried</th><th class=\"num\">Spent</th>"
        + "<th class=\"num\">Left</th><th class=\"num\">Used</th><th></th></tr></thead>",
      "<tbody>",
    ]
    for status in statuses {
      let c = status.target.currency
      let key = status.target.category ?? "overall"
      html.append(
        "<tr class=\"\(status.isOver ? "over" : "within")\"><td>\(e(status.target.name))</td>"
          + "<td class=\"num\">\(figure("budget_limit", status.limit, c, key: key))</td>"
          + "<td class=\"num\">\(status.carried == 0 ? "" : figure("budget_carried", status.carried, c, key: key))</td>"
          + "<td class=\"num\">\(figure("budget_spent", status.spent, c, key: key))</td>"
          + "<td class=\"num\">\(figure("budget_left", status.left, c, key: key))</td>"
          + "<td class=\"num\">\(e(BudgetFormat.percent(status)))</td>"
          + "<td class=\"bar\">\(meter(basisPoints: used(status), over: status.isOver))</td></tr>"
      )
    }
    html += ["</tbody>", "</table>", "<p class=\"meta\">\(e(BudgetFormat.verdict(statuses)))</p>", "</div>"]
    return html
  }

  /// How much of a budget's available amount is spent, in basis points (full when nothing is
  /// available and something is spent).
  private func used(_ status: BudgetStatus) -> Int64 {
    guard status.available > 0 else { return status.spent > 0 ? 10_000 : 0 }
    return Analytics.share(min(max(status.spent, 0), status.available), of: UInt64(status.available)) ?? 0
  }

  private func upcoming(_ s: ReportFigures.Section) -> [String] {
    var html = ["<div class=\"panel wide\">", "<h3>Upcoming · next \(figures.upcomingDays) days</h3>"]
    if let (monthly, yearly) = s.subscriptions {
      html.append(
        "<p>Subscriptions cost \(figure("subscriptions_monthly", monthly, s.currency))/month · "
          + "\(figure("subscriptions_yearly", yearly, s.currency))/year</p>")
    }
    if s.upcoming.isEmpty {
      html.append("<p class=\"meta\">Nothing scheduled in the next \(figures.upcomingDays) days.</p>")
    } else {
      html += [
        "<table>",
        "<thead><tr><th>Date</th><th>Name</th><th>Category</th><th class=\"num\">Amount</th></tr></thead>", "<tbody>",
      ]
      for (schedule, date) in s.upcoming {
        let amount = schedule.amount(on: date)
        let income = schedule.kind == .income
        html.append(
          "<tr class=\"\(income ? "in" : "out")\"><td>\(e(answers.short(date)))</td><td>\(e(schedule.name))</td>"
            + "<td>\(e(schedule.fields.category))</td>"
            + "<td class=\"num\">\(income ? "+" : "-")\(figure("upcoming", amount.minorUnits, amount.currency, key: schedule.name))</td></tr>"
        )
      }
      html += ["</tbody>", "</table>"]
    }
    html.append("</div>")
    return html
  }

  /// `total` is the section's, checked to fit when the figures were gathered.
  private func debts(_ debts: [(debt: Debt, balance: Int64, due: LocalDate)], total: Int64, currency: Currency)
    -> [String]
  {
    var html = [
      "<div class=\"panel wide\">", "<h3>Debts</h3>", "<table>",
      "<thead><tr><th>Debt</th><th>Kind</th><th class=\"num\">Balance</th><th class=\"num\">APR</th>"
        + "<th class=\"num\">Minimum</th><th>Next due</th></tr></thead>",
      "<tbody>",
    ]
    for (debt, balance, due) in debts {
      html.append(
        "<tr><td>\(e(debt.name))</td><td>\(e(debt.kind.rawValue))</td>"
          + "<td class=\"num\">\(figure("debt_balance", balance, currency, key: debt.name))</td>"
          + "<td class=\"num\">\(e("\(debt.apr)"))%</td>"
          // Nothing owed: no minimum, nothing due (as `debts` shows it).
          + (balance > 0
            ? "<td class=\"num\">\(e(DebtView.minimum(debt)))</td><td>\(e(answers.short(due)))</td></tr>"
            : "<td class=\"num\">—</td><td>paid off</td></tr>"))
    }
    html += [
      "</tbody>",
      "<tfoot><tr><th>Total</th><th></th><th class=\"num\">\(figure("debt_total", total, currency))</th><th></th><th></th><th></th></tr></tfoot>",
      "</table>", "</div>",
    ]
    return html
  }

  // MARK: Style

  static let css = """
    :root {
      color-scheme: light dark;
      --bg: #f6f7f9; --panel: #ffffff; --text: #1c2330; --muted: #5d6776; --line: #dde1e7;
      --accent: #2f6fdf; --track: #e7ebf0; --good: #1f8a4c; --bad: #c23a32;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #14171c; --panel: #1d2229; --text: #e6e9ee; --muted: #9aa4b2; --line: #2f3640;
        --accent: #6ea2ff; --track: #2a3038; --good: #4cc27f; --bad: #ff7a70;
      }
    }
    * { box-sizing: border-box; }
    body {
      margin: 0; padding: 24px 32px; background: var(--bg); color: var(--text);
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
    }
    header h1 { margin: 0 0 4px; font-size: 26px; }
    h2 { margin: 28px 0 12px; font-size: 20px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
    h3 { margin: 18px 0 8px; font-size: 16px; }
    .period { margin: 0; font-size: 17px; }
    .meta, footer { color: var(--muted); font-size: 13px; }
    footer { margin-top: 32px; }
    .cards { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 12px; }
    .card { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; }
    .card .label { color: var(--muted); font-size: 13px; text-transform: uppercase; letter-spacing: .04em; }
    .card .value { font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; margin-top: 4px; }
    .card.income .value { color: var(--good); }
    .card.negative .value { color: var(--bad); }
    .columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(340px, 100%), 1fr)); gap: 12px; }
    .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 4px 16px 12px;
      margin-top: 12px; break-inside: avoid; min-width: 0; overflow-x: auto; }
    /* Nothing is wider than the page: long names and figures break inside their box, and a table
       that still cannot fit scrolls inside its panel, never the page. */
    header, h2, h3, .card, footer { overflow-wrap: anywhere; }
    .money { white-space: nowrap; }
    .card .money { white-space: normal; }
    .columns .panel { margin-top: 0; min-width: 0; }
    .columns th, .columns td { padding: 4px 5px; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: middle; }
    th { color: var(--muted); font-weight: 600; font-size: 13px; }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    tr.over td { color: var(--bad); }
    tr.in td.num { color: var(--good); }
    .problem { color: var(--bad); }
    svg.trend { display: block; width: 100%; height: 260px; margin-bottom: 12px; background: var(--panel);
      border: 1px solid var(--line);
      border-radius: 10px; }
    svg .bar { fill: var(--accent); }
    svg .axis { stroke: var(--line); stroke-width: 1; }
    svg text { fill: var(--text); font: 13px system-ui, sans-serif; }
    svg text.label { fill: var(--muted); font-size: 12px; }
    .meter { width: 100%; min-width: 24px; max-width: 160px; height: 12px; border-radius: 3px; background: var(--track);
      overflow: hidden; }
    .meter .fill { height: 100%; background: var(--accent); }
    .meter .fill.over { background: var(--bad); }
    td.bar { width: 22%; }
    td:first-child, th:first-child { overflow-wrap: anywhere; }
    * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    @media print {
      :root { --bg: #ffffff; --panel: #ffffff; --text: #000000; --muted: #444444; --line: #bbbbbb;
        --accent: #2f5fb0; --track: #e6e6e6; --good: #1a6b3c; --bad: #a8261f; }
      body { padding: 0; font-size: 12px; }
      .currency + .currency { break-before: page; }
      .card .value { font-size: 18px; }
      svg.trend { break-inside: avoid; }
    }
    @media (max-width: 720px) { .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
    @media (max-width: 900px) {
      svg.trend text.wide { display: none; }
      svg.trend text.amount { font-size: 10px !important; }
      svg.trend text.label { font-size: 10px; }
    }
    @media (max-width: 600px) {
      body { padding: 16px 12px; }
      .cards { grid-template-columns: minmax(0, 1fr); gap: 8px; }
      .card { padding: 10px 14px; }
      .card .value { font-size: 22px; }
      .panel { padding: 2px 8px 8px; }
      table { font-size: 12px; }
      th, td, .columns th, .columns td { padding: 3px 3px; font-size: 12px; }
      td { overflow-wrap: anywhere; }
      td.num { overflow-wrap: normal; white-space: normal; }
      td.bar { width: 16%; }
      .meter { min-width: 16px; }
      /* The budgets' seven columns: a row's name on a line of its own, its figures below it. */
      table.budgets, table.budgets thead, table.budgets tbody { display: block; }
      table.budgets tr { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)) 36px 28px;
        border-bottom: 1px solid var(--line); }
      table.budgets th, table.budgets td { border-bottom: none; font-size: 11px; padding: 3px 2px; }
      table.budgets tr > :first-child { grid-column: 1 / -1; padding-bottom: 0; }
      table.budgets td.bar { width: auto; align-self: center; }
    }
    @media (max-width: 420px) {
      body { padding: 12px 8px; }
      .panel { padding: 2px 6px 6px; }
      th, td, .columns th, .columns td { padding: 3px 2px; font-size: 11px; }
    }
    """
}
