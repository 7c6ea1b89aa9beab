#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Remembers, in a small file outside the database, how the database file looked (device, inode,
/// size, modification time) when it was last known intact: checked page by page with
/// `PRAGMA integrity_check`, or last written by Spendly after such a check. A store opened on an
/// unchanged file skips the check, which reads every page (a second on a million rows); any
/// change by another program makes the next writer check again.
public struct IntegrityMemo: Sendable {
  public let path: String

  public init(path: String) { self.path = path }

  /// The identity and last change of a file; nil when it cannot be read.
  struct Stamp: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    init?(of file: String) {
      var info = stat()
      guard stat(file, &info) == 0 else { return nil }
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      #if canImport(Darwin)
        seconds = info.st_mtimespec.tv_sec
        nanoseconds = info.st_mtimespec.tv_nsec
      #else
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
      #endif
    }

    init?(text: String) {
      let parts = text.split(separator: " ")
      guard parts.count == 5, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
        let size = Int64(parts[2]), let seconds = Int(parts[3]), let nanoseconds = Int(parts[4])
      else { return nil }
      (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (device, inode, size, seconds, nanoseconds)
    }

    var text: String { "\(device) \(inode) \(size) \(seconds) \(nanoseconds)" }
  }

  /// Whether the database file is as it was when last known intact.
  func matches(_ database: String) -> Bool {
    guard let now = Stamp(of: database), let text = readText(), let known = Stamp(text: text) else { return false }
    return now == known
  }

  /// Records the database file as it is now as intact (owner-only, replaced atomically).
  func record(_ database: String) {
    guard let stamp = Stamp(of: database) else { return }
    makeFolder()
    StateFile.write(stamp.text + "\n", to: path)
  }

  /// The memo's folder and those above it, owner-only (0700), when missing.
  private func makeFolder() {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
    try? DatabaseFile.makeDirectories(String(path[..<slash]))
  }

  /// Forgets the file (it was found damaged).
  func forget() { unlink(path) }

  private func readText() -> String? { StateFile.read(path) }
}

/// A small file kept beside the data (a memo, a remembered figure): read whole, and replaced
/// atomically, owner-only. A failure only loses what it remembers.
public enum StateFile {
  /// The text of the file without line ends (at most 128 bytes), or nil.
  public static func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = Glibc.read(fd, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(String(decoding: buffer[..<count], as: UTF8.self).filter { $0 != "\n" && $0 != "\r" })
  }

  /// Replaces the file with `text` (a temporary file renamed over it).
  public static func write(_ text: String, to path: String) {
    let temporary = path + ".\(getpid()).tmp"
    let fd = open(temporary, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    let written = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    close(fd)
    if written == text.utf8.count { rename(temporary, path) } else { unlink(temporary) }
  }
}
