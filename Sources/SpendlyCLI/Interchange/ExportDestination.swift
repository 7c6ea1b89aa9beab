import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where an export's bytes go: stdout for `-` or no FILE, else a file written beside its
/// destination and moved into place once complete (a failed export leaves no half file, and
/// whatever was there stays). Files are the person's only (0600): they hold their finances.
final class ExportDestination {
  let path: String?
  private let temporary: String?
  private let handle: FileHandle
  private(set) var bytesWritten = 0

  /// Opens `path` (nil or `-` for stdout); `binary` refuses a terminal for stdout.
  init(_ path: String?, output: Output, binary: Bool = false, what: String) throws(CLIError) {
    if path == nil || path == "-" {
      if binary && isatty(1) == 1 {
        throw .usage("\(what) is a binary file: give a FILE (spendly export \(what) FILE)")
      }
      output.flush()
      self.path = nil
      temporary = nil
      handle = FileHandle.standardOutput
      return
    }
    let path = path!
    let directory = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw CLIError(.cannotCreate, "\(Render.safe(path)): is a directory")
    }
    let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).part"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw CLIError(
        .cannotCreate, "\(Render.safe(path)): cannot create the file (\(String(cString: strerror(errno))))")
    }
    self.path = path
    self.temporary = temporary
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  /// Writes bytes; a full disk or a closed pipe is an I/O error naming the file.
  func write(_ bytes: [UInt8]) throws(CLIError) {
    do {
      try handle.write(contentsOf: bytes)
      bytesWritten += bytes.count
    } catch {
      abandon()
      throw CLIError(.ioError, "\(Render.safe(path ?? "stdout")): cannot write (\(Self.reason(error)))")
    }
  }

  /// Completes the file: synced and moved into place.
  func finish() throws(CLIError) {
    guard let temporary, let path else { return }
    do {
      try handle.synchronize()
      try handle.close()
    } catch {
      abandon()
      throw CLIError(.ioError, "\(Render.safe(path)): cannot write (\(Self.reason(error)))")
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      abandon()
      throw CLIError(.cannotCreate, "\(Render.safe(path)): cannot write (\(reason))")
    }
  }

  /// Removes the half-written file.
  func abandon() {
    if let temporary { unlink(temporary) }
  }

  /// Opens `path`, runs `body` with it and completes the file; on any error the half-written
  /// file is removed and the error is the person's one line. Every streamed export goes here.
  static func writing(
    _ path: String?, output: Output, what: String, _ body: (ExportDestination) throws -> Void
  ) throws(CLIError) {
    let destination = try ExportDestination(path, output: output, what: what)
    do {
      try body(destination)
      try destination.finish()
    } catch {
      destination.abandon()
      throw CLIError.exporting(error)
    }
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
