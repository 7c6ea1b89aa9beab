import SpendlyCore

/// The stored columns of a transaction's fields, each listed once with how it is written and
/// read back: every SQL column list (current rows and revisions) and the row decoder come from here.
/// A new column is one entry in `all`, one line in `fields(from:)`, and its migration in `Schema`.
enum TransactionColumns {
  /// One stored field column: its name and its value for some resolved fields.
  struct Column: Sendable {
    let name: String
    let value: @Sendable (_ resolved: ResolvedFields) -> SQLValue
  }

  /// The field columns, in the order they are written, selected and bound.
  static let all: [Column] = [
    Column(name: "kind") { r in .text(r.fields.kind.rawValue) },
    Column(name: "amount") { r in .integer(r.fields.amount.minorUnits) },
    Column(name: "currency") { r in .text(r.fields.amount.currency.code) },
    Column(name: "category_id") { r in SQLValue(r.category?.rawValue) },
    Column(name: "method_id") { r in .integer(r.method.rawValue) },
    Column(name: "merchant") { r in SQLValue(r.fields.merchant) },
    Column(name: "note") { r in SQLValue(r.fields.note) },
    Column(name: "date") { r in .text(r.fields.date.description) },
    Column(name: "time") { r in SQLValue(r.fields.time?.description) },
    Column(name: "recurring_id") { r in SQLValue(r.fields.recurringID) },
    Column(name: "import_source") { r in SQLValue(r.fields.importSource) },
    Column(name: "external_ref") { r in SQLValue(r.fields.externalReference) },
    Column(name: "status") { r in .text(r.fields.status.rawValue) },
    Column(name: "foreign_amount") { r in SQLValue(r.fields.foreignAmount?.minorUnits) },
    Column(name: "foreign_currency") { r in SQLValue(r.fields.foreignAmount?.currency.code) },
    Column(name: "rate") { r in SQLValue(r.fields.rate?.text) },
    Column(name: "debt_id") { r in SQLValue(r.fields.debtID) },
    Column(name: "account_id") { r in SQLValue(r.account?.rawValue) },
    Column(name: "counter_account_id") { r in SQLValue(r.counterAccount?.rawValue) },
    Column(name: "counter_method_id") { r in SQLValue(r.counterMethod?.rawValue) },
    Column(name: "entry") { r in .text(r.fields.entry.rawValue) },
    Column(name: "posted_date") { r in SQLValue(r.fields.postedDate?.description) },
    Column(name: "mcc") { r in SQLValue(r.fields.mcc.map(Int64.init)) },
    Column(name: "counter_ref") { r in SQLValue(r.fields.counterReference) },
    // The merchant as names compare (`NameKey`), for the merchant index and lookups.
    Column(name: "merchant_key") { r in SQLValue(r.fields.merchant.map { NameKey($0).text }) },
  ]

  /// The values to bind for `all`, in order.
  static func values(_ resolved: ResolvedFields) -> [SQLValue] {
    all.map { $0.value(resolved) }
  }

  /// "kind, amount, …", each name after `prefix` ("t.").
  static func list(_ prefix: String = "") -> String {
    all.map { prefix + $0.name }.joined(separator: ", ")
  }

  /// "?, ?, …", one per column.
  static let placeholders = Array(repeating: "?", count: all.count).joined(separator: ", ")

  /// "kind = ?, amount = ?, …", for an UPDATE.
  static let assignments = all.map { $0.name + " = ?" }.joined(separator: ", ")

  // MARK: Reading

  /// A selected row is laid out as `id, <all>, category name, method name, account name,
  /// counter account name, counter method name`, then the query's own columns.
  static func index(_ name: String) -> Int {
    guard let found = all.firstIndex(where: { $0.name == name }) else {
      preconditionFailure("no transaction column \(name)")
    }
    return 1 + found
  }

  /// "t.id, t.kind, …, c.name, m.name, …": the start of every select that `fields(from:)` reads.
  static func selected(_ prefix: String) -> String {
    "\(prefix)id, \(list(prefix)), c.name, m.name, a.name, ca.name, cm.name"
  }

  /// The joins `selected` reads names from, for rows of `table` aliased `alias`.
  static func joins(_ alias: String) -> String {
    """
    LEFT JOIN categories c ON c.id = \(alias).category_id LEFT JOIN methods m ON m.id = \(alias).method_id
    LEFT JOIN accounts a ON a.id = \(alias).account_id LEFT JOIN accounts ca ON ca.id = \(alias).counter_account_id
    LEFT JOIN methods cm ON cm.id = \(alias).counter_method_id
    """
  }

  static let categoryName = 1 + all.count
  static let methodName = 2 + all.count
  static let accountName = 3 + all.count
  static let counterAccountName = 4 + all.count
  static let counterMethodName = 5 + all.count
  /// Where the query's own columns (created_at, recorded_at, …) start.
  static let extra = 6 + all.count

  private static let kind = index("kind")
  private static let amount = index("amount")
  private static let currency = index("currency")
  private static let categoryID = index("category_id")
  private static let methodID = index("method_id")
  private static let merchant = index("merchant")
  private static let note = index("note")
  private static let date = index("date")
  private static let time = index("time")
  private static let recurringID = index("recurring_id")
  private static let importSource = index("import_source")
  private static let externalRef = index("external_ref")
  private static let status = index("status")
  private static let foreignAmount = index("foreign_amount")
  private static let foreignCurrency = index("foreign_currency")
  private static let rate = index("rate")
  private static let debtID = index("debt_id")
  private static let accountID = index("account_id")
  private static let counterAccountID = index("counter_account_id")
  private static let counterMethodID = index("counter_method_id")
  private static let entry = index("entry")
  private static let postedDate = index("posted_date")
  private static let mcc = index("mcc")
  private static let counterRef = index("counter_ref")

  /// A selected row's fields, every value checked; a damaged one is reported by its column name.
  static func fields(from reader: RowReader) throws(DamagedRow) -> TransactionFields {
    var fields = try baseFields(from: reader)
    fields.mcc = try reader.optionalInteger(mcc, "mcc").map { Int(truncatingIfNeeded: $0) }
    fields.counterReference = reader.row.text(counterRef)
    return fields
  }

  private static func baseFields(from reader: RowReader) throws(DamagedRow) -> TransactionFields {
    let row = reader.row
    let foreignMinor = try reader.optionalInteger(foreignAmount, "foreign_amount")
    let foreign: Money?
    if let foreignMinor {
      foreign = Money(minorUnits: foreignMinor, currency: try reader.currency(foreignCurrency, "foreign_currency"))
    } else {
      foreign = nil
    }
    let kind = try reader.required(Self.kind, "kind", "expense, income or transfer") { Kind(rawValue: $0) }
    return TransactionFields(
      kind: kind,
      amount: Money(
        minorUnits: try reader.required(amount, "amount", "a whole amount above zero") { _ -> Int64? in
          if case .integer(let value) = row.values[amount], value > 0 { return value }
          return nil
        }, currency: try reader.currency(currency, "currency")),
      category: kind == .transfer
        ? Transfer.category : try reader.joined(categoryName, id: categoryID, "category_id", "a category"),
      method: try reader.joined(methodName, id: methodID, "method_id", "a payment method"),
      merchant: row.text(merchant), note: row.text(note), date: try reader.date(date, "date"),
      time: try reader.optional(time, "time", "a time") { LocalTime(text: $0) },
      recurringID: try reader.optionalInteger(recurringID, "recurring_id"), importSource: row.text(importSource),
      externalReference: row.text(externalRef),
      status: try reader.required(status, "status", "booked, pending, authorized, memo or rejected") {
        TransactionStatus(rawValue: $0)
      },
      foreignAmount: foreign,
      rate: try reader.optional(rate, "rate", "a decimal rate") { ExchangeRate($0) },
      debtID: try reader.optionalInteger(debtID, "debt_id"),
      account: try reader.optionalJoined(accountName, id: accountID, "account_id", "an account"),
      counterAccount: try reader.optionalJoined(
        counterAccountName, id: counterAccountID, "counter_account_id", "an account"),
      counterMethod: try reader.optionalJoined(
        counterMethodName, id: counterMethodID, "counter_method_id", "a payment method"),
      entry: try reader.required(entry, "entry", "debit or credit") { Entry(rawValue: $0) },
      postedDate: try reader.optional(postedDate, "posted_date", "a date") { LocalDate(iso: $0) })
  }
}
