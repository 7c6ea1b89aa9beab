import SpendlyCore
import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// What every command gets: the global options, the output and the store, opened on first use.
final class Context {
  var databasePath: String
  /// A fixed clock from `--now`, or nil for the system clock.
  var fixedNow: LocalDateTime?
  var json: Bool
  let output: Output
  /// True when stdin is a terminal: commands may ask questions.
  var interactive: Bool
  /// `--yes`: save every complete draft without asking (one-shot `add` and scripted sessions).
  var assumeYes = false
  private var openedStore: Store?
  /// This run created the database file (it was not there before the store opened).
  private var createdDatabase = false
  /// What the command does with the store: reads never create a database.
  var storeUse: StoreUse = .write

  init(databasePath: String, fixedNow: LocalDateTime?, json: Bool, output: Output, interactive: Bool) {
    self.databasePath = databasePath
    self.fixedNow = fixedNow
    self.json = json
    self.output = output
    self.interactive = interactive
  }

  var now: LocalDateTime { fixedNow ?? System.now() }
  var today: LocalDate { now.date }

  /// The store, opened on first use: created by a command that writes, only read by one that reads.
  func store() throws(CLIError) -> Store {
    if let openedStore { return openedStore }
    let fixed = fixedNow
    let clock = { fixed ?? System.now() }
    do {
      let store: Store
      let memo = StatePaths.integrityMemo(for: databasePath).map(IntegrityMemo.init(path:))
      let creates = storeUse == .write || storeUse == .writeOrRead
      let existed = access(databasePath, F_OK) == 0
      do {
        store = try Store(path: databasePath, access: creates ? .create : .read, clock: clock, memo: memo)
      } catch .missing where storeUse == .readOrDefaults {
        store = try Store(path: ":memory:", clock: clock)
      } catch .readOnly where storeUse == .writeOrRead {
        store = try Store(path: databasePath, access: .read, clock: clock, memo: memo)
      }
      // A command that writes learns first whether it can: before it reads anything to write
      // (a malformed file is then named as such, not by the first damaged row read).
      if storeUse == .write { try store.ensureWritable() }
      createdDatabase = !existed && store.path != ":memory:" && access(databasePath, F_OK) == 0
      openedStore = store
      return store
    } catch {
      throw error.cli
    }
  }

  /// After a failed command: a database this run created and saved nothing to is removed again,
  /// so a refused link or a failed import leaves no empty database behind.
  func discardUnusedDatabase() {
    guard createdDatabase, openedStore?.isPristine() == true else { return }
    // The last reference: the connection closes here, before its files go.
    openedStore = nil
    createdDatabase = false
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(databasePath + suffix) }
  }

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
    guard let failure = openedStore?.merchants.takeLookupFailure() else { return }
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
    case .database: return CLIError(.software, description)
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
