import SpendlyCore
import SpendlyParse
import SpendlyStore

/// How answers name periods and write amounts, as text and as JSON.
extension Answers {
  func format(_ minor: Int64, _ currency: Currency) -> String {
    noteIfUnknown(currency)
    return MoneyFormat.string(Money(minorUnits: minor, currency: currency))
  }

  func pad(_ text: String) -> String { String(repeating: " ", count: max(0, 16 - displayWidth(text))) + text }

  /// "Mon 23 Nov" (with the year when it is not this year).
  func short(_ date: LocalDate) -> String {
    let base =
      "\(LocalDate.weekdayAbbreviations[date.weekday]) \(date.day) \(LocalDate.monthAbbreviations[date.month - 1])"
    return date.year == today.year ? base : base + " \(date.year)"
  }

  /// A period's name: its label, else its range ("since Thu 1 Oct" for an open one).
  func name(_ period: Period) -> String {
    if period.name == .since { return "since \(short(period.from))" }
    return period.name == .dates ? range(period) : period.label
  }

  /// "Mon 23 Nov – today", "Thu 1 Oct – Sat 31 Oct", "Sun 29 Nov".
  func range(_ period: Period) -> String {
    let end = period.to >= today && period.from <= today ? "today" : short(period.to)
    return period.from == period.to ? short(period.from) : "\(short(period.from)) – \(end)"
  }

  /// "on Food this week (Mon 23 Nov – today)", "since Thu 1 Oct", "on Sun 1 Nov"; without the
  /// period when `period` is nil ("on Food by UPI").
  func describe(_ query: Query, _ period: Period?) -> String {
    var parts: [String] = []
    let filter = query.filter
    if !filter.categories.isEmpty { parts.append("on " + filter.categories.joined(separator: " and ")) }
    if let merchant = filter.merchant { parts.append("at \(Render.safe(merchant))") }
    if let text = filter.text { parts.append("matching '\(Render.safe(text))'") }
    if let method = filter.method { parts.append("by \(method)") }
    if let account = filter.account { parts.append("on \(Render.safe(account))") }
    if let currency = filter.currency {
      switch (filter.minimumAmount, filter.maximumAmount) {
      case (let low?, let high?): parts.append("between \(format(low, currency)) and \(format(high, currency))")
      case (let low?, nil): parts.append("over \(format(low - 1, currency))")
      case (nil, let high?): parts.append("under \(format(high + 1, currency))")
      case (nil, nil): parts.append("in \(currency.code)")
      }
    }
    if let period {
      if period.name == .since {
        parts.append(name(period))
      } else if period.name == .dates {
        parts.append(period.from == period.to ? "on \(short(period.from))" : range(period))
      } else {
        parts.append("\(period.label) (\(range(period)))")
      }
    }
    return parts.joined(separator: " ")
  }

  func plural(_ grouping: Grouping) -> String {
    switch grouping {
    case .category: return "categories"
    case .currency: return "currencies"
    default: return grouping.rawValue + "s"
    }
  }

  /// Money as every answer writes it, noting a currency spendly does not know.
  func money(_ minor: Int64, _ currency: Currency) -> MoneyJSON {
    noteIfUnknown(currency)
    return MoneyJSON(minor, currency)
  }

  /// Groups as JSON; with `totals` (per currency code), each carries its share of the total.
  func groups(_ rows: [GroupTotal], totals: [String: Int64]? = nil) -> [GroupJSON] {
    rows.map { row in
      var share: String?? = nil
      if let whole = totals?[row.currency.code] {
        share = .some(
          Analytics.share(row.minorUnits, of: UInt64(max(whole, 0))).map { percentText(basisPoints: $0, tenths: true) })
      }
      return GroupJSON(key: row.key, count: row.count, money: money(row.minorUnits, row.currency), share: share)
    }
  }

  func periodJSON(_ period: Period) -> JSON { JSON(PeriodJSON(period)) }

  func title(_ grouping: Grouping) -> String {
    String(grouping.rawValue.prefix(1)).uppercased() + String(grouping.rawValue.dropFirst())
  }
}
