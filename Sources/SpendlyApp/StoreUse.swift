/// What a command does with the store, which decides how it is opened: only a command that
/// writes creates a missing database; one that reads says there is none (exit 66).
public enum StoreUse: Sendable {
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
