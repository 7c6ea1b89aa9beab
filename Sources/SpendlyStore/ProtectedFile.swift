#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file that a command would write is refused: writing it would destroy a database. One
/// check for every writer of files (exports, reports, backups), so no spelling of the database's
/// path (relative, `..`, a symbolic or a hard link) gets past it.
public enum ProtectedFile: Error, Equatable, Sendable {
  /// The database itself.
  case database
  /// The database's `-wal`, `-shm` or `-journal` file.
  case companion(String)
  /// Some other SQLite database (an export never goes over one).
  case otherDatabase

  /// The reason, for the person's one line.
  public var reason: String {
    switch self {
    case .database: return "is the database itself"
    case .companion(let suffix): return "is the database's \(suffix) file"
    case .otherDatabase: return "is an SQLite database (an export never overwrites one)"
    }
  }

  /// Refuses `path` when writing it would overwrite the database at `database` or one of its
  /// companion files, or (unless `allowingDatabases`, as `backup --force` replacing an older
  /// backup is) any SQLite database.
  public static func check(_ path: String, database: String, allowingDatabases: Bool = false) throws(ProtectedFile) {
    // Spelled as the database (or its companion) even before that file exists.
    if let resolvedDatabase = resolved(database), let resolvedPath = resolved(path) {
      if resolvedPath == resolvedDatabase { throw .database }
      for suffix in companions where resolvedPath == resolvedDatabase + suffix { throw .companion(suffix) }
    }
    guard let target = identity(path) else { return }
    if let own = identity(database), own == target { throw .database }
    for suffix in companions {
      if let companion = identity(database + suffix), companion == target { throw .companion(suffix) }
    }
    if !allowingDatabases, startsWithSQLiteHeader(path) { throw .otherDatabase }
  }

  static let companions = ["-wal", "-shm", "-journal"]

  /// Device and inode of an existing file (links followed), nil when there is none.
  static func identity(_ path: String) -> [UInt64]? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return [UInt64(info.st_dev), UInt64(info.st_ino)]
  }

  /// The absolute path with its folder's links resolved (the file itself may not exist yet).
  static func resolved(_ path: String) -> String? {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let real = realpath(folder.isEmpty ? "/" : folder, nil) else { return nil }
    defer { free(real) }
    return String(cString: real) + "/" + name
  }

  /// Whether the file begins with SQLite's magic string.
  static func startsWithSQLiteHeader(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    var bytes = [UInt8](repeating: 0, count: DatabaseFile.header.count)
    let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    return count == bytes.count && bytes == DatabaseFile.header
  }
}
