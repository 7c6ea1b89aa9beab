import SpendlyCore

/// A record family's view of the one store (transactions, catalog, settings, reports, merchant
/// history, and each family the next features add). A family holds no state of its own: its
/// reads run on the store's connection and its writes inside the store's `write { db in }` or
/// `change`, so a change that touches two families is still one SQLite transaction and one change.
protocol RecordFamily {
  var store: Store { get }
}

extension RecordFamily {
  var database: Database { store.database }
  var now: LocalDateTime { store.now }

  func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T { try store.write(body) }

  func reading<T>(_ body: () throws -> T) throws(StoreError) -> T { try store.reading(body) }

  func change<T>(_ action: ChangeAction, fact: ChangeFact, _ body: (ChangeRecorder) throws -> T) throws(StoreError)
    -> T
  { try store.change(action, fact: fact, body) }

  func failure(_ error: DatabaseError) -> StoreError { store.failure(error) }
}

extension Store {
  /// Transactions: the single write path (`apply`) and the reads of single rows and listings.
  public var transactions: TransactionRecords { TransactionRecords(store: self) }
  /// Categories, methods and their aliases.
  public var catalog: CatalogRecords { CatalogRecords(store: self) }
  /// The person's settings, each with its default.
  public var settings: SettingRecords { SettingRecords(store: self) }
  /// Totals and breakdowns, computed in SQL.
  public var reports: ReportQueries { ReportQueries(store: self) }
  /// The history the parser asks about merchants (`MerchantHistory`).
  public var merchants: MerchantRecords { MerchantRecords(store: self) }
}

/// Transactions: every add, edit, delete and import goes through `apply`.
public struct TransactionRecords: RecordFamily {
  let store: Store
}

/// Categories and payment methods, with the person's aliases and renames.
public struct CatalogRecords: RecordFamily {
  let store: Store
}

/// The person's settings (`SettingKey`), each change one entry in the change log.
public struct SettingRecords: RecordFamily {
  let store: Store
}

/// Totals, summaries and breakdowns of transactions, computed by SQLite.
public struct ReportQueries: RecordFamily {
  let store: Store
}

/// Merchant history for the parser: every answer is one indexed query.
public struct MerchantRecords: RecordFamily {
  let store: Store
}
