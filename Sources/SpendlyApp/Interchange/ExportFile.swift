import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where an export's bytes go: stdout for `-` or no FILE, else a file written beside its
/// destination and moved into place once complete (a failed export leaves no half file, and
/// whatever was there stays). Files are the person's only (0600): they hold their finances.
public final class ExportFile {
  /// Why the bytes could not be written; the words are the caller's.
  public enum Failure: Error, Sendable {
    case isADirectory(String)
    /// The file could not be created (the system's reason).
    case cannotCreate(String, reason: String)
    /// Writing failed (a full disk, a closed pipe): nil for stdout.
    case cannotWrite(String?, reason: String)
    /// The complete file could not be moved into place.
    case cannotMove(String, reason: String)
  }

  public let path: String?
  private let temporary: String?
  private let handle: FileHandle
  public private(set) var bytesWritten = 0

  /// Opens `path` (nil or `-` for stdout).
  public init(_ path: String?) throws(Failure) {
    if path == nil || path == "-" {
      self.path = nil
      temporary = nil
      handle = FileHandle.standardOutput
      return
    }
    let path = path!
    let directory = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .isADirectory(path)
    }
    let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).part"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .cannotCreate(path, reason: String(cString: strerror(errno))) }
    self.path = path
    self.temporary = temporary
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  /// Writes bytes; a full disk or a closed pipe is a failure naming the file.
  public func write(_ bytes: [UInt8]) throws(Failure) {
    do {
      try handle.write(contentsOf: bytes)
      bytesWritten += bytes.count
    } catch {
      abandon()
      throw .cannotWrite(path, reason: Self.reason(error))
    }
  }

  /// Completes the file: synced and moved into place.
  public func finish() throws(Failure) {
    guard let temporary, let path else { return }
    do {
      try handle.synchronize()
      try handle.close()
    } catch {
      abandon()
      throw .cannotWrite(path, reason: Self.reason(error))
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      abandon()
      throw .cannotMove(path, reason: reason)
    }
  }

  /// Removes the half-written file.
  public func abandon() {
    if let temporary { unlink(temporary) }
  }

  static func reason(_ error: Error) -> String {
    let ns = error as NSError
    if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    return ns.localizedDescription
  }
}
