import SpendlyCore
import SpendlyStore

/// `accounts add|rename|close|reopen|edit`: an account added or changed through the store,
/// each one undoable change; what comes back is the account as stored.
public struct AccountKeeping {
  /// Why an account was not changed; the words are the caller's.
  public enum Refusal: Error {
    /// Closing on a day before entries of the account: how many come after it.
    case entriesAfter(Int, LocalDate)
    /// Closing on a day before the account opened: the day it opened.
    case beforeOpening(LocalDate)
    case store(StoreError)
  }

  public let session: Session

  public init(session: Session) { self.session = session }

  /// Adds `account`: as stored (its defaults filled in).
  public func add(_ account: Account) throws(StoreError) -> Account {
    let store = try session.store()
    try store.accounts.add(account)
    return try store.accounts.account(named: account.name) ?? account
  }

  /// Renames `account` to `name`.
  public func rename(_ account: Account, to name: String) throws(StoreError) -> Account {
    var renamed = account
    renamed.name = name
    try session.store().accounts.update(account.name, to: renamed, action: .renameAccount)
    return renamed
  }

  /// Closes `account` on `day` (refused when entries of it come after), or reopens it (nil):
  /// the change, for the edge to word ("closed account Wallet on 2026-11-29").
  public func close(_ account: Account, on day: LocalDate?) throws(Refusal) -> ChangeFact {
    var changed = account
    changed.closedOn = day
    do {
      let store = try session.store()
      if let closing = day, let opened = account.openingDate, closing < opened {
        throw Refusal.beforeOpening(opened)
      }
      if let closing = day {
        var later = TransactionFilter(from: closing.adding(days: 1))
        later.account = account.name
        let count = try store.transactions.count(later)
        guard count == 0 else { throw Refusal.entriesAfter(count, closing) }
      }
      try store.accounts.update(account.name, to: changed, action: .closeAccount)
      return .accountClosed(id: account.id?.rawValue, name: account.name, on: day?.description)
    } catch let refusal as Refusal {
      throw refusal
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.database("\(error)"))
    }
  }

  /// Replaces `account` by `changed`: as stored, or nil when nothing changed.
  public func edit(_ account: Account, to changed: Account) throws(StoreError) -> Account? {
    guard changed != account else { return nil }
    let store = try session.store()
    try store.accounts.update(account.name, to: changed)
    return try store.accounts.account(named: changed.name) ?? changed
  }
}
