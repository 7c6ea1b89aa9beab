import SpendlyCore
import SpendlyParse
import SpendlyStore

/// How answers name periods and write amounts, as text and as JSON.
extension Answers {
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

  func money(_ minor: Int64, _ currency: Currency) -> JSON { .object(moneyPairs(minor, currency)) }

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

  func title(_ grouping: Grouping) -> String {
    grouping.rawValue.prefix(1).uppercased() + grouping.rawValue.dropFirst()
  }
}
