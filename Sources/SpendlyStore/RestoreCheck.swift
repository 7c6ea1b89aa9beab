import SpendlyCore

/// The read-back check at the end of a restore: every transaction must read back and meet the
/// rules a typed one meets, and the first (by id) that does not is the error.
///
/// Checked set-wise, not a row at a time: a transaction's checks are each on the columns of
/// its "shape" (kind, currency, catalog ids, entry, status, …: few distinct values across a whole
/// file) or on one column of its own (a date, an amount, a merchant). One real row of each
/// shape is checked whole; each distinct value of a column of its own is checked in that row's
/// place; and the per-row columns SQL can clear (plain ASCII text, amounts in range) are cleared
/// in one query. The rows left over are checked one by one, as are all rows once anything above
/// fails: so the error is the one checking every row in order gives (`eachRow`).
enum RestoreCheck {
  /// How each stored column of a transaction is checked (`RestoreCheckTests` keeps every
  /// column of `TransactionColumns` in one of these).
  enum Part: Equatable {
    /// Grouped by: one row of each distinct combination is checked whole.
    case shape
    /// Grouped by whether it has a value (all the rules ask of it).
    case presence
    /// One of its own, each distinct value checked in a checked row's place.
    case distinct
    /// One of its own, cleared in SQL by `sureSQL` or else its row checked whole.
    case sure(String)
    /// Read as any text and held to no rule.
    case unchecked
  }

  /// The parts, by column. The date is part of the shape once there are accounts (whether an
  /// account is open, and which one a method draws on, depends on it).
  static func parts(accounts: Bool) -> [String: Part] {
    let text = { (name: String, limit: Int) in
      // What `Validator.cleaned` takes as it is: printable ASCII, no space at either end.
      Part.sure(
        "(t.\(name) IS NULL OR (typeof(t.\(name)) = 'text' AND length(t.\(name)) BETWEEN 1 AND \(limit)"
          + " AND t.\(name) NOT GLOB '*[^ -~]*' AND t.\(name) NOT GLOB ' *' AND t.\(name) NOT GLOB '* '))")
    }
    let integer = { (name: String) in Part.sure("typeof(t.\(name)) IN ('integer', 'null')") }
    return [
      "kind": .shape, "currency": .shape, "category_id": .shape, "method_id": .shape, "account_id": .shape,
      "counter_account_id": .shape, "counter_method_id": .shape, "entry": .shape, "status": .shape,
      "foreign_currency": .shape,
      // Whether there is one (an import's transfer may name one end only).
      "import_source": .presence,
      "date": accounts ? .shape : .distinct,
      "time": .distinct, "posted_date": .distinct, "rate": .distinct, "created_at": .distinct, "updated_at": .distinct,
      // Above zero and, whatever the currency, within what an entry may be.
      "amount": .sure(
        "(typeof(t.amount) = 'integer' AND t.amount > 0 AND t.amount <= \(AmountParser.maximumMajorUnits))"),
      "foreign_amount": .sure(
        "(t.foreign_amount IS NULL OR (typeof(t.foreign_amount) = 'integer' AND t.foreign_amount > 0))"),
      "merchant": text("merchant", TextLimits.merchant), "note": text("note", TextLimits.note),
      "recurring_id": integer("recurring_id"), "debt_id": integer("debt_id"), "mcc": integer("mcc"),
      "external_ref": .unchecked, "counter_ref": .unchecked, "merchant_key": .unchecked,
    ]
  }

  /// Throws the first transaction that does not read back or breaks a rule.
  static func run(_ db: Database, catalog: Catalog) throws {
    let parts = Self.parts(accounts: !catalog.accounts.isEmpty)
    let columns = TransactionColumns.names + ["created_at", "updated_at"]
    var group = columns.filter { parts[$0] == .shape }.map { "t.\($0)" }
    group += columns.filter { parts[$0] == .presence }.map { "t.\($0) IS NULL" }
    // A foreign amount's currency is read only when there is one.
    group.append("t.foreign_amount IS NULL")
    // One real row of each shape, checked whole.
    let shapes = try db.rows("SELECT min(t.id) FROM transactions t GROUP BY \(group.joined(separator: ", "))")
    var model: Row?
    for shape in shapes {
      guard let row = try db.row(TransactionRecords.selectColumns + " WHERE t.id = ?", [shape.values[0]]),
        passes(row, catalog: catalog)
      else { return try eachRow(db, catalog: catalog) }
      if model == nil { model = row }
    }
    guard let model else { return }
    // Each distinct value of a column of its own, in the checked row's place.
    for column in columns where parts[column] == .distinct {
      guard let place = TransactionColumns.selectedPlace(of: column) else { return try eachRow(db, catalog: catalog) }
      for value in try db.rows("SELECT DISTINCT t.\(column) FROM transactions t") {
        var values = model.values
        values[place] = value.values[0]
        guard passes(Row(values: values), catalog: catalog) else { return try eachRow(db, catalog: catalog) }
      }
    }
    // The rest of a row's own columns in SQL; the rows it cannot clear, checked whole.
    let sure = columns.compactMap { column -> String? in
      guard case .sure(let sql)? = parts[column] else { return nil }
      return sql
    }
    try eachRow(db, catalog: catalog, where: "WHERE NOT coalesce(\(sure.joined(separator: " AND ")), 0)")
  }

  /// Whether a selected row reads back and meets the rules.
  private static func passes(_ row: Row, catalog: Catalog) -> Bool {
    guard let transaction = try? TransactionRecords.transaction(from: row) else { return false }
    return (try? Validator.validate(transaction.fields, catalog: catalog)) != nil
  }

  /// Checks the transactions `clause` chooses (all of them without one) a row at a time, in order.
  static func eachRow(_ db: Database, catalog: Catalog, where clause: String = "") throws {
    let statement = try db.statement(TransactionRecords.selectColumns + " \(clause) ORDER BY t.id")
    defer { statement.reset() }
    while try statement.step() {
      let row = statement.row()
      do {
        _ = try Validator.validate(try TransactionRecords.transaction(from: row).fields, catalog: catalog)
      } catch let error as ValidationError {
        throw StoreError.invalid(
          ValidationError(
            field: "transaction #\(row.text(0) ?? "?") \(error.field)", value: error.value, reason: error.reason))
      } catch let error as DamagedRow {
        throw StoreError.invalid(
          ValidationError(
            field: "transaction #\(row.text(0) ?? "?") \(error.field)", value: error.value ?? "",
            reason: "is not \(error.expected)"))
      }
    }
  }
}
