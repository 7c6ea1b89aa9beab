import SpendlyCore
import SpendlyStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run's access to the person's data: the database path, the clock, and the store, opened
/// on first use the way the work needs it (a read never creates a database). The workflows take
/// a session; the CLI makes one from the global options.
public final class Session {
  public var databasePath: String
  /// A fixed clock (`--now`), or nil for `clock`.
  public var fixedNow: LocalDateTime?
  /// What the work does with the store: decides how it is opened (see `StoreUse`).
  public var storeUse: StoreUse = .write
  private let clock: @Sendable () -> LocalDateTime
  private let memo: (String) -> IntegrityMemo?
  private var openedStore: Store?
  /// This run created the database file (it was not there before the store opened).
  private var createdDatabase = false

  /// `clock` is the system's time; `memo` where a database at a path is remembered intact.
  public init(
    databasePath: String, fixedNow: LocalDateTime?, clock: @escaping @Sendable () -> LocalDateTime,
    memo: @escaping (String) -> IntegrityMemo? = { _ in nil }
  ) {
    self.databasePath = databasePath
    self.fixedNow = fixedNow
    self.clock = clock
    self.memo = memo
  }

  public var now: LocalDateTime { fixedNow ?? clock() }
  public var today: LocalDate { now.date }

  /// The store, opened on first use: created by work that writes, only read by work that reads.
  public func store() throws(StoreError) -> Store {
    if let openedStore { return openedStore }
    let fixed = fixedNow
    let clock = self.clock
    let now = { fixed ?? clock() }
    let store: Store
    let memo = self.memo(databasePath)
    let creates = storeUse == .write || storeUse == .writeOrRead
    let existed = access(databasePath, F_OK) == 0
    do {
      store = try Store(path: databasePath, access: creates ? .create : .read, clock: now, memo: memo)
    } catch .missing where storeUse == .readOrDefaults {
      store = try Store(path: ":memory:", clock: now)
    } catch .readOnly where storeUse == .writeOrRead {
      store = try Store(path: databasePath, access: .read, clock: now, memo: memo)
    }
    // Work that writes learns first whether it can: before it reads anything to write (a
    // malformed file is then named as such, not by the first damaged row read).
    if storeUse == .write { try store.ensureWritable() }
    createdDatabase = !existed && store.path != ":memory:" && access(databasePath, F_OK) == 0
    openedStore = store
    return store
  }

  /// The store if it was opened, without opening it.
  public var storeIfOpened: Store? { openedStore }

  /// After failed work: a database this run created and saved nothing to is removed again, so
  /// a refused link or a failed import leaves no empty database behind.
  public func discardUnusedDatabase() {
    guard createdDatabase, openedStore?.isPristine() == true else { return }
    // The last reference: the connection closes here, before its files go.
    openedStore = nil
    createdDatabase = false
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(databasePath + suffix) }
  }
}
