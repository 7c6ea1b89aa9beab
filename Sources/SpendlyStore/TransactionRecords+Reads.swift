import CSQLite
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

/// Rows as read (transactions, revisions), and those that could not be read back, each named by its id.
public struct Listing<Item: Sendable>: Sendable {
  public var items: [Item]
  public var damaged: [DamagedRow]

  public init(items: [Item] = [], damaged: [DamagedRow] = []) {
    self.items = items
    self.damaged = damaged
  }

  /// The items, or the first damaged row as an error.
  func all() throws(StoreError) -> [Item] {
    if let first = damaged.first { throw .damaged(first) }
    return items
  }
}

extension TransactionRecords {
  /// Category and method are joined loosely, so a row whose id names neither is reported, not lost.
  static let selectColumns = """
    SELECT \(TransactionColumns.selected("t.")), t.created_at, t.updated_at
    FROM transactions t \(TransactionColumns.joins("t"))
    """

  /// The history query: columns as in `selectColumns`, then the revision's own.
  static let historyColumns = """
    SELECT \(TransactionColumns.revisionSelected), r.recorded_at, r.change_id, ch.action, r.live
    FROM \(TransactionColumns.revisionSource) \(TransactionColumns.revisionJoins)
      LEFT JOIN changes ch ON ch.id = r.change_id
    """

  /// The current transaction with this id, or nil if it never existed or is deleted; a damaged
  /// row is an error naming the value that does not read back.
  public func transaction(id: Int64) throws(StoreError) -> Transaction? {
    let row: Row?
    do {
      row = try database.row(Self.selectColumns + " WHERE t.id = ?", [.integer(id)])
    } catch {
      throw failure(error)
    }
    do {
      return try row.map(Self.transaction(from:))
    } catch {
      throw .damaged(error)
    }
  }

  /// Current transactions matching `filter`, newest first (or largest first); fails on the
  /// first damaged row (`listing` reports those and reads on).
  public func list(
    _ filter: TransactionFilter = TransactionFilter(), limit: Int? = nil, offset: Int = 0, order: ListOrder = .newest
  ) throws(StoreError) -> [Transaction] {
    try listing(filter, limit: limit, offset: offset, order: order).all()
  }

  /// Current transactions matching `filter`, newest first (or largest first), with the rows
  /// that could not be read.
  public func listing(
    _ filter: TransactionFilter = TransactionFilter(), limit: Int? = nil, offset: Int = 0, order: ListOrder = .newest
  ) throws(StoreError) -> Listing<Transaction> {
    let (clause, values) = try whereClause(filter)
    let sort =
      switch order {
      case .newest: "t.date DESC, t.time DESC, t.id DESC"
      case .oldest: "t.date ASC, t.time ASC, t.id ASC"
      case .largest: "t.amount DESC, t.date DESC, t.time DESC, t.id DESC"
      case .smallest: "t.amount ASC, t.date DESC, t.time DESC, t.id DESC"
      }
    let rows: [Row]
    do {
      rows = try database.rows(
        Self.selectColumns + " \(clause) ORDER BY \(sort) LIMIT ? OFFSET ?",
        values + [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
    } catch {
      throw failure(error)
    }
    var listing = Listing<Transaction>()
    listing.items.reserveCapacity(rows.count)
    for row in rows {
      do {
        listing.items.append(try Self.transaction(from: row))
      } catch {
        listing.damaged.append(error)
      }
    }
    return listing
  }

  /// Calls `body` with each current transaction matching `filter`, oldest first, a row at a
  /// time (an export of a million rows holds one). Fails on the first damaged row.
  public func each(_ filter: TransactionFilter = TransactionFilter(), _ body: (Transaction) throws -> Void) throws {
    let (clause, values) = try whereClause(filter)
    let statement = try database.statement(Self.selectColumns + " \(clause) ORDER BY t.date, t.time, t.id")
    defer { statement.reset() }
    do {
      try statement.bind(values)
      while try statement.step() {
        try body(try Self.transaction(from: statement.row()))
      }
    } catch let error as DatabaseError {
      throw failure(error)
    } catch let error as DamagedRow {
      throw StoreError.damaged(error)
    }
  }

  /// Calls `body` with each current transaction matching `filter`, oldest first, read in
  /// place (see `StoredRow`): what an export of a million rows reads.
  public func eachStored(_ filter: TransactionFilter = TransactionFilter(), _ body: (any StoredRow) throws -> Void)
    throws
  {
    let (clause, values) = try whereClause(filter)
    let expressions = TransactionColumns.exported("t")
    let statement = try database.statement(
      "SELECT \(expressions.joined(separator: ", ")) FROM transactions t \(TransactionColumns.joins("t")) \(clause) ORDER BY t.date, t.time, t.id"
    )
    defer { statement.reset() }
    do {
      try statement.bind(values)
      let row = InPlaceRow(handle: statement.handle)
      while try statement.step() { try body(row) }
    } catch let error as DatabaseError {
      throw failure(error)
    }
  }

  /// The number of current transactions matching `filter`.
  public func count(_ filter: TransactionFilter = TransactionFilter()) throws(StoreError) -> Int {
    let (clause, values) = try whereClause(filter)
    do {
      return Int(try database.row("SELECT count(*) FROM transactions t \(clause)", values)?.int(0) ?? 0)
    } catch {
      throw failure(error)
    }
  }

  /// The newest revision's id (0 before any): how far the history had gone when it was read.
  public func latestRevision() throws(StoreError) -> Int64 {
    do {
      return try database.row("SELECT coalesce(max(id), 0) FROM revisions")?.int(0) ?? 0
    } catch {
      throw failure(error)
    }
  }

  /// Every revision of a transaction, oldest first; empty when the id never existed. Fails on the
  /// first damaged revision (`historyListing` reports those and reads on).
  public func history(id: Int64) throws(StoreError) -> [Revision] {
    try historyListing(id: id).all()
  }

  /// Every revision of a transaction, oldest first, with the revisions that could not be read back.
  public func historyListing(id: Int64) throws(StoreError) -> Listing<Revision> {
    let rows: [Row]
    do {
      rows = try database.rows(Self.historyColumns + " WHERE r.txn_id = ? ORDER BY r.id", [.integer(id)])
    } catch {
      throw failure(error)
    }
    var listing = Listing<Revision>()
    for row in rows {
      let reader = RowReader(row: row, name: "revision #\(row.text(0) ?? "?") of transaction #\(id)")
      do {
        listing.items.append(
          Revision(
            id: try reader.integer(0, "id"), changeID: try reader.integer(TransactionColumns.extra + 1, "change_id"),
            action: try reader.text(TransactionColumns.extra + 2, "change action"),
            live: try reader.integer(TransactionColumns.extra + 3, "live") == 1,
            fields: try TransactionColumns.fields(from: reader),
            recordedAt: try reader.dateTime(TransactionColumns.extra, "recorded_at")))
      } catch {
        listing.damaged.append(error)
      }
    }
    return listing
  }

  static func transaction(from row: Row) throws(DamagedRow) -> Transaction {
    let reader = RowReader(row: row, name: "transaction #\(row.text(0) ?? "?")")
    return Transaction(
      id: try reader.integer(0, "id"), fields: try TransactionColumns.fields(from: reader),
      createdAt: try reader.dateTime(TransactionColumns.extra, "created_at"),
      updatedAt: try reader.dateTime(TransactionColumns.extra + 1, "updated_at"))
  }
}

extension ReportQueries {
  /// The sum of amounts (minor units) matching `filter`; give a currency and kind to keep it meaningful.
  public func total(_ filter: TransactionFilter) throws(StoreError) -> Int64 {
    let (clause, values) = try whereClause(try counting(filter))
    let result: SQLValue
    do {
      result =
        try database.row("SELECT spendly_sum(t.amount) FROM transactions t \(clause)", values)?.values[0] ?? .null
    } catch let error where error.isSumTooLarge {
      throw .tooLarge(FigureTooLarge(figure: "total" + (filter.currency.map { " in \($0.code)" } ?? "")))
    } catch {
      throw failure(error)
    }
    return try result.checkedTotal(field: "total", value: "")
  }
}

/// The statement's current row, read in place (see `StoredRow`).
struct InPlaceRow: StoredRow {
  let handle: OpaquePointer

  func bytes(_ field: TransactionField) -> UnsafeRawBufferPointer {
    let column = Int32(field.rawValue)
    guard let text = sqlite3_column_text(handle, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column)))
  }

  func integer(_ field: TransactionField) -> Int64? {
    let column = Int32(field.rawValue)
    return sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
  }
}

extension Store {
  /// Nothing was ever saved here: no change in the log and no transaction.
  public func isPristine() -> Bool {
    (try? database.row("SELECT (SELECT count(*) FROM changes) + (SELECT count(*) FROM transactions)")?.int(0)) == 0
  }
}
