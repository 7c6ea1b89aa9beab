import CSQLite
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

  /// Throws the first revision whose fields cannot be read back: one without them that is not
  /// its transaction's current one (only the current row holds such a revision's fields,
  /// `ThinRevisionsMigration`), or one that has them but lacks one a transaction must have.
  static func revisions(_ db: Database) throws {
    let required = ThinRevisionsMigration.loosened.dropFirst()
    guard
      let row = try db.row(
        """
        SELECT r.id, r.txn_id, r.kind IS NULL FROM revisions r
        WHERE CASE WHEN r.kind IS NULL
          THEN r.live = 0 OR NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = r.txn_id AND t.revision_id = r.id)
          ELSE \(required.map { "r.\($0) IS NULL" }.joined(separator: " OR "))
        END
        ORDER BY r.id LIMIT 1
        """)
    else { return }
    let reason =
      row.int(2) == 1
      ? "has no fields, and is not the current revision of transaction #\(row.int(1) ?? 0), which would hold them"
      : "lacks a field every revision has (amount, currency, method, date, status or entry)"
    throw StoreError.invalid(ValidationError(field: "table revisions", value: "#\(row.int(0) ?? 0)", reason: reason))
  }

  /// Throws the first transaction that does not read back or breaks a rule.
  static func run(_ db: Database, catalog: Catalog) throws {
    let parts = Self.parts(accounts: !catalog.accounts.isEmpty)
    let columns = TransactionColumns.names + ["created_at", "updated_at"]
    var shape = columns.filter { parts[$0] == .shape }.map { "t.\($0)" }
    shape += columns.filter { parts[$0] == .presence }.map { "t.\($0) IS NULL" }
    // A foreign amount's currency is read only when there is one.
    shape.append("t.foreign_amount IS NULL")
    let distinct = columns.filter { parts[$0] == .distinct }
    let sure = columns.compactMap { column -> String? in
      guard case .sure(let sql)? = parts[column] else { return nil }
      return sql
    }
    let cleared = "coalesce(\(sure.joined(separator: " AND ")), 0)"
    // One pass over the rows: the first row of each shape, each new value of a column of its
    // own, and whether SQL clears the rest of every row (each key compared as its bytes).
    let statement = try db.statement(
      "SELECT t.id, \(cleared), \((shape + distinct.map { "t.\($0)" }).joined(separator: ", ")) FROM transactions t")
    var shapes = Set<[UInt8]>()
    var representatives: [Int64] = []
    var seen = Array(repeating: Set<[UInt8]>(), count: distinct.count)
    var values: [(column: Int, value: SQLValue)] = []
    var leftOver = false
    var key: [UInt8] = []
    let firstDistinct = Int32(2 + shape.count)
    do {
      defer { statement.reset() }
      while try statement.step() {
        if sqlite3_column_int64(statement.handle, 1) == 0 { leftOver = true }
        key.removeAll(keepingCapacity: true)
        for index in 0..<Int32(shape.count) { statement.appendKey(2 + index, to: &key) }
        if shapes.insert(key).inserted { representatives.append(sqlite3_column_int64(statement.handle, 0)) }
        for index in distinct.indices {
          let column = firstDistinct + Int32(index)
          key.removeAll(keepingCapacity: true)
          statement.appendKey(column, to: &key)
          if seen[index].insert(key).inserted { values.append((index, statement.value(column))) }
        }
      }
    }
    // One real row of each shape, checked whole.
    var model: Row?
    for id in representatives {
      guard let row = try db.row(TransactionRecords.selectColumns + " WHERE t.id = ?", [.integer(id)]),
        passes(row, catalog: catalog)
      else { return try eachRow(db, catalog: catalog) }
      if model == nil { model = row }
    }
    guard let model else { return }
    // Each distinct value of a column of its own, in the checked row's place.
    let places = distinct.map { TransactionColumns.selectedPlace(of: $0) }
    for (column, value) in values {
      guard let place = places[column] else { return try eachRow(db, catalog: catalog) }
      var row = model.values
      row[place] = value
      guard passes(Row(values: row), catalog: catalog) else { return try eachRow(db, catalog: catalog) }
    }
    // The rows SQL could not clear, checked whole.
    if leftOver { try eachRow(db, catalog: catalog, where: "WHERE NOT \(cleared)") }
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
