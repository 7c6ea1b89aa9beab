/// What a command does with the store, which decides how it is opened: only a command that
/// writes creates a missing database; one that reads says there is none (exit 66).
enum StoreUse: Sendable {
  /// Adds or changes something: the database is created when missing.
  case write
  /// Only reads: a missing database is an error, and one this user cannot write is read read-only.
  case read
  /// Only reads, and works without a database too: a missing one gives the built-in defaults.
  case readOrDefaults
  /// The shell: creates a missing database, and reads one this user cannot write (questions
  /// work; saves are refused with one line each).
  case writeOrRead
}

extension Command {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .write }
}

extension ListCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .read }
}

extension ShowCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .read }
}

extension LogCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .read }
}

extension HistoryCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .read }
}

extension QueryCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .read }
}

extension DashboardCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .read }
}

/// A phrase shows what it would record with the person's categories and history, or with the
/// defaults before anything is recorded; it never saves.
extension ParseCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { .readOrDefaults }
}

/// `categories` and `methods` alone (or `list`) read; add, rename and alias write.
extension CategoriesCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { CatalogActions.storeUse(arguments) }
}

extension MethodsCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { CatalogActions.storeUse(arguments) }
}

extension CatalogActions {
  static func storeUse(_ arguments: Arguments) -> StoreUse {
    [nil, "list"].contains(arguments.positional.first?.lowercased()) ? .read : .write
  }
}

/// `config` and `config KEY` read; `config KEY VALUE` writes.
extension ConfigCommand {
  static func storeUse(_ arguments: Arguments) -> StoreUse { arguments.positional.count < 2 ? .read : .write }
}
