internal import CZlib

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ZIP archive written front to back into a seekable file, for XLSX and other OOXML packages.
/// Each entry is deflated (raw deflate, zlib) as its bytes stream in, so no entry is ever held
/// whole in memory; its CRC-32 and sizes are then patched into its local header, which keeps the
/// archive free of data descriptors. Times are fixed (2026-01-01 00:00), so the same entries make
/// the same bytes. No ZIP64: entries, offsets and the archive stay under 4 GiB.
final class ZipArchive {
  struct Entry {
    let name: [UInt8]
    let headerOffset: UInt64
    var crc: UInt32 = 0
    var compressedSize: UInt64 = 0
    var size: UInt64 = 0
  }

  /// 2026-01-01 00:00 as MS-DOS date and time.
  static let dosDate: UInt16 = (2026 - 1980) << 9 | 1 << 5 | 1
  static let dosTime: UInt16 = 0
  static let limit = UInt64(UInt32.max)

  let reportedPath: String
  private let file: UnsafeMutablePointer<FILE>
  private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
  private var output = [UInt8](repeating: 0, count: 1 << 16)
  private var entries: [Entry] = []
  private var current: Entry?
  private var offset: UInt64 = 0
  /// The first failure; every later call fails with it, since the file is no use any more.
  private(set) var failure: WriteError?
  private var closed = false

  /// Takes over `descriptor` (closed by `finish` or when the archive goes); errors name `reportedPath`.
  init(descriptor: Int32, reportedAs reportedPath: String) throws(WriteError) {
    self.reportedPath = reportedPath
    guard let file = fdopen(descriptor, "wb") else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      stream.deallocate()
      throw WriteError(path: reportedPath, "cannot create: \(reason)")
    }
    self.file = file
    stream.initialize(to: z_stream())
    let status = deflateInit2_(
      stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      fclose(file)
      stream.deallocate()
      closed = true
      throw WriteError(path: reportedPath, "cannot start compression (zlib error \(status))")
    }
  }

  deinit {
    deflateEnd(stream)
    stream.deallocate()
    if !closed { fclose(file) }
  }

  /// Starts an entry; the one before must have ended.
  func begin(_ name: String) throws(WriteError) {
    try check()
    precondition(current == nil, "ZipArchive.begin while an entry is open")
    let entry = Entry(name: Array(name.utf8), headerOffset: offset)
    current = entry
    try emit(header(entry, central: false))
    deflateReset(stream)
  }

  /// Adds bytes to the open entry.
  func write(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
    try check()
    guard var entry = current, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    let input = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
    entry.crc = UInt32(crc32(uLong(entry.crc), input, uInt(bytes.count)))
    entry.size += UInt64(bytes.count)
    stream.pointee.next_in = input
    stream.pointee.avail_in = uInt(bytes.count)
    entry.compressedSize += try deflateAll(Z_NO_FLUSH)
    current = entry
    guard entry.size <= Self.limit else {
      throw fail("an entry passes 4 GiB, more than a ZIP file without ZIP64 holds")
    }
  }

  func write(_ bytes: [UInt8]) throws(WriteError) {
    let written = bytes.withUnsafeBytes { raw in Result { () throws(WriteError) in try write(raw) } }
    try written.get()
  }

  /// Ends the open entry: flushes the deflater and patches CRC and sizes into its local header.
  func end() throws(WriteError) {
    try check()
    guard var entry = current else { return }
    stream.pointee.next_in = nil
    stream.pointee.avail_in = 0
    entry.compressedSize += try deflateAll(Z_FINISH)
    current = nil
    guard offset <= Self.limit else { throw fail("the archive passes 4 GiB, more than a ZIP file without ZIP64 holds") }
    var sizes: [UInt8] = []
    sizes.le32(entry.crc)
    sizes.le32(UInt32(entry.compressedSize))
    sizes.le32(UInt32(entry.size))
    guard fseeko(file, off_t(entry.headerOffset + 14), SEEK_SET) == 0,
      fwrite(sizes, 1, sizes.count, file) == sizes.count,
      fseeko(file, 0, SEEK_END) == 0
    else { throw fail("cannot write: \(String(cString: strerror(errno)))") }
    entries.append(entry)
  }

  /// A whole entry at once, for the small parts.
  func add(_ name: String, _ bytes: [UInt8]) throws(WriteError) {
    try begin(name)
    try write(bytes)
    try end()
  }

  /// Writes the central directory and end record, and closes the file.
  func finish() throws(WriteError) {
    try check()
    precondition(current == nil, "ZipArchive.finish while an entry is open")
    let directoryOffset = offset
    var directory: [UInt8] = []
    for entry in entries { directory += header(entry, central: true) }
    guard entries.count < 0xFFFF, directoryOffset + UInt64(directory.count) <= Self.limit else {
      throw fail("too many entries or bytes for a ZIP file without ZIP64")
    }
    var end: [UInt8] = []
    end.le32(0x0605_4b50)
    end.le16(0)  // this disk
    end.le16(0)  // disk of the central directory
    end.le16(UInt16(entries.count))
    end.le16(UInt16(entries.count))
    end.le32(UInt32(directory.count))
    end.le32(UInt32(directoryOffset))
    end.le16(0)  // comment length
    try emit(directory + end)
    closed = true
    guard fclose(file) == 0 else { throw fail("cannot write: \(String(cString: strerror(errno)))") }
  }

  /// A local file header (sizes zero until `end` patches them) or a central directory header.
  private func header(_ entry: Entry, central: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.le32(central ? 0x0201_4b50 : 0x0403_4b50)
    if central { bytes.le16(20) }  // made by: MS-DOS attributes, spec 2.0
    bytes.le16(20)  // needed to extract: deflate
    bytes.le16(entry.name.allSatisfy { $0 < 0x80 } ? 0 : 1 << 11)  // bit 11: the name is UTF-8
    bytes.le16(8)  // deflate
    bytes.le16(Self.dosTime)
    bytes.le16(Self.dosDate)
    bytes.le32(entry.crc)
    bytes.le32(UInt32(entry.compressedSize))
    bytes.le32(UInt32(entry.size))
    bytes.le16(UInt16(entry.name.count))
    bytes.le16(0)  // extra field length
    if central {
      bytes.le16(0)  // comment length
      bytes.le16(0)  // disk number
      bytes.le16(0)  // internal attributes
      bytes.le32(0)  // external attributes
      bytes.le32(UInt32(entry.headerOffset))
    }
    return bytes + entry.name
  }

  /// Runs deflate until it wants more input (or, finishing, until the stream ends), writing what
  /// it makes; returns the number of compressed bytes written.
  private func deflateAll(_ flush: Int32) throws(WriteError) -> UInt64 {
    var written: UInt64 = 0
    while true {
      let (status, made) = output.withUnsafeMutableBytes { buffer in
        stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        let status = deflate(stream, flush)
        return (status, buffer.count - Int(stream.pointee.avail_out))
      }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw fail("compression failed (zlib error \(status))")
      }
      if made > 0 {
        try emit(output, count: made)
        written += UInt64(made)
      }
      if flush == Z_FINISH ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && made < output.count {
        return written
      }
    }
  }

  private func emit(_ bytes: [UInt8]) throws(WriteError) {
    try emit(bytes, count: bytes.count)
  }

  private func emit(_ bytes: UnsafeRawPointer, count: Int) throws(WriteError) {
    guard count > 0 else { return }
    guard fwrite(bytes, 1, count, file) == count else {
      throw fail("cannot write: \(String(cString: strerror(errno)))")
    }
    offset += UInt64(count)
  }

  /// After one failure every call fails the same way: the file is no use any more.
  private func check() throws(WriteError) {
    if let failure { throw failure }
    precondition(!closed, "ZipArchive used after finish")
  }

  private func fail(_ message: String) -> WriteError {
    let error = WriteError(path: reportedPath, message)
    failure = error
    return error
  }
}

extension [UInt8] {
  mutating func le16(_ value: UInt16) {
    append(UInt8(value & 0xFF))
    append(UInt8(value >> 8))
  }

  mutating func le32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
  }
}
