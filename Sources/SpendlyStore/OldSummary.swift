import Foundation
import SpendlyCore

/// Reads the sentences a change log kept before it kept facts ("added #12 -₹420.00 Food"), for
/// the migration to facts. A sentence is read only when every typed piece in it (an amount, a
/// date, a month, a count) reads back to the same text; any other is kept as it was (`said`).
enum OldSummary {
  static func fact(_ text: String) -> ChangeFact {
    read(text) ?? .said(sentence: text)
  }

  private static let verbs: [String: ChangeAction] = [
    "added": .add, "edited": .edit, "deleted": .delete, "imported": .import, "logged": .logRecurring,
    "paid": .payDebt,
  ]

  private static func read(_ text: String) -> ChangeFact? {
    if let rest = text.dropping("undid: ") { return .undid(change: nil, fact: fact(rest)) }
    if let rest = text.dropping("redid: ") { return .redid(change: nil, fact: fact(rest)) }
    return transactions(text) ?? imported(text) ?? catalog(text) ?? budget(text) ?? schedule(text) ?? debt(text)
      ?? account(text) ?? other(text) ?? scheduleChange(text)
  }

  /// "added #12 -₹420.00 Food", "deleted #4", "imported 240 transactions".
  private static func transactions(_ text: String) -> ChangeFact? {
    let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    guard words.count >= 2, let action = verbs[words[0]] else { return nil }
    if words.count == 3, words[2] == "transactions", let count = Int(words[1]), String(count) == words[1] {
      return .transactions(written: TransactionsFact(action: action.rawValue, ids: [], count: count, entry: nil))
    }
    guard let idText = words[1].dropping("#"), let id = Int64(idText), String(id) == idText else { return nil }
    if words.count == 2 {
      return .transactions(written: TransactionsFact(action: action.rawValue, ids: [id], count: 1, entry: nil))
    }
    guard words.count >= 4 else { return nil }
    // The amount is one word, or two for a currency whose symbol ends in a space ("NPR 1,000.00").
    for width in [1, 2] where words.count >= 3 + width {
      let amount = words[2..<(2 + width)].joined(separator: " ")
      let category = words[(2 + width)...].joined(separator: " ")
      guard !category.isEmpty, let (money, kind) = signedMoney(amount) else { continue }
      let entry = EntryFact(amount: MoneyFact(money), kind: kind.rawValue, category: category)
      return .transactions(written: TransactionsFact(action: action.rawValue, ids: [id], count: 1, entry: entry))
    }
    return nil
  }

  /// "imported statement.ofx (6 rows)", "imported books.csv: 2 transactions", "merged books.json: 1 transaction".
  private static func imported(_ text: String) -> ChangeFact? {
    if let rest = text.dropping("imported "), rest.hasSuffix(")"), let open = rest.range(of: " (", options: .backwards)
    {
      let inside = rest[open.upperBound..<rest.index(before: rest.endIndex)]
      guard let rows = count(String(inside), "row", "rows") else { return nil }
      return .imported(file: ImportFact(file: String(rest[..<open.lowerBound]), format: .statement, rows: rows))
    }
    for (verb, format) in [("imported ", ImportFact.Format.csv), ("merged ", .json)] {
      guard let rest = text.dropping(verb), let colon = rest.range(of: ": ", options: .backwards),
        let added = count(String(rest[colon.upperBound...]), "transaction", "transactions")
      else { continue }
      return .imported(file: ImportFact(file: String(rest[..<colon.lowerBound]), format: format, added: added))
    }
    return nil
  }

  /// Categories, methods and aliases added, renames and settings.
  private static func catalog(_ text: String) -> ChangeFact? {
    for side in ["expense", "income"] {
      if let rest = text.dropping("added \(side) category ") {
        let (name, aliases) = named(rest)
        return .categoryAdded(id: nil, name: name, side: side, aliases: aliases)
      }
    }
    if let rest = text.dropping("added payment method ") {
      let (name, aliases) = named(rest)
      return .methodAdded(id: nil, name: name, aliases: aliases)
    }
    for kind in CatalogKind.allCases {
      if let rest = text.dropping("added alias "), let split = rest.range(of: " for \(kind.noun) ") {
        return .aliasAdded(
          kind: kind.rawValue, name: String(rest[split.upperBound...]), alias: String(rest[..<split.lowerBound]))
      }
      if let rest = text.dropping("renamed \(kind.noun) "), let split = rest.range(of: " → ") {
        return .renamed(
          kind: kind.rawValue, id: nil, before: String(rest[..<split.lowerBound]),
          after: String(rest[split.upperBound...]))
      }
    }
    if let rest = text.dropping("set "), !rest.hasPrefix("budget "), rest.hasSuffix(")"),
      let to = rest.range(of: " to "), let was = rest.range(of: " (was ", options: .backwards),
      to.upperBound <= was.lowerBound
    {
      return .setting(
        key: String(rest[..<to.lowerBound]), before: String(rest[was.upperBound..<rest.index(before: rest.endIndex)]),
        after: String(rest[to.upperBound..<was.lowerBound]))
    }
    return nil
  }

  /// "set budget Food ₹9,000.00 from Nov 2026 (was ₹8,000.00)", "cleared budget overall for Dec 2026 only".
  private static func budget(_ text: String) -> ChangeFact? {
    let setting: Bool
    var rest: Substring
    if let set = text.dropping("set budget ") {
      setting = true
      rest = Substring(set)
    } else if let cleared = text.dropping("cleared budget ") {
      setting = false
      rest = Substring(cleared)
    } else {
      return nil
    }
    var before: Money?
    if rest.hasSuffix(")"), let was = rest.range(of: " (was ", options: .backwards) {
      guard let money = money(String(rest[was.upperBound..<rest.index(before: rest.endIndex)])) else { return nil }
      before = money
      rest = rest[..<was.lowerBound]
    }
    let rollover = setting && rest.hasSuffix(" with rollover")
    if rollover { rest = rest.dropLast(" with rollover".count) }
    let scope: BudgetRule.Scope
    let monthText: Substring
    if rest.hasSuffix(" only"), let at = rest.range(of: " for ", options: .backwards) {
      scope = .month
      monthText = rest[at.upperBound..<rest.index(rest.endIndex, offsetBy: -" only".count)]
      rest = rest[..<at.lowerBound]
    } else if let at = rest.range(of: " from ", options: .backwards) {
      scope = .from
      monthText = rest[at.upperBound...]
      rest = rest[..<at.lowerBound]
    } else {
      return nil
    }
    guard let month = yearMonth(String(monthText)) else { return nil }
    var name = String(rest)
    var limit: Money?
    if setting {
      guard let (named, amount) = trailingMoney(name) else { return nil }
      name = named
      limit = amount
    }
    guard let currency = limit?.currency ?? before?.currency, before == nil || before?.currency == currency else {
      return nil
    }
    return .budget(
      set: BudgetFact(
        category: name == "overall" ? nil : name, currency: currency.code, limit: limit?.minorUnits,
        scope: scope.rawValue, month: month.description, rollover: rollover, before: before?.minorUnits))
  }

  /// "added subscription Netflix ₹649.00 monthly from Thu 5 Nov 2026", with ", linking 1 entry already stored".
  private static func schedule(_ text: String) -> ChangeFact? {
    for kind in [Kind.expense, .income] {
      guard var rest = text.dropping(kind == .expense ? "added subscription " : "added income source ") else {
        continue
      }
      var linked = 0
      if rest.hasSuffix(" already stored"), let at = rest.range(of: ", linking ", options: .backwards) {
        let words = rest[at.upperBound...].dropLast(" already stored".count)
        guard let count = count(String(words), "entry", "entries") else { return nil }
        linked = count
        rest = String(rest[..<at.lowerBound])
      }
      guard let at = rest.range(of: " from ", options: .backwards),
        let date = readableDate(String(rest[at.upperBound...]))
      else { return nil }
      let head = rest[..<at.lowerBound]
      guard let space = head.lastIndex(of: " "),
        let cadence = Cadence(rawValue: String(head[head.index(after: space)...])),
        let (name, amount) = trailingMoney(String(head[..<space]))
      else { return nil }
      return .scheduleAdded(
        id: nil, kind: kind.rawValue, name: name, amount: MoneyFact(amount), cadence: cadence.rawValue,
        from: date.description, linked: linked)
    }
    return nil
  }

  /// "added debt HDFC Loan ₹1,00,000.00 at 12%", "paid ₹5,000.00 on debt HDFC Loan", "removed debt Card".
  private static func debt(_ text: String) -> ChangeFact? {
    if let rest = text.dropping("added debt "), rest.hasSuffix("%"),
      let at = rest.range(of: " at ", options: .backwards)
    {
      let rate = String(rest[at.upperBound..<rest.index(before: rest.endIndex)])
      guard let apr = DecimalNumber(text: rate), apr.description == rate,
        let (name, balance) = trailingMoney(String(rest[..<at.lowerBound]))
      else { return nil }
      return .debtAdded(id: nil, name: name, balance: MoneyFact(balance), apr: rate)
    }
    if let rest = text.dropping("paid "), let at = rest.range(of: " on debt ") {
      guard let amount = money(String(rest[..<at.lowerBound])) else { return nil }
      return .debtPaid(id: nil, name: String(rest[at.upperBound...]), amount: MoneyFact(amount))
    }
    if let name = text.dropping("removed debt ") { return .debtRemoved(id: nil, name: name) }
    return nil
  }

  /// "renamed account Wallet to Purse", "closed account Purse on 2026-11-28", "edited account Purse".
  private static func account(_ text: String) -> ChangeFact? {
    for type in AccountType.allCases {
      guard let rest = text.dropping("added \(type.rawValue) account ") else { continue }
      if let at = rest.range(of: " opening ", options: .backwards), let (_, opening) = trailingMoney(rest),
        rest[at.upperBound...] == MoneyFormat.string(opening)
      {
        return .accountAdded(
          id: nil, type: type.rawValue, name: String(rest[..<at.lowerBound]), opening: MoneyFact(opening))
      }
      return .accountAdded(id: nil, type: type.rawValue, name: rest, opening: nil)
    }
    if let rest = text.dropping("recorded "), let on = rest.range(of: " on ", options: .backwards),
      let at = rest.range(of: " balance ", options: .backwards), at.upperBound <= on.lowerBound
    {
      let day = String(rest[on.upperBound...])
      let head = rest[..<at.lowerBound]
      guard let date = LocalDate(iso: day), date.description == day,
        let amount = money(String(rest[at.upperBound..<on.lowerBound])),
        let space = head.lastIndex(of: " "),
        let kind = StatementBalance.Kind(rawValue: String(head[head.index(after: space)...]))
      else { return nil }
      return .statementBalance(
        account: String(head[..<space]), kind: kind.rawValue, amount: MoneyFact(amount), asOf: day)
    }
    if let rest = text.dropping("renamed account "), let at = rest.range(of: " to ") {
      return .accountRenamed(id: nil, before: String(rest[..<at.lowerBound]), after: String(rest[at.upperBound...]))
    }
    if let rest = text.dropping("closed account "), let at = rest.range(of: " on ", options: .backwards) {
      let day = String(rest[at.upperBound...])
      guard let date = LocalDate(iso: day), date.description == day else { return nil }
      return .accountClosed(id: nil, name: String(rest[..<at.lowerBound]), on: day)
    }
    if let name = text.dropping("reopened account ") { return .accountClosed(id: nil, name: name, on: nil) }
    if let name = text.dropping("edited account ") { return .accountEdited(id: nil, name: name) }
    return nil
  }

  /// A replace of the whole database, and a saved CSV mapping.
  private static func other(_ text: String) -> ChangeFact? {
    if let rest = text.dropping("replaced the database with ") {
      let marker = "; the database it replaced is kept at "
      guard let at = rest.range(of: marker) else { return .replaced(source: rest, kept: nil) }
      return .replaced(source: String(rest[..<at.lowerBound]), kept: String(rest[at.upperBound...]))
    }
    if let account = text.dropping("saved the CSV mapping of ") { return .mappingSaved(account: account) }
    if let amount = text.dropping("remembered the debt plan budget ") {
      return money(amount).map { .debtPlanBudget(budget: MoneyFact($0)) }
    }
    return nil
  }

  /// "skipped Netflix on Sat 5 Dec 2026", "changed Netflix to ₹799.00 from Tue 5 Jan 2027", "edited Netflix".
  private static func scheduleChange(_ text: String) -> ChangeFact? {
    for (noun, kind) in [("subscription", Kind.expense), ("income source", .income)] {
      if let name = text.dropping("deleted \(noun) ") {
        return .scheduleDeleted(id: nil, kind: kind.rawValue, name: name)
      }
    }
    if text.hasSuffix(" runs on with no end") {
      return .scheduleEnded(id: nil, name: String(text.dropLast(" runs on with no end".count)), on: nil)
    }
    /// "VERB NAME SEPARATOR DATE": the name and the day.
    func dated(_ verb: String, _ separator: String) -> (String, String)? {
      guard let rest = text.dropping(verb), let at = rest.range(of: separator, options: .backwards),
        let date = readableDate(String(rest[at.upperBound...]))
      else { return nil }
      return (String(rest[..<at.lowerBound]), date.description)
    }
    if let (name, day) = dated("ended ", " on ") { return .scheduleEnded(id: nil, name: name, on: day) }
    if let (name, day) = dated("resumed ", " on ") { return .scheduleResumed(id: nil, name: name, on: day) }
    if let (name, day) = dated("paused ", " from ") { return .schedulePaused(id: nil, name: name, from: day) }
    if let (name, day) = dated("skipped ", " on ") { return .scheduleSkipped(id: nil, name: name, on: day) }
    if let (head, day) = dated("changed ", " from "), let at = head.range(of: " to ", options: .backwards),
      let amount = money(String(head[at.upperBound...]))
    {
      return .schedulePrice(id: nil, name: String(head[..<at.lowerBound]), amount: MoneyFact(amount), from: day)
    }
    if let name = text.dropping("edited "), !name.hasPrefix("debt ") { return .scheduleEdited(id: nil, name: name) }
    return nil
  }

  // MARK: Pieces, each read only when it reads back the same

  /// "Pets (vet, petfood)": the name and its aliases.
  private static func named(_ text: String) -> (String, [String]) {
    guard text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) else { return (text, []) }
    let inside = text[open.upperBound..<text.index(before: text.endIndex)]
    return (String(text[..<open.lowerBound]), inside.components(separatedBy: ", "))
  }

  /// "1 row", "6 rows".
  private static func count(_ text: String, _ one: String, _ many: String) -> Int? {
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    guard parts.count == 2, let value = Int(parts[0]), String(value) == parts[0], value >= 0,
      parts[1] == (value == 1 ? one : many)
    else { return nil }
    return value
  }

  /// An amount as `MoneyFormat.string` writes it, in the first currency with its symbol that reads it back.
  static func money(_ text: String) -> Money? {
    let negative = text.hasPrefix("-")
    let body = negative ? String(text.dropFirst()) : text
    for currency in Currency.all where body.hasPrefix(currency.symbol) {
      let digits = body.dropFirst(currency.symbol.count).filter { $0 != "," && $0 != "." }
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let units = Int64(digits) else { continue }
      let money = Money(minorUnits: negative ? -units : units, currency: currency)
      if MoneyFormat.string(money) == text { return money }
    }
    return nil
  }

  /// "-₹420.00" (an expense), "+₹1,50,000.00" (income), "₹25,000.00" (a transfer).
  private static func signedMoney(_ text: String) -> (Money, Kind)? {
    for (prefix, kind) in [("-", Kind.expense), ("+", .income), ("", .transfer)] {
      guard text.hasPrefix(prefix), let amount = money(String(text.dropFirst(prefix.count))), amount.minorUnits >= 0,
        MoneyFormat.signed(amount, kind: kind) == text
      else { continue }
      return (amount, kind)
    }
    return nil
  }

  /// "HDFC Loan ₹1,00,000.00": the words before the amount, and the amount (one word or two).
  private static func trailingMoney(_ text: String) -> (String, Money)? {
    let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    for width in [1, 2] where words.count > width {
      let name = words.dropLast(width).joined(separator: " ")
      if !name.isEmpty, let amount = money(words.suffix(width).joined(separator: " ")) { return (name, amount) }
    }
    return nil
  }

  /// "Nov 2026".
  private static func yearMonth(_ text: String) -> YearMonth? {
    let parts = text.split(separator: " ").map(String.init)
    guard parts.count == 2, let index = LocalDate.monthAbbreviations.firstIndex(of: parts[0]), let year = Int(parts[1]),
      let month = YearMonth(year: year, month: index + 1), month.readable == text
    else { return nil }
    return month
  }

  /// "Thu 5 Nov 2026".
  private static func readableDate(_ text: String) -> LocalDate? {
    let parts = text.split(separator: " ").map(String.init)
    guard parts.count == 4, let day = Int(parts[1]), let index = LocalDate.monthAbbreviations.firstIndex(of: parts[2]),
      let year = Int(parts[3]), let date = LocalDate(year: year, month: index + 1, day: day), date.readable == text
    else { return nil }
    return date
  }
}

extension String {
  /// The rest after `prefix`, or nil when it does not start so.
  fileprivate func dropping(_ prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
