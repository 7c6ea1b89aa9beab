import Foundation
import SpendlyStore

/// `restore FILE`: a backup put back, checked before the database is even opened (a damaged
/// file changes nothing); the database it replaces is kept beside it.
public struct Restoring {
  public struct Request: Sendable {
    public var path: String

    public init(path: String) { self.path = path }
  }

  /// What was restored.
  public struct Outcome: Sendable {
    public let path: String
    public let transactions: Int
    /// Where the replaced database is kept; nil when there was none.
    public let kept: String?
  }

  /// Why nothing was restored; the words are the caller's.
  public enum Refusal: Error {
    case file(DatabaseFile.Refusal)
    /// FILE is there but this user cannot read it.
    case permissionDenied
    /// FILE is no such file.
    case missing
    /// FILE's check failed (integrity_check): the store's detail.
    case damaged(String)
    /// FILE is no Spendly database (the reason); `opened` once the database was opened, which is
    /// as it was.
    case notADatabase(String, opened: Bool)
    /// FILE was made at a schema this Spendly does not know.
    case newer(schema: Int)
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
    if exists, !FileManager.default.isReadableFile(atPath: path) { throw .permissionDenied }
    // A database that is not there yet has nothing to keep.
    let existed = FileManager.default.fileExists(atPath: session.databasePath)
    // Checked before the database is even opened: a damaged file changes nothing.
    do {
      _ = try Store.check(path)
    } catch .damagedFile(_, let detail) {
      throw .damaged(detail)
    } catch .notADatabase(_, let reason) {
      throw .notADatabase(reason, opened: false)
    } catch .missing {
      throw .missing
    } catch .newerDatabase(let version) {
      throw .newer(schema: version)
    } catch {
      throw .store(error)
    }
    let store: Store
    do {
      store = try session.store()
    } catch {
      throw .store(error)
    }
    let keep = existed ? session.keepPath() : nil
    let info: BackupInfo
    do {
      info = try store.restore(from: path, keepingAt: keep)
    } catch .notADatabase(_, let reason) {
      throw .notADatabase(reason, opened: true)
    } catch {
      throw .store(error)
    }
    return Outcome(path: path, transactions: info.transactions, kept: keep)
  }
}
