import Foundation
import SpendlyStore

/// `backup FILE`: a consistent copy of the database (SQLite's online backup), taken while
/// others may write, checked after it is written; an existing FILE only with `force`.
public struct BackingUp {
  public struct Request: Sendable {
    public var path: String
    /// Replace an existing FILE (an older backup).
    public var force = false

    public init(path: String) { self.path = path }
  }

  /// What was written.
  public struct Outcome: Sendable {
    public let path: String
    public let transactions: Int
    public let schema: Int
    /// The backup's size in bytes.
    public let bytes: Int
  }

  /// Why no backup was written; the words are the caller's.
  public enum Refusal: Error {
    case file(DatabaseFile.Refusal)
    /// FILE exists and `force` was not given.
    case exists
    /// The backup could not be written (the system's reason).
    case cannotWrite(String)
    /// The database is damaged (the store's detail).
    case damaged(String)
    case store(StoreError)
  }

  public let session: Session
  public var request: Request

  public init(session: Session, request: Request) {
    self.session = session
    self.request = request
  }

  public func run() throws(Refusal) -> Outcome {
    let path = request.path
    let exists: Bool
    do {
      exists = try DatabaseFile.exists(path, database: session.databasePath)
    } catch {
      throw .file(error)
    }
    if exists, !request.force { throw .exists }
    let store: Store
    do {
      store = try session.store()
    } catch {
      throw .store(error)
    }
    let info: BackupInfo
    do {
      info = try store.backup(to: path, replace: request.force)
    } catch .cannotOpen(_, let reason) {
      throw .cannotWrite(reason)
    } catch .damagedFile(_, let detail) {
      throw .damaged(detail)
    } catch {
      throw .store(error)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    return Outcome(path: path, transactions: info.transactions, schema: info.schema, bytes: size)
  }
}
