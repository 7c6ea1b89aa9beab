import SpendlyApp
import SpendlyCore
import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// What every command gets: the global options, the output and the store, opened on first use.
final class Context {
  /// The run's access to the data (database path, clock, store): what the workflows take.
  let session: Session
  var databasePath: String {
    get { session.databasePath }
    set { session.databasePath = newValue }
  }
  /// A fixed clock from `--now`, or nil for the system clock.
  var fixedNow: LocalDateTime? {
    get { session.fixedNow }
    set { session.fixedNow = newValue }
  }
  var json: Bool
  let output: Output
  /// True when stdin is a terminal: commands may ask questions.
  var interactive: Bool
  /// `--yes`: save every complete draft without asking (one-shot `add` and scripted sessions).
  var assumeYes = false
  /// What the command does with the store: reads never create a database.
  var storeUse: StoreUse {
    get { session.storeUse }
    set { session.storeUse = newValue }
  }

  init(databasePath: String, fixedNow: LocalDateTime?, json: Bool, output: Output, interactive: Bool) {
    session = Session(
      databasePath: databasePath, fixedNow: fixedNow, clock: { System.now() },
      memo: { path in StatePaths.integrityMemo(for: path).map(IntegrityMemo.init(path:)) })
    self.json = json
    self.output = output
    self.interactive = interactive
  }

  var now: LocalDateTime { session.now }
  var today: LocalDate { now.date }

  /// The store, opened on first use: created by a command that writes, only read by one that reads.
  func store() throws(CLIError) -> Store {
    do {
      return try session.store()
    } catch {
      throw error.cli
    }
  }

  /// After a failed command: a database this run created and saved nothing to is removed again.
  func discardUnusedDatabase() { session.discardUnusedDatabase() }

  /// Refuses a FILE that a command would write when writing it would destroy the database: the
  /// database itself however spelled, its -wal, -shm or -journal file, or (unless
  /// `allowingDatabases`) any SQLite database. Exit 73, and nothing is written or opened.
  func refuseProtected(_ path: String, command: String, allowingDatabases: Bool = false) throws(CLIError) {
    do {
      try ProtectedFile.check(path, database: databasePath, allowingDatabases: allowingDatabases)
    } catch {
      throw CLIError(.cannotCreate, "\(command): \(Render.safe(path)) \(error.reason): nothing was written")
    }
  }

  /// Warns, once, of a history look-up the database failed since the last report (the parse
  /// went on without that history).
  func reportLookupFailure() {
    guard let failure = session.storeIfOpened?.merchants.takeLookupFailure() else { return }
    output.warning("could not read history for suggestions: \(failure)")
  }

  /// `$SPENDLY_DB`, else `$XDG_DATA_HOME/spendly/spendly.db`, else `~/.local/share/spendly/spendly.db`.
  static func defaultDatabasePath() -> String {
    if let path = System.environment("SPENDLY_DB") { return path }
    if let data = System.environment("XDG_DATA_HOME") { return data + "/spendly/spendly.db" }
    return (System.environment("HOME") ?? ".") + "/.local/share/spendly/spendly.db"
  }
}

extension StoreError {
  /// The CLI's view of a store error: bad or damaged data exits 65, no database 66, one that cannot
  /// be opened or written 73, a full disk 74, a busy one 75.
  var cli: CLIError {
    switch self {
    case .cannotOpen, .newerDatabase, .readOnly: return CLIError(.cannotCreate, description)
    case .missing: return CLIError(.noInput, description)
    case .notADatabase: return CLIError(.data, description)
    case .diskFull, .ioError: return CLIError(.ioError, description)
    case .busy: return CLIError(.tryAgain, description)
    case .invalid(let error): return CLIError(.data, error.shown)
    case .database: return CLIError(.software, description)
    // The way back is the CLI's to say.
    case .replaceNotUndoable(_, let kept?):
      return CLIError(.data, description + "; to go back: spendly restore '\(kept)'")
    default: return CLIError(.data, description)
    }
  }
}

/// Runs `body`, turning any error into a CLI error: bad data exits 65, a broken database 73 or 70.
func reporting<T>(_ body: () throws -> T) throws(CLIError) -> T {
  do {
    return try body()
  } catch let error as StoreError {
    throw error.cli
  } catch let error as CLIError {
    throw error
  } catch let error as FigureTooLarge {
    throw .data(Render.safe(error.message))
  } catch {
    throw CLIError(.software, "\(error)")
  }
}
