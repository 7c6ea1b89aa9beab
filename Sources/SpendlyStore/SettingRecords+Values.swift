import SpendlyCore

/// The person's settings: the one place each is named, with its stored key, the word
/// `spendly config` takes for it, and its value until set.
public enum SettingKey: String, CaseIterable, Sendable {
  case currency = "default_currency"
  case method = "default_method"
  case card = "default_card"
  case incomeMethod = "default_income_method"
  case weekStart = "week_start"
  /// Whether pending and authorized rows count in totals: include (the default) or exclude.
  case pending = "pending"

  /// The word `spendly config` takes (and `log` shows).
  public var word: String {
    switch self {
    case .currency: return "currency"
    case .method: return "method"
    case .card: return "card"
    case .incomeMethod: return "income-method"
    case .weekStart: return "week"
    case .pending: return "pending"
    }
  }

  /// The value until the person sets one.
  public var defaultValue: String {
    switch self {
    case .currency: return "INR"
    case .method: return "Cash"
    case .card: return "Credit Card"
    case .incomeMethod: return "Bank Transfer"
    case .weekStart: return "monday"
    case .pending: return "include"
    }
  }

  /// A setting that names a payment method: read by the method's current name, since a setting
  /// keeps the name it was given and after a rename that name is an alias.
  public var namesMethod: Bool { [.method, .card, .incomeMethod].contains(self) }

  /// The setting `spendly config` calls `word`, or nil.
  public static func named(_ word: String) -> SettingKey? { allCases.first { $0.word == word.lowercased() } }
}

extension SettingRecords {
  /// The setting's stored value, or its default.
  public func value(_ key: SettingKey) throws(StoreError) -> String {
    do {
      return try database.row("SELECT value FROM settings WHERE key = ?", [.text(key.rawValue)])?.text(0)
        ?? key.defaultValue
    } catch {
      throw failure(error)
    }
  }

  /// Sets a setting: one change in the log (its fact the values before and after), undoable.
  public func set(_ key: SettingKey, _ value: String) throws(StoreError) {
    let old = try self.value(key)
    // The same value again changes nothing, so it takes no step of undo.
    if old == value, try currentlyStored(key) { return }
    try change(.setting, fact: .setting(key: key.word, before: old, after: value)) { log in
      try log.track(.settings, key: .text(key.rawValue)) {
        try log.db.run(
          "INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          [.text(key.rawValue), .text(value)])
      }
    }
  }

  /// Whether the setting has a row of its own (a default is not stored).
  func currentlyStored(_ key: SettingKey) throws(StoreError) -> Bool {
    do {
      return try database.row("SELECT 1 FROM settings WHERE key = ?", [.text(key.rawValue)]) != nil
    } catch {
      throw failure(error)
    }
  }

  /// A setting as it reads now: one that names a method by the method's current name.
  public func current(_ key: SettingKey) throws(StoreError) -> String {
    guard key.namesMethod else { return try value(key) }
    return try store.catalog.current().methodName(try value(key), fallback: key.defaultValue)
  }

  /// Whether `config pending exclude` leaves pending and authorized rows out of totals.
  public func pendingExcluded() throws(StoreError) -> Bool { try value(.pending) == "exclude" }

  /// The default currency setting (INR until changed).
  public func defaultCurrency() throws(StoreError) -> Currency {
    Currency.named(try value(.currency)) ?? .inr
  }
}

extension SettingRecords {
  /// Where the monthly budget of the last debt plan is kept, for "when will I be debt free":
  /// in the database (so a copy, backup or restore keeps it), not a `config` setting.
  static let debtPlanBudgetKey = "debt_plan_budget"

  /// The last debt plan's budget as stored ("4000000 INR"), nil before any plan.
  public func debtPlanBudget() throws(StoreError) -> String? {
    do {
      return try database.row("SELECT value FROM settings WHERE key = ?", [.text(Self.debtPlanBudgetKey)])?.text(0)
    } catch {
      throw failure(error)
    }
  }

  /// Keeps a plan's budget: one change in the log; the same budget again changes nothing.
  public func setDebtPlanBudget(_ budget: Money) throws(StoreError) {
    let value = "\(budget.minorUnits) \(budget.currency.code)"
    let old = try debtPlanBudget()
    if old == value { return }
    try change(.setting, fact: .debtPlanBudget(budget: MoneyFact(budget))) { log in
      try log.track(.settings, key: .text(Self.debtPlanBudgetKey)) {
        try log.db.run(
          "INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          [.text(Self.debtPlanBudgetKey), .text(value)])
      }
    }
  }
}
