import SpendlyCore

/// The tables whose rows the change log keeps before and after each change, so `undo` and
/// `redo` can put any of them back: the catalog and the settings (and each new family's).
enum LoggedTable: String, CaseIterable {
  case settings
  case categories
  case categoryAliases = "category_aliases"
  case methods
  case methodAliases = "method_aliases"
  case budgets
  case schedules
  case schedulePrices = "schedule_prices"
  case scheduleSkips = "schedule_skips"
  case debts
  case accounts
  case accountAliases = "account_aliases"
  case accountMethods = "account_methods"
  case statementBalances = "statement_balances"
  case importedFiles = "imported_files"
  case importedFileAccounts = "imported_file_accounts"
  case csvMappings = "csv_mappings"
  case syncTokens = "sync_tokens"
  case merchantCorrections = "merchant_corrections"

  /// The tables deliberately outside the change log, and why (a new table goes either here or
  /// in the cases above; `SchemaCoverageTests` walks the schema to check).
  static let outside: [String: String] = [
    "changes": "the log itself",
    "change_rows": "the log itself",
    "transactions": "kept with their own history in revisions, which undo walks",
    "revisions": "the transactions' own history",
    "rollups": "worked out by triggers from the transactions",
    "sqlite_sequence": "SQLite's id counters: an undone id is never used again",
    "applied_migrations": "the schema's record of its migrations, not the person's data",
  ]

  /// A table the cached catalog is read from.
  var isCatalog: Bool {
    [.categories, .categoryAliases, .methods, .methodAliases, .accounts, .accountAliases, .accountMethods]
      .contains(self)
  }

  /// The table's columns, in the schema's order (the order of a snapshot's values), and its
  /// primary key column: read from the schema, where alone they are declared.
  func layout(_ db: Database) throws -> (columns: [String], key: TableColumn) {
    let columns = try db.columns(of: rawValue)
    guard let key = columns.first(where: { $0.keyPosition == 1 }), !columns.contains(where: { $0.keyPosition > 1 })
    else {
      throw DamagedRow(row: "table \(rawValue)", field: "primary key", value: nil, expected: "one key column")
    }
    return (columns.map(\.name), key)
  }
}
