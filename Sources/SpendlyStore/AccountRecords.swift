import SpendlyCore

/// Accounts, their aliases and the methods that draw on them: each add, edit, rename and close
/// one change in the log. They are part of the catalog (the parser and the validator read them),
/// so a change to one drops the cached catalog.
public struct AccountRecords: RecordFamily {
  let store: Store
}

extension Store {
  /// Where the money is: savings, current, cash and wallets; cards and loans owed.
  public var accounts: AccountRecords { AccountRecords(store: self) }
}

/// A balance a bank's statement gave (or one typed with `reconcile`), as people read it: what
/// the account held, or what was owed on a card or loan.
public struct StatementBalance: Hashable, Sendable {
  /// Booked is the ledger balance; available includes pending holds and credit left.
  public enum Kind: String, Sendable, CaseIterable {
    case booked, available
  }

  public var kind: Kind
  public var amount: Int64
  public var asOf: LocalDate
  /// Where it came from: "typed", or the statement file's name.
  public var source: String?

  public init(kind: Kind, amount: Int64, asOf: LocalDate, source: String?) {
    self.kind = kind
    self.amount = amount
    self.asOf = asOf
    self.source = source
  }
}

extension AccountRecords {
  /// Every account, in the order added (from the cached catalog).
  public func all() throws(StoreError) -> [Account] { try store.catalog.current().accounts }

  /// The account a name or alias names, any case.
  public func account(named name: String) throws(StoreError) -> Account? {
    try store.catalog.current().account(named: name.trimmingSpaces())
  }

  /// The accounts as stored, for the catalog.
  func read(_ db: Database) throws -> [Account] {
    var aliases: [Int64: [String]] = [:]
    for row in try db.rows("SELECT account_id, alias FROM account_aliases ORDER BY alias") {
      let reader = RowReader(row: row, name: "account alias '\(row.text(1) ?? "")'")
      aliases[try reader.integer(0, "account_id"), default: []].append(try reader.text(1, "alias"))
    }
    var methods: [Int64: [String]] = [:]
    for row in try db.rows(
      "SELECT am.account_id, m.name FROM account_methods am JOIN methods m ON m.id = am.method_id ORDER BY m.id")
    {
      let reader = RowReader(row: row, name: "account method '\(row.text(1) ?? "")'")
      methods[try reader.integer(0, "account_id"), default: []].append(try reader.text(1, "name"))
    }
    return try db.rows(
      "SELECT id, name, type, institution, currency, last4, opening, opening_date, closed_on, number FROM accounts ORDER BY id"
    ).map { row in
      let reader = RowReader(row: row, name: "account #\(row.text(0) ?? "?")")
      let id = try reader.integer(0, "id")
      return Account(
        name: try reader.text(1, "name"), aliases: aliases[id] ?? [],
        type: try reader.required(2, "type", "an account type") { AccountType(rawValue: $0) },
        institution: row.text(3), currency: try reader.currency(4, "currency"), last4: row.text(5),
        opening: try reader.integer(6, "opening"), openingDate: try reader.optionalDate(7, "opening_date"),
        methods: methods[id] ?? [], closedOn: try reader.optionalDate(8, "closed_on"), number: row.text(9),
        id: AccountID(id))
    }
  }

  // MARK: Changes

  /// Adds an account with its aliases and methods.
  public func add(_ account: Account) throws(StoreError) {
    let account = try checked(account, replacing: nil)
    let opening = account.opening == 0 ? nil : MoneyFact(minor: account.opening, currency: account.currency.code)
    let fact = ChangeFact.accountAdded(id: nil, type: account.type.rawValue, name: account.name, opening: opening)
    try change(.addAccount, fact: fact) { log in
      try log.db.run(
        """
        INSERT INTO accounts(id, name, type, institution, currency, last4, opening, opening_date, closed_on, number)
        VALUES (\(Store.freshID("accounts")), ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, Self.values(account))
      let id = log.db.lastInsertRowID
      try log.inserted(.accounts, key: .integer(id))
      try log.record(.accountAdded(id: id, type: account.type.rawValue, name: account.name, opening: opening))
      try writeNames(log, id: id, account, old: nil)
    }
  }

  /// Replaces the account `name` names with `updated` (a rename keeps the old name as an alias,
  /// so phrases and filters that used it still find it). The change's fact says which:
  /// `renameAccount` the names before and after, `closeAccount` the day closed (or reopened).
  public func update(_ name: String, to updated: Account, action: ChangeAction = .editAccount) throws(StoreError) {
    guard let old = try account(named: name) else { throw .unknown("account", name) }
    var updated = updated
    if !NameKey.same(updated.name, old.name),
      !updated.aliases.contains(where: { NameKey.same($0, old.name) })
    {
      updated.aliases.append(old.name)
    }
    let account = try checked(updated, replacing: old.name)
    func fact(_ id: Int64?) -> ChangeFact {
      switch action {
      case .renameAccount: .accountRenamed(id: id, before: old.name, after: updated.name)
      case .closeAccount: .accountClosed(id: id, name: old.name, on: account.closedOn?.description)
      default: .accountEdited(id: id, name: old.name)
      }
    }
    try change(action, fact: fact(nil)) { log in
      guard
        let id = try log.db.row("SELECT id FROM accounts WHERE name_key = spendly_name_key(?)", [.text(old.name)])?.int(
          0)
      else { throw StoreError.unknown("account", name) }
      try log.record(fact(id))
      try log.track(.accounts, key: .integer(id)) {
        try log.db.run(
          """
          UPDATE accounts SET name = ?, type = ?, institution = ?, currency = ?, last4 = ?, opening = ?,
            opening_date = ?, closed_on = ?, number = ? WHERE id = ?
          """, Self.values(account) + [.integer(id)])
      }
      try writeNames(log, id: id, account, old: old)
    }
  }

  /// Records a statement balance (typed with `reconcile`, or from a statement file); one of the
  /// same kind, day and source is replaced.
  public func recordStatement(_ name: String, _ balance: StatementBalance) throws(StoreError) {
    guard let account = try account(named: name) else { throw .unknown("account", name) }
    let fact = ChangeFact.statementBalance(
      account: account.name, kind: balance.kind.rawValue,
      amount: MoneyFact(minor: balance.amount, currency: account.currency.code), asOf: balance.asOf.description)
    try change(.reconcile, fact: fact) { log in
      // A balance of the same kind for the same day from the same source replaces the one
      // before it (a corrected figure), in this change: undo brings the old one back.
      let earlier = try log.db.rows(
        """
        SELECT s.id FROM statement_balances s JOIN accounts a ON a.id = s.account_id
        WHERE a.name_key = spendly_name_key(?) AND s.kind = ? AND s.as_of = ? AND s.source IS ?
        """,
        [.text(account.name), .text(balance.kind.rawValue), .text(balance.asOf.description), SQLValue(balance.source)]
      ).compactMap { $0.int(0) }
      for id in earlier {
        try log.track(.statementBalances, key: .integer(id)) {
          try log.db.run("DELETE FROM statement_balances WHERE id = ?", [.integer(id)])
        }
      }
      try log.db.run(
        """
        INSERT INTO statement_balances(id, account_id, kind, amount, as_of, source)
        SELECT \(Store.freshID("statement_balances")), id, ?, ?, ?, ? FROM accounts WHERE name_key = spendly_name_key(?)
        """,
        [
          .text(balance.kind.rawValue), .integer(balance.amount), .text(balance.asOf.description),
          SQLValue(balance.source), .text(account.name),
        ])
      try log.inserted(.statementBalances, key: .integer(log.db.lastInsertRowID))
    }
  }

  /// The account's statement balances, oldest first.
  public func statements(_ name: String) throws(StoreError) -> [StatementBalance] {
    try reading {
      try database.rows(
        """
        SELECT s.kind, s.amount, s.as_of, s.source FROM statement_balances s JOIN accounts a ON a.id = s.account_id
        WHERE a.name_key = spendly_name_key(?) ORDER BY s.as_of, s.id
        """, [.text(name)]
      ).map { row in
        let reader = RowReader(row: row, name: "statement balance of \(name)")
        return StatementBalance(
          kind: try reader.required(0, "kind", "booked or available") { StatementBalance.Kind(rawValue: $0) },
          amount: try reader.integer(1, "amount"), asOf: try reader.date(2, "as_of"), source: row.text(3))
      }
    }
  }

  // MARK: Rows

  private static func values(_ account: Account) -> [SQLValue] {
    [
      .text(account.name), .text(account.type.rawValue), SQLValue(account.institution), .text(account.currency.code),
      SQLValue(account.last4), .integer(account.opening), SQLValue(account.openingDate?.description),
      SQLValue(account.closedOn?.description), SQLValue(account.number),
    ]
  }

  /// The account with its names cleaned and its methods spelled as in the catalog, once no other
  /// account has its name, an alias or a method.
  private func checked(_ account: Account, replacing old: String?) throws(StoreError) -> Account {
    var result = account
    let catalog = try store.catalog.current()
    do throws(ValidationError) {
      guard let name = try Validator.cleanedName(account.name, field: "name") else {
        throw ValidationError(field: "name", value: "", reason: "is empty")
      }
      result.name = name
      result.aliases = []
      for alias in account.aliases {
        if let alias = try Validator.cleanedName(alias, field: "alias") { result.aliases.append(alias) }
      }
      result.institution = try Validator.cleaned(account.institution, field: "institution", limit: 60)
      if let last4 = account.last4, last4.count != 4 || !last4.allSatisfy({ $0.isASCII && $0.isNumber }) {
        throw ValidationError(field: "last4", value: last4, reason: "must be four digits")
      }
      guard Currency.named(account.currency.code) == account.currency else {
        throw ValidationError(field: "currency", value: account.currency.code, reason: "unknown currency")
      }
      result.methods = []
      for text in account.methods {
        guard let method = catalog.method(named: text) else {
          throw ValidationError(
            field: "methods", value: text,
            reason: "unknown payment method (known: \(catalog.methods.map(\.name).joined(separator: ", ")))")
        }
        if let owner = catalog.account(forMethod: method.name), !NameKey.same(owner.name, old) {
          throw ValidationError(
            field: "methods", value: method.name, reason: "already draws on \(owner.name) (edit that account first)")
        }
        result.methods.append(method.name)
      }
    } catch {
      throw .invalid(error)
    }
    for word in [result.name] + result.aliases {
      if let other = catalog.account(named: word), !NameKey.same(other.name, old) {
        throw .duplicateName("account", word)
      }
      // "food" as an account would take "300 upi food" away from the category.
      if let category = catalog.category(named: word) {
        throw .invalid(
          ValidationError(
            field: "alias", value: word, reason: "names the category \(category.name); choose another word"))
      }
    }
    return result
  }

  /// Makes the account's aliases and methods what `account` says, each row recorded for undo.
  private func writeNames(_ log: ChangeRecorder, id: Int64, _ account: Account, old: Account?) throws {
    let db = log.db
    for alias in old?.aliases ?? [] where !account.aliases.contains(alias) {
      try log.track(.accountAliases, key: .text(alias)) {
        try db.run("DELETE FROM account_aliases WHERE alias_key = spendly_name_key(?)", [.text(alias)])
      }
    }
    for alias in account.aliases where !(old?.aliases.contains(alias) ?? false) {
      try log.track(.accountAliases, key: .text(alias)) {
        try db.run("INSERT INTO account_aliases(alias, account_id) VALUES (?, ?)", [.text(alias), .integer(id)])
      }
    }
    let catalog = try store.catalog.current()
    for method in Set(old?.methods ?? []).union(account.methods) {
      guard let methodID = catalog.method(named: method)?.id?.rawValue else { continue }
      try log.track(.accountMethods, key: .integer(methodID)) {
        if account.methods.contains(method) {
          try db.run(
            "INSERT INTO account_methods(method_id, account_id) VALUES (?, ?) ON CONFLICT DO UPDATE SET account_id = ?",
            [.integer(methodID), .integer(id), .integer(id)])
        } else {
          try db.run("DELETE FROM account_methods WHERE method_id = ?", [.integer(methodID)])
        }
      }
    }
  }
}

extension Store {
  /// A new row id past every id the table has and every one the change log remembers for it, so
  /// a redo of an undone addition never meets another row under its id (SQL for an INSERT).
  static func freshID(_ table: String) -> String {
    "(SELECT coalesce(max(m), 0) + 1 FROM (SELECT max(id) AS m FROM \(table) UNION ALL "
      + "SELECT max(CAST(row_key AS INTEGER)) FROM change_rows WHERE tbl = '\(table)'))"
  }
}
