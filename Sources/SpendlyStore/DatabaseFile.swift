#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a command uses the store, which decides what opening it may do to the file.
public enum StoreAccess: Sendable {
  /// Reads and writes; creates the file (0600) and its folders (0700) when missing.
  case create
  /// Reads only: a missing file is an error and nothing is created. A file this user can write
  /// is opened as usual (and kept up to date); one it cannot write is opened read-only.
  case read
  /// Never writes: opened with SQLITE_OPEN_READONLY whatever the permissions.
  case readOnly
}

/// What is at a database path, checked before SQLite opens it: only a regular file that is empty
/// or starts with the SQLite header is opened, so anything else (a text file, a device) is left
/// exactly as it was.
struct DatabaseFile {
  let path: String
  /// This user may write the file and whatever SQLite writes beside it (journal, -wal, -shm).
  let writable: Bool
  /// The header says write-ahead logging (file format versions 2).
  let wal: Bool

  static let header = Array("SQLite format 3\0".utf8)

  /// Checks the file at `path`, creating it (and its folders) first for `.create` when it is missing.
  static func check(_ path: String, access: StoreAccess) throws(StoreError) -> DatabaseFile {
    var info = stat()
    if stat(path, &info) != 0 {
      guard errno == ENOENT || errno == ENOTDIR else { throw .cannotOpen(path, String(cString: strerror(errno))) }
      guard access == .create else { throw .missing(path) }
      try create(path)
      guard stat(path, &info) == 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
    }
    // Nothing but a regular file is opened at all: opening a device can have effects of its own.
    try requireRegular(path, info)
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard fd >= 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
    try requireRegular(path, info)
    var bytes = [UInt8](repeating: 0, count: 100)
    let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
    guard count >= 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
    guard count == 0 || DatabaseFile.isHeader(bytes[..<count]) else {
      throw .notADatabase(path, "it is not an SQLite database")
    }
    // An empty file holds no database yet: a read says so and leaves it as it is.
    if count == 0 && access != .create { throw .missing(path) }
    // A database that others may read keeps only its owner's access: a regular file this user owns
    // that is empty or has a schema version (header bytes 60-63, so not another program's file).
    // Done here, before SQLite opens it: closing any other descriptor of the file once SQLite holds
    // its locks would drop them (POSIX locks belong to the process), and another process could then
    // delete a write-ahead log still in use.
    let version = count == 0 ? 0 : bytes[60..<64].reduce(0) { $0 << 8 | Int($1) }
    if access != .readOnly, count == 0 || version > 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 {
      fchmod(fd, info.st_mode & 0o700)
    }
    return DatabaseFile(path: path, writable: canWrite(path), wal: count >= 20 && bytes[18] == 2 && bytes[19] == 2)
  }

  /// The first 100 bytes of an SQLite database: the magic string, a page size (a power of two from
  /// 512, or 1 for 65536) and the payload fractions that are always 64, 32 and 32.
  static func isHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count == 100, Array(bytes.prefix(header.count)) == header else { return false }
    let start = bytes.startIndex
    let pageSize = Int(bytes[start + 16]) << 8 | Int(bytes[start + 17])
    let validSize = pageSize == 1 || (pageSize >= 512 && pageSize & (pageSize - 1) == 0)
    return validSize && bytes[start + 21] == 64 && bytes[start + 22] == 32 && bytes[start + 23] == 32
  }

  static func requireRegular(_ path: String, _ info: stat) throws(StoreError) {
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .notADatabase(path, info.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is not a regular file")
    }
  }

  /// Creates the parent folders (0700) and an empty file (0600); another process may win the race.
  static func create(_ path: String) throws(StoreError) {
    let directory = folder(of: path)
    var info = stat()
    if stat(directory, &info) != 0 { try makeDirectories(directory) }
    let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard fd >= 0 || errno == EEXIST else { throw .cannotOpen(path, String(cString: strerror(errno))) }
    if fd >= 0 { close(fd) }
  }

  static func makeDirectories(_ directory: String) throws(StoreError) {
    var built = directory.hasPrefix("/") ? "" : "."
    for part in directory.split(separator: "/") {
      built += "/" + part
      var info = stat()
      if stat(built, &info) == 0 { continue }
      if mkdir(built, 0o700) != 0 && errno != EEXIST {
        throw .cannotOpen(directory, String(cString: strerror(errno)))
      }
    }
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  static func writableByMe(_ path: String) -> Bool { faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 }

  /// The file, and its folder (for the journal, -wal and -shm) unless both of those already exist writable.
  static func canWrite(_ path: String) -> Bool {
    guard writableByMe(path) else { return false }
    return writableByMe(folder(of: path)) || (writableByMe(path + "-wal") && writableByMe(path + "-shm"))
  }

  /// The URI that opens the file read-only. A WAL database needs its -shm file; when that is absent
  /// and cannot be created (a read-only folder) and there is no log or journal to read, the file
  /// alone is the whole database and is opened `immutable` (no locks, no side files).
  var readOnlyURI: String {
    let sideFiles =
      ["-shm", "-journal"].contains { DatabaseFile.exists(path + $0) } || DatabaseFile.size(path + "-wal") > 0
    let immutable = wal && !sideFiles && !DatabaseFile.writableByMe(DatabaseFile.folder(of: path))
    return "file:" + DatabaseFile.percentEncoded(path) + (immutable ? "?immutable=1" : "?mode=ro")
  }

  static func size(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// A path as the path part of a `file:` URI: every byte but unreserved ones and "/" as %XX.
  static func percentEncoded(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF")
        result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
      }
    }
    return result
  }
}
