import CSQLite
import Dispatch

/// `PRAGMA integrity_check` of a database file on a connection of its own, in the background: a store
/// that may write starts one when it opens and its first write waits for the verdict, so the check
/// (it reads every page) overlaps with the person typing instead of delaying the save.
final class IntegrityCheck: @unchecked Sendable {
  /// What the check found.
  enum Verdict: Sendable {
    case intact
    /// SQLite's first complaint about the file.
    case damaged(String)
    /// The check itself could not run (the write path then checks on its own connection).
    case notChecked
  }

  private let finished = DispatchSemaphore(value: 0)
  /// Guards closing the check's connection against interrupting it.
  private let lock = DispatchQueue(label: "spendly.integrity-check")
  private var found = Verdict.notChecked
  private var database: Database?
  private var handle: OpaquePointer?

  init(path: String) {
    // Read-write, though it only reads: a read-only connection cannot recover the WAL index of a
    // database other processes are opening at the same moment, and reads a torn log instead.
    database = try? Database(path: path, flags: SQLITE_OPEN_READWRITE)
    handle = database?.handle
    DispatchQueue.global().async { [self] in
      if let database { found = IntegrityCheck.check(database) }
      // Closed before anyone hears it finished: the store's own connection must close last, to
      // checkpoint and remove the write-ahead log.
      lock.sync {
        database = nil
        handle = nil
      }
      finished.signal()
    }
  }

  /// The verdict, waiting for the check to finish.
  var verdict: Verdict {
    finished.wait()
    finished.signal()
    return found
  }

  /// Stops a check still running (its store is closing) and waits until its connection is closed.
  func cancel() {
    lock.sync {
      if let handle { sqlite3_interrupt(handle) }
    }
    _ = verdict
  }

  static func check(_ database: Database) -> Verdict {
    do {
      // integrity_check, not quick_check: only it finds index rows missing or out of step.
      return try Verdict(database.row("PRAGMA integrity_check(1)")?.text(0))
    } catch  where error.resultCode.matches(.corrupt) || error.resultCode.matches(.notADatabase) {
      return .damaged(error.message)
    } catch {
      return .notChecked
    }
  }
}

extension IntegrityCheck.Verdict {
  /// From the first line `quick_check` answers: "ok", or a description of the damage. A page it
  /// could not read for an I/O error ("error code=522") says nothing about damage: not checked.
  init(_ answer: String?) {
    guard let answer, answer != "ok" else {
      self = answer == "ok" ? .intact : .damaged("the integrity check answered nothing")
      return
    }
    let code = answer.split(separator: "error code=").dropFirst().first.flatMap { Int32($0.prefix { $0.isNumber }) }
    self = code.map { ResultCode(rawValue: $0).matches(.ioError) } == true ? .notChecked : .damaged(answer)
  }
}
