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

/// Whether `categories`, `methods` or `accounts` arguments only read: alone or `list`; the other actions write.
func catalogStoreUse(_ arguments: Arguments) -> StoreUse {
  [nil, "list"].contains(arguments.positional.first?.lowercased()) ? .read : .write
}

/// `config` and `config KEY` read; `config KEY VALUE` writes.
func configStoreUse(_ arguments: Arguments) -> StoreUse { arguments.positional.count < 2 ? .read : .write }

/// `recurring`, `recurring list` and `recurring dates` read; the other actions write.
func recurringStoreUse(_ arguments: Arguments) -> StoreUse {
  [nil, "list", "dates"].contains(arguments.positional.first?.lowercased()) ? .read : .write
}
