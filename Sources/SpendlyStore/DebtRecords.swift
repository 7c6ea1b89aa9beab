import SpendlyCore

/// Debts: each add, edit and removal one change in the log. A debt's balance is never stored
/// as it changes: it is derived from the starting balance, the interest at each due date and
/// the payments linked to it (`debt_id`), so undoing a payment restores it.
public struct DebtRecords: RecordFamily {
  let store: Store
}

extension Store {
  /// Loans, cards and other debts.
  public var debts: DebtRecords { DebtRecords(store: self) }
}

extension DebtRecords {
  public func all() throws(StoreError) -> [Debt] { try read(nil) }

  /// The debt named `name` (any case).
  public func debt(named name: String) throws(StoreError) -> Debt? { try read(name).first }

  private func read(_ name: String?) throws(StoreError) -> [Debt] {
    try reading {
      try database.rows(
        """
        SELECT id, name, kind, balance, currency, start_date, apr, min_amount, min_percent, min_floor, due_day, term
        FROM debts \(name == nil ? "" : "WHERE name_key = spendly_name_key(?)") ORDER BY id
        """, name.map { [.text($0)] } ?? []
      ).map { row in
        let reader = RowReader(row: row, name: "debt #\(row.text(0) ?? "?")")
        let minimum: MinimumPayment
        if let amount = try reader.optionalInteger(7, "min_amount") {
          minimum = .fixed(amount)
        } else {
          minimum = .percent(
            try reader.required(8, "min_percent", "a percent") { DecimalNumber(text: $0) },
            floor: try reader.optionalInteger(9, "min_floor") ?? 0)
        }
        return Debt(
          id: try reader.integer(0, "id"), name: try reader.text(1, "name"),
          kind: try reader.required(2, "kind", "loan, card or other") { Debt.Kind(rawValue: $0) },
          balance: Money(minorUnits: try reader.integer(3, "balance"), currency: try reader.currency(4, "currency")),
          start: try reader.date(5, "start_date"),
          apr: try reader.required(6, "apr", "a rate") { DecimalNumber(text: $0) }, minimum: minimum,
          dueDay: Int(try reader.integer(10, "due_day")), term: try reader.optionalInteger(11, "term").map { Int($0) })
      }
    }
  }

  /// Adds a debt (its `id` is ignored).
  @discardableResult
  public func add(_ debt: Debt) throws(StoreError) -> Debt {
    try Self.check(debt)
    let fact = ChangeFact.debtAdded(
      id: nil, name: debt.name, balance: MoneyFact(debt.balance), apr: debt.apr.description)
    try change(.addDebt, fact: fact) { log in
      do {
        try log.db.run(
          """
          INSERT INTO debts(name, kind, balance, currency, start_date, apr, min_amount, min_percent, min_floor, due_day, term)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """, Self.values(debt))
      } catch let error as DatabaseError where error.resultCode.matches(.constraintUnique) {
        throw StoreError.duplicateName("debt", debt.name)
      }
      let id = log.db.lastInsertRowID
      try log.inserted(.debts, key: .integer(id))
      try log.record(.debtAdded(id: id, name: debt.name, balance: MoneyFact(debt.balance), apr: debt.apr.description))
    }
    return try self.debt(named: debt.name)!
  }

  /// Replaces a debt's record (found by its id); the change's fact holds `fields` (those the
  /// person gave, in order) before and after.
  public func edit(_ debt: Debt, fields: [DebtField]) throws(StoreError) {
    try Self.check(debt)
    let paid = try payments()[debt.id] ?? []
    if try Self.goesBelowZero(debt, paid) {
      throw .invalid(
        ValidationError(
          field: "balance", value: MoneyFormat.string(debt.balance), reason: "is less than its payments so far"))
    }
    if let first = paid.map(\.0).min(), first < debt.start {
      throw .invalid(
        ValidationError(field: "start", value: debt.start.description, reason: "is after its first payment (\(first))"))
    }
    guard let old = try all().first(where: { $0.id == debt.id }) else { throw .unknown("debt", debt.name) }
    let changes = fields.map { FieldChange(field: $0.rawValue, before: $0.value(of: old), after: $0.value(of: debt)) }
    try change(.editDebt, fact: .debtEdited(id: debt.id, name: old.name, changes: changes)) { log in
      try log.track(.debts, key: .integer(debt.id)) {
        do {
          try log.db.run(
            """
            UPDATE debts SET name = ?, kind = ?, balance = ?, currency = ?, start_date = ?, apr = ?, min_amount = ?,
              min_percent = ?, min_floor = ?, due_day = ?, term = ? WHERE id = ?
            """, Self.values(debt) + [.integer(debt.id)])
        } catch let error as DatabaseError where error.resultCode.matches(.constraintUnique) {
          throw StoreError.duplicateName("debt", debt.name)
        }
      }
    }
  }

  /// Removes a debt; its payments stay as expenses, no longer linked.
  public func remove(_ debt: Debt) throws(StoreError) {
    try change(.removeDebt, fact: .debtRemoved(id: debt.id, name: debt.name)) { log in
      try log.track(.debts, key: .integer(debt.id)) {
        try log.db.run("DELETE FROM debts WHERE id = ?", [.integer(debt.id)])
      }
    }
  }

  /// The payments linked to each debt: (date, minor units) by debt id.
  public func payments() throws(StoreError) -> [Int64: [(LocalDate, Int64)]] {
    try payments(excluding: nil)
  }

  func payments(excluding transaction: Int64?) throws(StoreError) -> [Int64: [(LocalDate, Int64)]] {
    try reading {
      var result: [Int64: [(LocalDate, Int64)]] = [:]
      for row in try database.rows(
        "SELECT debt_id, date, amount FROM transactions WHERE debt_id IS NOT NULL AND id IS NOT ? ORDER BY debt_id, date, id",
        [SQLValue(transaction)])
      {
        let reader = RowReader(row: row, name: "a payment of a debt")
        result[try reader.integer(0, "debt_id"), default: []].append(
          (try reader.date(1, "date"), try reader.integer(2, "amount")))
      }
      return result
    }
  }

  /// A payment is an expense in the debt's currency, no more than what is owed on its day
  /// (without the transaction it replaces): checked on every write that links a debt, so an
  /// edit cannot pay past zero or in another currency.
  func checkPayment(_ fields: TransactionFields, replacing transaction: Int64?) throws(StoreError) {
    guard let id = fields.debtID else { return }
    func refuse(_ field: String, _ value: String, _ reason: String) -> StoreError {
      .invalid(ValidationError(field: field, value: value, reason: reason))
    }
    guard let debt = try all().first(where: { $0.id == id }) else {
      // A payment of a debt since removed stays a plain expense: editing it is fine.
      if transaction != nil { return }
      throw refuse("debt", "#\(id)", "is no debt")
    }
    guard fields.kind == .expense else { throw refuse("kind", fields.kind.rawValue, "a debt payment is an expense") }
    if fields.date < debt.start {
      throw refuse("date", fields.date.description, "is before \(debt.name) started (\(debt.start))")
    }
    guard fields.amount.currency == debt.balance.currency else {
      throw refuse("currency", fields.amount.currency.code, "\(debt.name) is in \(debt.balance.currency.code)")
    }
    let others = try payments(excluding: transaction)[id] ?? []
    let owed = try Self.balance(debt, on: fields.date, others)
    let all = others + [(fields.date, fields.amount.minorUnits)]
    let belowZero = try Self.goesBelowZero(debt, all)
    if fields.amount.minorUnits > max(owed, 0) || belowZero {
      let shown = MoneyFormat.string(Money(minorUnits: max(owed, 0), currency: debt.balance.currency))
      throw refuse(
        "amount", MoneyFormat.string(fields.amount),
        "is more than \(debt.name)'s balance \(shown) on \(fields.date), with the payments after it")
    }
  }

  /// Whether these payments take the debt below zero on any payment's day.
  static func goesBelowZero(_ debt: Debt, _ payments: [(LocalDate, Int64)]) throws(StoreError) -> Bool {
    for payment in payments where try balance(debt, on: payment.0, payments) < 0 { return true }
    return false
  }

  /// The balance on `date`, or a refusal naming the figure that no longer fits.
  static func balance(_ debt: Debt, on date: LocalDate, _ payments: [(LocalDate, Int64)]) throws(StoreError) -> Int64 {
    try StoreError.exact { () throws(FigureTooLarge) in try debt.balance(on: date, payments: payments).minorUnits }
  }

  static func values(_ debt: Debt) -> [SQLValue] {
    let (amount, percent, floor): (Int64?, String?, Int64?) =
      switch debt.minimum {
      case .fixed(let amount): (amount, nil, nil)
      case .percent(let percent, let floor): (nil, percent.description, floor)
      }
    return [
      .text(debt.name), .text(debt.kind.rawValue), .integer(debt.balance.minorUnits), .text(debt.balance.currency.code),
      .text(debt.start.description), .text(debt.apr.description), SQLValue(amount), SQLValue(percent),
      SQLValue(floor), .integer(Int64(debt.dueDay)), SQLValue(debt.term.map { Int64($0) }),
    ]
  }

  static func check(_ debt: Debt) throws(StoreError) {
    func refuse(_ field: String, _ value: String, _ reason: String) -> StoreError {
      .invalid(ValidationError(field: field, value: value, reason: reason))
    }
    let name = debt.name.trimmingCharacters(in: " ")
    if name.isEmpty || name.count > 80 || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw refuse("name", debt.name, "must be 1 to 80 printable characters")
    }
    if debt.balance.minorUnits < 0 { throw refuse("balance", "\(debt.balance.minorUnits)", "is negative") }
    if !(1...31).contains(debt.dueDay) { throw refuse("due-day", "\(debt.dueDay)", "must be 1 to 31") }
    if let term = debt.term, !(1...1200).contains(term) { throw refuse("term", "\(term)", "must be 1 to 1200 months") }
    if PayoffPlan.compare(debt.apr, DecimalNumber(units: 1000, scale: 0)) > 0 {
      throw refuse("apr", debt.apr.description, "is more than 1000%")
    }
    switch debt.minimum {
    case .fixed(let amount) where amount < 0 || (amount == 0 && debt.term == nil):
      throw refuse("min", "\(amount)", "must be more than zero")
    case .percent(let percent, let floor) where (percent.isZero && floor <= 0) || floor < 0:
      throw refuse("min-percent", percent.description, "must be more than zero")
    default: break
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> Substring {
    var text = Substring(self)
    while text.first == set { text.removeFirst() }
    while text.last == set { text.removeLast() }
    return text
  }
}
