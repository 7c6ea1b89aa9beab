#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An unnamed temporary file that holds a sheet's rows while they are written, so that the
/// sheet's `<dimension>`, which comes before the rows, can be written once the rows are known,
/// with memory as flat as streaming. It is made beside the workbook and unlinked at once.
final class SpoolFile {
  private let file: UnsafeMutablePointer<FILE>
  /// The file the caller asked for; every error names it.
  let reportedPath: String

  /// A spool in `folder` ("" for the working folder).
  init(folder: String, reportedAs reportedPath: String) throws(WriteError) {
    self.reportedPath = reportedPath
    var template = Array("\(folder).spendly-sheet.XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw WriteError(path: reportedPath, "cannot create: \(String(cString: strerror(errno)))") }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    guard let file = fdopen(descriptor, "w+b") else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw WriteError(path: reportedPath, "cannot create: \(reason)")
    }
    self.file = file
  }

  deinit { fclose(file) }

  func write(_ bytes: [UInt8]) throws(WriteError) {
    guard !bytes.isEmpty else { return }
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
      throw WriteError(path: reportedPath, "cannot write: \(String(cString: strerror(errno)))")
    }
  }

  /// Sends everything written so far to the archive's open entry.
  func copy(into archive: ZipArchive) throws(WriteError) {
    guard fflush(file) == 0, fseeko(file, 0, SEEK_SET) == 0 else {
      throw WriteError(path: reportedPath, "cannot write: \(String(cString: strerror(errno)))")
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 {
        guard ferror(file) == 0 else { throw WriteError(path: reportedPath, "cannot read back a sheet") }
        return
      }
      let sent = chunk.withUnsafeBytes { raw in
        Result { () throws(WriteError) in try archive.write(UnsafeRawBufferPointer(rebasing: raw[..<count])) }
      }
      try sent.get()
    }
  }
}
