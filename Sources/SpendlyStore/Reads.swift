import SpendlyCore

/// One revision of a transaction, for `history`.
public struct Revision: Sendable {
  public let id: Int64
  public let changeID: Int64
  public let action: String
  public let live: Bool
  public let fields: TransactionFields
  public let recordedAt: LocalDateTime
}

extension TransactionStore {
  static let selectColumns = """
    SELECT t.id, t.kind, t.amount, t.currency, c.name, m.name, t.merchant, t.note, t.date, t.time,
      t.recurring_id, t.import_source, t.external_ref, t.status, t.foreign_amount, t.foreign_currency, t.rate,
      t.created_at, t.updated_at
    """

  /// The current transaction with this id, or nil if it never existed or is deleted.
  public func transaction(id: Int64) throws(StoreError) -> Transaction? {
    do {
      let row = try database.row(
        Self.selectColumns + """
           FROM transactions t JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
          WHERE t.id = ?
          """, [.integer(id)])
      return row.map(Self.transaction(from:))
    } catch {
      throw .database(error)
    }
  }

  /// Current transactions matching `filter`, newest first (or largest first).
  public func list(
    _ filter: TransactionFilter = TransactionFilter(), limit: Int? = nil, offset: Int = 0, order: ListOrder = .newest
  ) throws(StoreError) -> [Transaction] {
    let (clause, values) = try whereClause(filter)
    let sort = order == .largest ? "t.amount DESC, " : ""
    do {
      let rows = try database.rows(
        Self.selectColumns + """
           FROM transactions t JOIN categories c ON c.id = t.category_id JOIN methods m ON m.id = t.method_id
          \(clause) ORDER BY \(sort)t.date DESC, t.time DESC, t.id DESC LIMIT ? OFFSET ?
          """, values + [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
      return rows.map(Self.transaction(from:))
    } catch {
      throw .database(error)
    }
  }

  /// The number of current transactions matching `filter`.
  public func count(_ filter: TransactionFilter = TransactionFilter()) throws(StoreError) -> Int {
    let (clause, values) = try whereClause(filter)
    do {
      return Int(try database.row("SELECT count(*) FROM transactions t \(clause)", values)?.int(0) ?? 0)
    } catch {
      throw .database(error)
    }
  }

  /// Every revision of a transaction, oldest first; empty when the id never existed.
  public func history(id: Int64) throws(StoreError) -> [Revision] {
    do {
      let rows = try database.rows(
        """
        SELECT r.id, r.kind, r.amount, r.currency, c.name, m.name, r.merchant, r.note, r.date, r.time,
          r.recurring_id, r.import_source, r.external_ref, r.status, r.foreign_amount, r.foreign_currency, r.rate,
          r.recorded_at, r.change_id, ch.action, r.live
        FROM revisions r JOIN categories c ON c.id = r.category_id JOIN methods m ON m.id = r.method_id
          JOIN changes ch ON ch.id = r.change_id
        WHERE r.txn_id = ? ORDER BY r.id
        """, [.integer(id)])
      return rows.map { row in
        Revision(
          id: row.int(0)!, changeID: row.int(18)!, action: row.text(19)!, live: row.int(20) == 1,
          fields: Self.fields(from: row), recordedAt: LocalDateTime(iso: row.text(17)!)!)
      }
    } catch {
      throw .database(error)
    }
  }

  func whereClause(_ filter: TransactionFilter) throws(StoreError) -> (String, [SQLValue]) {
    let ids = try nameIDs()
    let catalog = try catalog()
    var categoryIDs: [Int64] = []
    var methodID: Int64?
    for name in filter.categories {
      guard let category = catalog.category(named: name) else {
        throw .invalid(ValidationError(field: "category", value: name, reason: "unknown category"))
      }
      if let id = ids.categories[category.name] { categoryIDs.append(id) }
    }
    if let name = filter.method {
      guard let method = catalog.method(named: name) else {
        throw .invalid(ValidationError(field: "method", value: name, reason: "unknown payment method"))
      }
      methodID = ids.methods[method.name]
    }
    return filter.whereClause(categoryIDs: categoryIDs, methodID: methodID)
  }

  static func fields(from row: Row) -> TransactionFields {
    let currency = Currency.named(row.text(3)!) ?? .inr
    let foreign = row.int(14).flatMap { amount in
      row.text(15).flatMap(Currency.named).map { Money(minorUnits: amount, currency: $0) }
    }
    return TransactionFields(
      kind: Kind(rawValue: row.text(1)!) ?? .expense,
      amount: Money(minorUnits: row.int(2)!, currency: currency),
      category: row.text(4)!, method: row.text(5)!, merchant: row.text(6), note: row.text(7),
      date: LocalDate(iso: row.text(8)!)!, time: row.text(9).flatMap { LocalTime(text: $0) },
      recurringID: row.int(10), importSource: row.text(11), externalReference: row.text(12),
      status: row.text(13).flatMap(TransactionStatus.init(rawValue:)) ?? .booked,
      foreignAmount: foreign, rate: row.text(16))
  }

  static func transaction(from row: Row) -> Transaction {
    Transaction(
      id: row.int(0)!, fields: fields(from: row), createdAt: LocalDateTime(iso: row.text(17)!)!,
      updatedAt: LocalDateTime(iso: row.text(18)!)!)
  }
}

extension TransactionStore {
  /// The sum of amounts (minor units) matching `filter`; give a currency and kind to keep it meaningful.
  public func total(_ filter: TransactionFilter) throws(StoreError) -> Int64 {
    let (clause, values) = try whereClause(filter)
    do {
      return try database.row("SELECT coalesce(sum(t.amount), 0) FROM transactions t \(clause)", values)?.int(0) ?? 0
    } catch {
      throw .database(error)
    }
  }
}
