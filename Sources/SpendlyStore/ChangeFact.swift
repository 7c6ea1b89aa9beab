import Foundation
import SpendlyCore

/// What one change did, as data: the records it touched (by family and id) and the values
/// that changed. The store keeps it as JSON in `changes.fact`; the CLI words it for `log`.
public indirect enum ChangeFact: Codable, Sendable, Equatable {
  /// Transactions added, edited, deleted, imported or logged (`TransactionsFact`).
  case transactions(written: TransactionsFact)
  case categoryAdded(id: Int64?, name: String, side: String, aliases: [String])
  case methodAdded(id: Int64?, name: String, aliases: [String])
  /// An alias of the category or method (`kind`, a `CatalogKind`) now called `name`.
  case aliasAdded(kind: String, name: String, alias: String)
  case renamed(kind: String, id: Int64?, before: String, after: String)
  /// A setting (`key`, its `SettingKey.word`) from `before` to `after`.
  case setting(key: String, before: String, after: String)
  /// The monthly budget of the last debt plan, kept for "when will I be debt free".
  case debtPlanBudget(budget: MoneyFact)
  case budget(set: BudgetFact)
  /// A schedule (`kind` expense or income) added, with the stored entries it linked.
  case scheduleAdded(
    id: Int64?, kind: String, name: String, amount: MoneyFact, cadence: String, from: String, linked: Int)
  case schedulePrice(id: Int64?, name: String, amount: MoneyFact, from: String)
  case scheduleEdited(id: Int64?, name: String)
  case schedulePaused(id: Int64?, name: String, from: String)
  case scheduleResumed(id: Int64?, name: String, on: String)
  /// The schedule's last date (ISO), nil when it runs on.
  case scheduleEnded(id: Int64?, name: String, on: String?)
  case scheduleSkipped(id: Int64?, name: String, on: String)
  case scheduleDeleted(id: Int64?, kind: String, name: String)
  /// Due occurrences logged: each schedule's name with how many, and how many were income.
  case recurringLogged(charges: [NamedCount], incomes: Int)
  case debtAdded(id: Int64?, name: String, balance: MoneyFact, apr: String)
  /// The fields given to `debts edit`, in the order given, each with its value before and after.
  case debtEdited(id: Int64, name: String, changes: [FieldChange])
  case debtRemoved(id: Int64?, name: String)
  case debtPaid(id: Int64?, name: String, amount: MoneyFact)
  case accountAdded(id: Int64?, type: String, name: String, opening: MoneyFact?)
  case accountRenamed(id: Int64?, before: String, after: String)
  case accountEdited(id: Int64?, name: String)
  /// Closed on `on` (ISO), or reopened when nil.
  case accountClosed(id: Int64?, name: String, on: String?)
  case statementBalance(account: String, kind: String, amount: MoneyFact, asOf: String)
  case mappingSaved(account: String)
  case imported(file: ImportFact)
  /// The whole database replaced by `source`; the replaced one kept at `kept`.
  case replaced(source: String, kept: String?)
  /// An undo of change `change`, which did `fact` (nil `change`: from before facts; nil
  /// `fact`: the change recorded none).
  case undid(change: Int64?, fact: ChangeFact?)
  case redid(change: Int64?, fact: ChangeFact?)
  /// A sentence from before facts that no pattern read: kept as it was written.
  case said(sentence: String)
}

/// An amount as minor units and an ISO currency code (never floating point).
public struct MoneyFact: Codable, Sendable, Equatable {
  public let minor: Int64
  public let currency: String

  public init(minor: Int64, currency: String) {
    self.minor = minor
    self.currency = currency
  }

  public init(_ money: Money) { self.init(minor: money.minorUnits, currency: money.currency.code) }

  /// The amount, in its currency (an unknown code is shown by its code).
  public var money: Money { Money(minorUnits: minor, currency: Currency.stored(currency)) }
}

/// Transactions a change wrote: its action, the ids (in order) and how many; for a single
/// one, its amount, kind and category when the change said them.
public struct TransactionsFact: Codable, Sendable, Equatable {
  public let action: String
  public let ids: [Int64]
  public let count: Int
  public let entry: EntryFact?

  public init(action: String, ids: [Int64], count: Int, entry: EntryFact?) {
    self.action = action
    self.ids = ids
    self.count = count
    self.entry = entry
  }
}

/// One transaction in a few values: "-₹420.00 Food" once worded.
public struct EntryFact: Codable, Sendable, Equatable {
  public let amount: MoneyFact
  public let kind: String
  public let category: String

  public init(amount: MoneyFact, kind: String, category: String) {
    self.amount = amount
    self.kind = kind
    self.category = category
  }

  init(_ fields: TransactionFields) {
    self.init(amount: MoneyFact(fields.amount), kind: fields.kind.rawValue, category: fields.category)
  }
}

/// A budget set (a limit) or cleared (nil), from a month on or for it only, with the limit
/// it replaced when that differed.
public struct BudgetFact: Codable, Sendable, Equatable {
  /// The category, nil for the overall budget.
  public let category: String?
  public let currency: String
  public let limit: Int64?
  /// `from` or `month` (`BudgetRule.Scope`).
  public let scope: String
  /// YYYY-MM.
  public let month: String
  public let rollover: Bool
  public let before: Int64?

  public init(
    category: String?, currency: String, limit: Int64?, scope: String, month: String, rollover: Bool, before: Int64?
  ) {
    self.category = category
    self.currency = currency
    self.limit = limit
    self.scope = scope
    self.month = month
    self.rollover = rollover
    self.before = before
  }
}

/// A file imported: a statement (with its row count), Spendly's CSV, or Spendly's JSON merged;
/// `added` the transactions written, when counted.
public struct ImportFact: Codable, Sendable, Equatable {
  public enum Format: String, Codable, Sendable { case statement, csv, json }
  public let file: String
  public let format: Format
  public let rows: Int?
  public var added: Int?
  /// An edited `--all-fields` CSV: the transactions it updated and (`--sync-deletes`) deleted.
  public var updated: Int?
  public var deleted: Int?

  public init(file: String, format: Format, rows: Int? = nil, added: Int? = nil) {
    self.file = file
    self.format = format
    self.rows = rows
    self.added = added
  }
}

/// A name and how many times: "Netflix" twice.
public struct NamedCount: Codable, Sendable, Equatable {
  public let name: String
  public let count: Int

  public init(name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

/// One field of a record, before and after a change.
public struct FieldChange: Codable, Sendable, Equatable {
  public let field: String
  public let before: FactValue
  public let after: FactValue

  public init(field: String, before: FactValue, after: FactValue) {
    self.field = field
    self.before = before
    self.after = after
  }
}

/// A field's value in a fact: text, a count, a decimal as written (a rate), money, an ISO
/// date, a debt's minimum payment, or none (`absent`).
public enum FactValue: Codable, Sendable, Equatable {
  case text(String)
  case integer(Int64)
  case decimal(String)
  case money(MoneyFact)
  case date(String)
  /// A fixed minimum (`amortized` when a term makes it), or a percent with a floor.
  case minimum(fixed: Int64?, percent: String?, floor: Int64?, currency: String, amortized: Bool)
  case absent
}

extension ChangeFact {
  /// The fact as stored: JSON with sorted keys.
  var stored: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// The fact of a stored JSON text, or nil when it is none.
  static func read(_ text: String) -> ChangeFact? {
    try? JSONDecoder().decode(ChangeFact.self, from: Data(text.utf8))
  }
}
