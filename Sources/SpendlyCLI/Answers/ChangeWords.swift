import SpendlyCore
import SpendlyStore

/// The change log's facts in plain words, as `log`, `undo` and `redo` show them: "added #12
/// -₹420.00 Food", "renamed category Food → Meals", "set budget Food ₹8,000.00 from Dec 2026".
enum ChangeWords {
  /// A change of the log: its fact in words, or, when it recorded none, its action and id.
  static func text(_ fact: ChangeFact?, action: String, id: Int64) -> String {
    fact.map(text) ?? "\(action) (change #\(id))"
  }

  static func text(_ fact: ChangeFact) -> String {
    switch fact {
    case .transactions(let written): return transactions(written)
    case .categoryAdded(_, let name, let side, let aliases): return "added \(side) category \(name)" + also(aliases)
    case .methodAdded(_, let name, let aliases): return "added payment method \(name)" + also(aliases)
    case .aliasAdded(let kind, let name, let alias): return "added alias \(alias) for \(noun(kind)) \(name)"
    case .renamed(let kind, _, let before, let after): return "renamed \(noun(kind)) \(before) → \(after)"
    case .setting(let key, let before, let after): return "set \(key) to \(after) (was \(before))"
    case .debtPlanBudget(let budget): return "remembered the debt plan budget \(money(budget))"
    case .budget(let budget): return self.budget(budget)
    case .scheduleAdded(_, let kind, let name, let amount, let cadence, let from, let linked):
      let links = linked == 0 ? "" : ", linking \(linked) \(linked == 1 ? "entry" : "entries") already stored"
      return "added \(scheduleNoun(kind)) \(name) \(money(amount)) \(cadence) from \(day(from))" + links
    case .schedulePrice(_, let name, let amount, let from):
      return "changed \(name) to \(money(amount)) from \(day(from))"
    case .scheduleEdited(_, let name): return "edited \(name)"
    case .schedulePaused(_, let name, let from): return "paused \(name) from \(day(from))"
    case .scheduleResumed(_, let name, let on): return "resumed \(name) on \(day(on))"
    case .scheduleEnded(_, let name, let on):
      return on.map { "ended \(name) on \(day($0))" } ?? "\(name) runs on with no end"
    case .scheduleSkipped(_, let name, let on): return "skipped \(name) on \(day(on))"
    case .scheduleDeleted(_, let kind, let name): return "deleted \(scheduleNoun(kind)) \(name)"
    case .recurringLogged(let charges, let incomes): return logged(charges, incomes: incomes)
    case .debtAdded(_, let name, let balance, let apr): return "added debt \(name) \(money(balance)) at \(apr)%"
    case .debtEdited(_, let name, let changes):
      return "edited debt \(name): " + changes.map(debtField).joined(separator: ", ")
    case .debtRemoved(_, let name): return "removed debt \(name)"
    case .debtPaid(_, let name, let amount): return "paid \(money(amount)) on debt \(name)"
    case .accountAdded(_, let type, let name, let opening):
      return "added \(type) account \(name)" + (opening.map { " opening \(money($0))" } ?? "")
    case .accountRenamed(_, let before, let after): return "renamed account \(before) to \(after)"
    case .accountEdited(_, let name): return "edited account \(name)"
    case .accountClosed(_, let name, let on):
      return on.map { "closed account \(name) on \($0)" } ?? "reopened account \(name)"
    case .statementBalance(let account, let kind, let amount, let asOf):
      return "recorded \(account) \(kind) balance \(money(amount)) on \(asOf)"
    case .mappingSaved(let account): return "saved the CSV mapping of \(account)"
    case .imported(let file): return imported(file)
    case .replaced(let source, let kept):
      return "replaced the database with \(source)" + (kept.map { "; the database it replaced is kept at \($0)" } ?? "")
    case .undid(let change, let fact): return "undid: " + (fact.map(text) ?? "change #\(change ?? 0)")
    case .redid(let change, let fact): return "redid: " + (fact.map(text) ?? "change #\(change ?? 0)")
    case .said(let sentence): return sentence
    }
  }

  /// "added #12 -₹420.00 Food", "deleted #4", "imported 214 transactions".
  private static func transactions(_ written: TransactionsFact) -> String {
    let verb =
      switch ChangeAction(rawValue: written.action) {
      case .add: "added"
      case .edit: "edited"
      case .delete: "deleted"
      case .import: "imported"
      case .logRecurring: "logged"
      case .payDebt: "paid"
      default: written.action
      }
    guard written.count == 1, let id = written.ids.first else { return "\(verb) \(written.count) transactions" }
    guard let entry = written.entry else { return "\(verb) #\(id)" }
    let kind = Kind(rawValue: entry.kind) ?? .expense
    return "\(verb) #\(id) \(MoneyFormat.signed(entry.amount.money, kind: kind)) \(entry.category)"
  }

  /// "set budget Food ₹8,000.00 from Dec 2026 (was ₹6,000.00)", "cleared budget overall for Dec 2026 only".
  private static func budget(_ budget: BudgetFact) -> String {
    let month = YearMonth(text: budget.month)?.readable ?? budget.month
    let when = budget.scope == BudgetRule.Scope.from.rawValue ? "from \(month)" : "for \(month) only"
    let name = budget.category ?? "overall"
    let amount = { (minor: Int64) in money(MoneyFact(minor: minor, currency: budget.currency)) }
    let was = budget.before.map { " (was \(amount($0)))" } ?? ""
    guard let limit = budget.limit else { return "cleared budget \(name) \(when)" + was }
    return "set budget \(name) \(amount(limit)) \(when)" + (budget.rollover ? " with rollover" : "") + was
  }

  /// "logged 2 recurring entries: Netflix ×2, Salary".
  private static func logged(_ charges: [NamedCount], incomes: Int) -> String {
    let count = charges.reduce(0) { $0 + $1.count }
    let names = charges.map { $0.count > 1 ? "\($0.name) ×\($0.count)" : $0.name }.sorted()
    let what =
      incomes == 0
      ? "recurring charge\(count == 1 ? "" : "s")"
      : incomes == count ? "recurring income entr\(count == 1 ? "y" : "ies")" : "recurring entries"
    return "logged \(count) \(what): \(names.joined(separator: ", "))"
  }

  /// "imported statement.ofx (6 rows)", "imported books.csv: 2 transactions", "merged books.json: 1 transaction".
  private static func imported(_ file: ImportFact) -> String {
    var added = file.added.map { ": \($0) transaction\($0 == 1 ? "" : "s")" } ?? ""
    // An edited export back in: as its summary said ("3 updated · 0 added · 1 deleted").
    if file.updated != nil || file.deleted != nil {
      added =
        ": \(file.updated ?? 0) updated · \(file.added ?? 0) added"
        + (file.deleted.map { $0 > 0 ? " · \($0) deleted" : "" } ?? "")
    }
    switch file.format {
    case .statement:
      let rows = file.rows ?? 0
      return "imported \(file.file) (\(rows) row\(rows == 1 ? "" : "s"))" + added
    case .csv: return "imported \(file.file)" + added
    case .json: return "merged \(file.file)" + added
    }
  }

  /// One field `debts edit` changed, as it is now: "balance ₹95,000.00", "APR 11.5%", "term none".
  static func debtField(_ change: FieldChange) -> String {
    let label =
      switch DebtField(rawValue: change.field) {
      case .apr: "APR"
      case .dueDay: "due day"
      default: change.field
      }
    switch (DebtField(rawValue: change.field), change.after) {
    case (.apr, .decimal(let rate)): return "APR \(rate)%"
    case (.term, .integer(let months)): return "term \(months) months"
    case (.term, .absent): return "term none"
    default: return "\(label) \(value(change.after))"
    }
  }

  /// A fact's value in words: money formatted, a minimum as `DebtView.minimum` words it.
  static func value(_ value: FactValue) -> String {
    switch value {
    case .text(let text), .decimal(let text), .date(let text): return text
    case .integer(let number): return String(number)
    case .money(let amount): return money(amount)
    case .minimum(let fixed, let percent, let floor, let currency, let amortized):
      if let percent {
        return "\(percent)% (at least \(money(MoneyFact(minor: floor ?? 0, currency: currency))))"
      }
      return money(MoneyFact(minor: fixed ?? 0, currency: currency)) + (amortized ? " (amortized)" : "")
    case .absent: return "none"
    }
  }

  private static func money(_ amount: MoneyFact) -> String { MoneyFormat.string(amount.money) }

  private static func day(_ iso: String) -> String { LocalDate(iso: iso)?.readable ?? iso }

  private static func also(_ aliases: [String]) -> String {
    aliases.isEmpty ? "" : " (\(aliases.joined(separator: ", ")))"
  }

  private static func noun(_ kind: String) -> String { CatalogKind(rawValue: kind)?.noun ?? kind }

  private static func scheduleNoun(_ kind: String) -> String {
    kind == Kind.income.rawValue ? "income source" : "subscription"
  }
}

extension BudgetChange {
  /// The budget as set, in words: "set budget Food ₹8,000.00 from Dec 2026".
  var summary: String { ChangeWords.text(.budget(set: fact)) }
}
