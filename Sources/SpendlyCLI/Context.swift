import SpendlyCore
import SpendlyStore

/// What every command gets: the global options, the output and the store, opened on first use.
public final class Context {
  public var databasePath: String
  /// A fixed clock from `--now`, or nil for the system clock.
  public var fixedNow: LocalDateTime?
  public var json: Bool
  public let output: Output
  /// True when stdin is a terminal: commands may ask questions.
  public var interactive: Bool
  /// `--yes`: save every complete draft without asking (one-shot `add` and scripted sessions).
  public var assumeYes = false
  private var openedStore: TransactionStore?

  public init(databasePath: String, fixedNow: LocalDateTime?, json: Bool, output: Output, interactive: Bool) {
    self.databasePath = databasePath
    self.fixedNow = fixedNow
    self.json = json
    self.output = output
    self.interactive = interactive
  }

  public var now: LocalDateTime { fixedNow ?? systemNow() }
  public var today: LocalDate { now.date }

  /// The store, opened (and created) on first use.
  public func store() throws(CLIError) -> TransactionStore {
    if let openedStore { return openedStore }
    do {
      let fixed = fixedNow
      let store = try TransactionStore(path: databasePath, clock: { fixed ?? systemNow() })
      openedStore = store
      return store
    } catch {
      throw CLIError(.cannotCreate, error.description)
    }
  }

  /// `$SPENDLY_DB`, else `$XDG_DATA_HOME/spendly/spendly.db`, else `~/.local/share/spendly/spendly.db`.
  public static func defaultDatabasePath() -> String {
    if let path = environment("SPENDLY_DB") { return path }
    if let data = environment("XDG_DATA_HOME") { return data + "/spendly/spendly.db" }
    return (environment("HOME") ?? ".") + "/.local/share/spendly/spendly.db"
  }
}

extension StoreError {
  /// The CLI's view of a store error: bad data exits 65, a broken database 73.
  var cli: CLIError {
    switch self {
    case .cannotOpen, .newerDatabase: return CLIError(.cannotCreate, description)
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
  } catch {
    throw CLIError(.software, "\(error)")
  }
}
