import CSQLite
import SpendlyCore

#if canImport(Glibc)
  import Glibc
#endif

/// What a backup file holds, once checked: its schema version and its transaction count.
public struct BackupInfo: Sendable {
  public let schema: Int
  public let transactions: Int
}

extension Store {
  /// Copies this database to `path` with SQLite's online backup API: one consistent snapshot
  /// even while another process writes, into a new file only the person can read (0600),
  /// written beside `path` and moved into place. An existing file is refused unless `replace`.
  public func backup(to path: String, replace: Bool = false) throws(StoreError) -> BackupInfo {
    if !replace, access(path, F_OK) == 0 { throw .duplicateName("file", path) }
    let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary = "\(directory)/.\(name).\(getpid()).part"
    try Self.copy(from: database, into: temporary)
    let info: BackupInfo
    do {
      info = try Self.check(temporary)
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .cannotOpen(path, reason)
    }
    return info
  }

  /// Writes a copy of `source` into a new file at `path` (0600), as one rollback-journal file.
  static func copy(from source: Database, into path: String) throws(StoreError) {
    unlink(path)
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
    close(fd)
    do {
      let target = try Database(path: path)
      try run(backupFrom: source, into: target)
      // The copy is one self-contained file: no -wal beside it to lose.
      try target.execute("PRAGMA journal_mode = DELETE")
    } catch let error as DatabaseError {
      unlink(path)
      throw StoreError.from(error, path: path)
    } catch let error as StoreError {
      unlink(path)
      throw error
    } catch {
      unlink(path)
      throw .database("\(error)")
    }
  }

  /// Copies every page of `source` into `target` in one step (a consistent snapshot).
  static func run(backupFrom source: Database, into target: Database) throws(StoreError) {
    guard let backup = sqlite3_backup_init(target.handle, "main", source.handle, "main") else {
      throw StoreError.from(target.error(sqlite3_errcode(target.handle), nil), path: "backup")
    }
    var rc = SQLITE_OK
    var attempts = 0
    repeat {
      rc = sqlite3_backup_step(backup, -1)
      // Another process holds a lock for a moment: try again, a bounded number of times.
      if rc == SQLITE_BUSY || rc == SQLITE_LOCKED {
        attempts += 1
        usleep(20_000)
      }
    } while (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && attempts < 250
    let finish = sqlite3_backup_finish(backup)
    guard rc == SQLITE_DONE, finish == SQLITE_OK else {
      throw StoreError.from(target.error(rc == SQLITE_DONE ? finish : rc, nil), path: "backup")
    }
  }

  /// Checks a file before it is trusted as a backup: SQLite's full `integrity_check`, Spendly's
  /// tables, and a schema version this Spendly reads.
  public static func check(_ path: String) throws(StoreError) -> BackupInfo {
    guard access(path, R_OK) == 0 else { throw .missing(path) }
    let db: Database
    do {
      db = try Database(path: path, flags: SQLITE_OPEN_READONLY)
    } catch {
      throw .notADatabase(path, error.message)
    }
    do {
      let verdict = try db.row("PRAGMA integrity_check(1)")?.text(0) ?? "no answer"
      guard verdict == "ok" else {
        let marker = "*** in database main ***"
        let detail = verdict.hasPrefix(marker) ? String(verdict.dropFirst(marker.count)) : verdict
        throw StoreError.damagedFile(path, detail.trimmingSpaces())
      }
      let tables = Set(try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.text(0) })
      for needed in ["transactions", "revisions", "changes", "categories", "methods", "settings"]
      where !tables.contains(needed) {
        throw StoreError.notADatabase(path, "not a Spendly database (it has no \(needed) table)")
      }
      let version = db.userVersion
      guard version <= Schema.latestVersion else { throw StoreError.newerDatabase(version) }
      let count = Int(try db.row("SELECT count(*) FROM transactions")?.int(0) ?? 0)
      return BackupInfo(schema: version, transactions: count)
    } catch let error as StoreError {
      throw error
    } catch let error as DatabaseError {
      throw .notADatabase(path, error.message)
    } catch {
      throw .database("\(error)")
    }
  }

  /// Replaces this database with the backup at `path`. Nothing is replaced until a copy of
  /// the backup has been checked, brought up to this schema and checked again (every table
  /// Spendly has, SQLite's integrity check); the database it replaces is kept at `keep` (nil:
  /// nothing to keep).
  public func restore(from path: String, keepingAt keep: String?) throws(StoreError) -> BackupInfo {
    try ensureWritable()
    _ = try Self.check(path)
    let staged = self.path + ".restoring-\(getpid())"
    defer { unlink(staged) }
    let source: Database
    do {
      source = try Database(path: path, flags: SQLITE_OPEN_READONLY)
    } catch {
      throw .notADatabase(path, error.message)
    }
    try Self.copy(from: source, into: staged)
    do {
      let copy = try Database(path: staged)
      try Schema.migrate(copy)
      let tables = Set(try copy.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.text(0) })
      for needed in Replacement.tables where !tables.contains(needed) {
        throw StoreError.notADatabase(path, "not a whole Spendly database (it has no \(needed) table)")
      }
    } catch let error as StoreError {
      throw error
    } catch let error as DatabaseError {
      throw .notADatabase(path, "cannot be brought up to this version of Spendly (\(error.message))")
    } catch {
      throw .notADatabase(path, "cannot be brought up to this version of Spendly (\(error))")
    }
    let info = try Self.check(staged)
    try replaceContents(with: staged, source: path, keepingAt: keep)
    if let memo { memo.record(self.path) }
    return info
  }
}
