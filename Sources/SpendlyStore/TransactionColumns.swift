import SpendlyCore

/// The stored columns of a transaction's fields, each declared once with how it is written, how
/// it is read back and what an export reads for it: every SQL column list (current rows and
/// revisions), the joins, the row decoder and the export's select come from `all`. A new column
/// is one entry there and its migration in `Schema`.
enum TransactionColumns {
  /// A catalog table a column's id points at, joined to read the name back.
  struct Join: Sendable {
    let table: String
    let alias: String
  }

  /// One stored field: its SQL columns (an amount is two, minor units and currency), the catalog
  /// name joined for an id, its values for some resolved fields, and how a read row fills it in.
  struct Column: Sendable {
    let names: [String]
    let join: Join?
    /// The export's fields this column gives (`StoredRow`), with the SQL each is read by, given
    /// the table's alias ("t").
    let exported: @Sendable (_ alias: String) -> [(TransactionField, String)]
    /// Appends the column's values for some resolved fields (one array a row, not one a column).
    let append: @Sendable (_ resolved: ResolvedFields, _ values: inout [SQLValue]) -> Void
    /// Reads the column's own values (and its joined name, after them) into `fields`.
    let read: @Sendable (_ fields: inout TransactionFields, _ row: ColumnRow) throws(DamagedRow) -> Void

    /// How many values a selected row holds for it: its columns, then the joined name.
    var width: Int { names.count + (join == nil ? 0 : 1) }

    /// The column's values for `resolved`.
    func values(_ resolved: ResolvedFields) -> [SQLValue] {
      var values: [SQLValue] = []
      append(resolved, &values)
      return values
    }

    /// A column stored as it is, exported (when `field` is given) as it is stored.
    static func plain(
      _ name: String, _ field: TransactionField?, _ value: @escaping @Sendable (TransactionFields) -> SQLValue,
      read: @escaping @Sendable (inout TransactionFields, ColumnRow) throws(DamagedRow) -> Void
    ) -> Column {
      Column(
        names: [name], join: nil, exported: { alias in field.map { [($0, "\(alias).\(name)")] } ?? [] },
        append: { $1.append(value($0.fields)) }, read: read)
    }

    /// A catalog id, read back as the name it has now.
    static func reference(
      _ name: String, _ join: Join, _ field: TransactionField, exported: String? = nil,
      _ value: @escaping @Sendable (ResolvedFields) -> Int64?,
      read: @escaping @Sendable (inout TransactionFields, ColumnRow) throws(DamagedRow) -> Void
    ) -> Column {
      Column(
        names: [name], join: join, exported: { _ in [(field, exported ?? "\(join.alias).name")] },
        append: { $1.append(SQLValue(value($0))) }, read: read)
    }
  }

  /// A column's values in a selected row, read by the column's own place (0 for its first
  /// column); the joined name follows its columns.
  struct ColumnRow {
    let reader: RowReader
    let start: Int
    let column: Column

    func at(_ offset: Int) -> Int { start + offset }
    var name: String { column.names[0] }
    var joinedName: Int { start + column.names.count }
    var row: Row { reader.row }
  }

  private static let categories = Join(table: "categories", alias: "c")
  private static let methods = Join(table: "methods", alias: "m")
  private static let accounts = Join(table: "accounts", alias: "a")
  private static let counterAccounts = Join(table: "accounts", alias: "ca")
  private static let counterMethods = Join(table: "methods", alias: "cm")

  /// The field columns, in the order they are written, selected and bound.
  static let all: [Column] = [
    .plain("kind", .kind, { .text($0.kind.rawValue) }) { f, c throws(DamagedRow) in
      f.kind = try c.reader.required(c.at(0), c.name, "expense, income or transfer") { Kind(rawValue: $0) }
    },
    Column(
      names: ["amount", "currency"], join: nil,
      exported: { alias in [(.amount, "\(alias).amount"), (.currency, "\(alias).currency")] },
      append: {
        $1.append(.integer($0.fields.amount.minorUnits))
        $1.append(.text($0.fields.amount.currency.code))
      }
    ) { f, c throws(DamagedRow) in
      let minor = try c.reader.required(c.at(0), "amount", "a whole amount above zero") { _ -> Int64? in
        if case .integer(let value) = c.row.values[c.at(0)], value > 0 { return value }
        return nil
      }
      f.amount = Money(minorUnits: minor, currency: try c.reader.currency(c.at(1), "currency"))
    },
    .reference(
      "category_id", categories, .category,
      exported: "coalesce(c.name, CASE WHEN t.kind = 'transfer' THEN '\(Transfer.category)' END)",
      { $0.category?.rawValue }
    ) { f, c throws(DamagedRow) in
      f.category =
        f.kind == .transfer
        ? Transfer.category : try c.reader.joined(c.joinedName, id: c.at(0), c.name, "a category")
    },
    .reference("method_id", methods, .method, { $0.method.rawValue }) { f, c throws(DamagedRow) in
      f.method = try c.reader.joined(c.joinedName, id: c.at(0), c.name, "a payment method")
    },
    .plain("merchant", .merchant, { SQLValue($0.merchant) }) { f, c in f.merchant = c.row.text(c.at(0)) },
    .plain("note", .note, { SQLValue($0.note) }) { f, c in f.note = c.row.text(c.at(0)) },
    .plain("date", .date, { .text($0.date.description) }) { f, c throws(DamagedRow) in
      f.date = try c.reader.date(c.at(0), c.name)
    },
    .plain("time", .time, { SQLValue($0.time?.description) }) { f, c throws(DamagedRow) in
      f.time = try c.reader.optional(c.at(0), c.name, "a time") { LocalTime(text: $0) }
    },
    .plain("recurring_id", .recurring, { SQLValue($0.recurringID) }) { f, c throws(DamagedRow) in
      f.recurringID = try c.reader.optionalInteger(c.at(0), c.name)
    },
    .plain("import_source", .importSource, { SQLValue($0.importSource) }) { f, c in
      f.importSource = c.row.text(c.at(0))
    },
    .plain("external_ref", .externalReference, { SQLValue($0.externalReference) }) { f, c in
      f.externalReference = c.row.text(c.at(0))
    },
    .plain("status", .status, { .text($0.status.rawValue) }) { f, c throws(DamagedRow) in
      f.status = try c.reader.required(c.at(0), c.name, "booked, pending, authorized, memo or rejected") {
        TransactionStatus(rawValue: $0)
      }
    },
    Column(
      names: ["foreign_amount", "foreign_currency"], join: nil,
      exported: { alias in
        [(.foreignAmount, "\(alias).foreign_amount"), (.foreignCurrency, "\(alias).foreign_currency")]
      },
      append: {
        $1.append(SQLValue($0.fields.foreignAmount?.minorUnits))
        $1.append(SQLValue($0.fields.foreignAmount?.currency.code))
      }
    ) { f, c throws(DamagedRow) in
      guard let minor = try c.reader.optionalInteger(c.at(0), "foreign_amount") else { return }
      f.foreignAmount = Money(minorUnits: minor, currency: try c.reader.currency(c.at(1), "foreign_currency"))
    },
    .plain("rate", .rate, { SQLValue($0.rate?.text) }) { f, c throws(DamagedRow) in
      f.rate = try c.reader.optional(c.at(0), c.name, "a decimal rate") { ExchangeRate($0) }
    },
    .plain("debt_id", nil, { SQLValue($0.debtID) }) { f, c throws(DamagedRow) in
      f.debtID = try c.reader.optionalInteger(c.at(0), c.name)
    },
    .reference("account_id", accounts, .account, { $0.account?.rawValue }) { f, c throws(DamagedRow) in
      f.account = try c.reader.optionalJoined(c.joinedName, id: c.at(0), c.name, "an account")
    },
    .reference("counter_account_id", counterAccounts, .counterAccount, { $0.counterAccount?.rawValue }) {
      f, c throws(DamagedRow) in
      f.counterAccount = try c.reader.optionalJoined(c.joinedName, id: c.at(0), c.name, "an account")
    },
    .reference("counter_method_id", counterMethods, .counterMethod, { $0.counterMethod?.rawValue }) {
      f, c throws(DamagedRow) in
      f.counterMethod = try c.reader.optionalJoined(c.joinedName, id: c.at(0), c.name, "a payment method")
    },
    .plain("entry", .entry, { .text($0.entry.rawValue) }) { f, c throws(DamagedRow) in
      f.entry = try c.reader.required(c.at(0), c.name, "debit or credit") { Entry(rawValue: $0) }
    },
    .plain("posted_date", .postedDate, { SQLValue($0.postedDate?.description) }) { f, c throws(DamagedRow) in
      f.postedDate = try c.reader.optional(c.at(0), c.name, "a date") { LocalDate(iso: $0) }
    },
    .plain("mcc", .mcc, { SQLValue($0.mcc.map(Int64.init)) }) { f, c throws(DamagedRow) in
      f.mcc = try c.reader.optionalInteger(c.at(0), c.name).map { Int(truncatingIfNeeded: $0) }
    },
    .plain("counter_ref", .counterReference, { SQLValue($0.counterReference) }) { f, c in
      f.counterReference = c.row.text(c.at(0))
    },
    // The merchant as names compare (`NameKey`), for the merchant index and lookups; not read back.
    .plain("merchant_key", nil, { SQLValue($0.merchant.map { NameKey($0).text }) }) { _, _ in },
  ]

  /// Where each column's values start in a selected row (after the row's id).
  private static let starts: [Int] = {
    var next = 1
    return all.map { column in
      defer { next += column.width }
      return next
    }
  }()

  /// Where the stored column `name` is in a row `selected` reads (`created_at` and `updated_at`
  /// where the current rows' select puts them, after the fields); nil for any other name.
  static func selectedPlace(of name: String) -> Int? {
    for (column, start) in zip(all, starts) {
      if let offset = column.names.firstIndex(of: name) { return start + offset }
    }
    switch name {
    case "created_at": return extra
    case "updated_at": return extra + 1
    default: return nil
    }
  }

  /// Where the query's own columns (created_at, recorded_at, …) start in a selected row.
  static let extra = 1 + all.reduce(0) { $0 + $1.width }

  /// The values to bind for `all`, in order, after `leading` (a row's ids) and before
  /// `trailing` (its stamps): one array a row.
  static func values(_ resolved: ResolvedFields, after leading: [SQLValue] = [], before trailing: [SQLValue] = [])
    -> [SQLValue]
  {
    var values: [SQLValue] = []
    values.reserveCapacity(leading.count + names.count + trailing.count)
    values.append(contentsOf: leading)
    for column in all { column.append(resolved, &values) }
    values.append(contentsOf: trailing)
    return values
  }

  /// The stored column names, in order.
  static let names = all.flatMap(\.names)

  /// "kind, amount, …", each name after `prefix` ("t.").
  static func list(_ prefix: String = "") -> String {
    names.map { prefix + $0 }.joined(separator: ", ")
  }

  /// "?, ?, …", one per column.
  static let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")

  /// "kind = ?, amount = ?, …", for an UPDATE.
  static let assignments = names.map { $0 + " = ?" }.joined(separator: ", ")

  // MARK: Reading

  /// "t.id, t.kind, …, c.name, …": the start of every select that `fields(from:)` reads, each
  /// column's joined name right after it.
  static func selected(_ prefix: String) -> String {
    selected(id: prefix + "id") { prefix + $0 }
  }

  /// `selected`, each stored column read by `field(name)` and the row's id by `id`.
  static func selected(id: String, field: (String) -> String) -> String {
    let columns = all.flatMap { column in
      column.names.map(field) + (column.join.map { ["\($0.alias).name"] } ?? [])
    }
    return "\(id), " + columns.joined(separator: ", ")
  }

  /// The joins `selected` reads names from, for rows of the table aliased `alias`.
  static func joins(_ alias: String) -> String {
    joins { "\(alias).\($0)" }
  }

  /// The joins `selected` reads names from, each id read by `field(name)`.
  static func joins(field: (String) -> String) -> String {
    all.compactMap { column in
      column.join.map { "LEFT JOIN \($0.table) \($0.alias) ON \($0.alias).id = \(field(column.names[0]))" }
    }.joined(separator: " ")
  }

  // MARK: Revisions

  /// A revision's stored column `name` (of `revisions r`): its own, or, while the revision leaves
  /// its fields to its transaction's current row (`ThinRevisionsMigration`), that row's.
  static func revisionField(_ name: String) -> String {
    "iif(r.kind IS NULL, rt.\(name), r.\(name))"
  }

  /// What a select of revisions reads from: `revisions r`, with the current row that holds the
  /// fields of a revision without them (`rt`; none for a revision whose row moved on, so a
  /// damaged file reads as damaged, never as another revision's fields).
  static let revisionSource = """
    revisions r LEFT JOIN transactions rt ON r.kind IS NULL AND rt.id = r.txn_id AND rt.revision_id = r.id
    """

  /// `selected` and `joins` for a select of revisions from `revisionSource`.
  static let revisionSelected = selected(id: "r.id", field: revisionField)
  static let revisionJoins = joins(field: revisionField)

  /// A row laid out as `selected` reads, from a stored row's values by column name (`stored`)
  /// and the name each catalog id has (`joined`): for rows read from elsewhere (an archive).
  static func selectedValues(
    stored: (String) -> SQLValue, joined: (_ table: String, _ id: SQLValue) -> SQLValue
  ) -> [SQLValue] {
    all.flatMap { column in
      column.names.map(stored) + (column.join.map { [joined($0.table, stored(column.names[0]))] } ?? [])
    }
  }

  /// The export's select list, in `TransactionField` order, for rows of the table aliased `alias`.
  static func exported(_ alias: String) -> [String] {
    // The row's own id and current revision, which no field column holds.
    var expressions: [TransactionField: String] = [.id: "\(alias).id", .revision: "\(alias).revision_id"]
    for column in all {
      for (field, expression) in column.exported(alias) { expressions[field] = expression }
    }
    return TransactionField.allCases.map { field in
      guard let expression = expressions[field] else { preconditionFailure("no column exports \(field)") }
      return expression
    }
  }

  /// A selected row's fields, every value checked; a damaged one is reported by its column name.
  static func fields(from reader: RowReader) throws(DamagedRow) -> TransactionFields {
    var fields = TransactionFields(
      kind: .expense, amount: .zero(.inr), category: "", method: "", date: LocalDate(daysSinceEpoch: 0))
    for (column, start) in zip(all, starts) {
      try column.read(&fields, ColumnRow(reader: reader, start: start, column: column))
    }
    return fields
  }
}
