import Foundation
import SpendlyTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A database its user may read but not write (file 0400 or 0444, folder 0555). Root may write
/// anything, so as root the binary runs as an unprivileged user through `setpriv` (util-linux).
@Suite("spendly on a read-only database: reads work, writes fail with one line")
struct ReadOnlyDatabaseTests {
  /// The user the binary runs as when the tests run as root: nobody, on Debian and most systems.
  static let unprivileged = "65534"

  static let reads: [[String]] = [
    ["list"], ["show", "1"], ["history", "1"], ["query", "spent", "this", "month"], ["dashboard"],
    ["--json", "query", "by", "category", "this", "month"], ["categories"], ["config"], ["parse", "coffee", "180"],
  ]

  static let writes: [[String]] = [
    ["add", "--yes", "5", "cash"], ["edit", "1", "--amount", "5"], ["delete", "1"], ["undo"],
    ["config", "week", "sunday"], ["categories", "add", "Pets"],
  ]

  @Test(arguments: [0o400, 0o444] as [mode_t])
  func readsWorkAndWritesFailCleanly(_ fileMode: mode_t) throws {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    try sandbox.ok("add", "--yes", "--amount", "150000", "--kind", "income", "--category", "Salary")
    try sandbox.ok("edit", "1", "--amount", "450")
    let expected = try Self.reads.map { try sandbox.run($0).stdout }

    let folder = sandbox.directory + "/data"
    var launcher: [String] = []
    var binary = spendlyBinary
    if geteuid() == 0 {
      let user = Self.unprivileged
      launcher = ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"]
      // A copy the user can reach, wherever the build directory is.
      binary = sandbox.directory + "/spendly"
      try Self.copyExecutable(spendlyBinary, to: binary)
      // 0400 is the user's own file; 0444 is someone else's that all may read.
      if fileMode == 0o400 { try #require(chown(sandbox.database, 65534, 65534) == 0) }
    }
    try #require(chmod(sandbox.directory, 0o755) == 0)
    try #require(chmod(sandbox.database, fileMode) == 0)
    try #require(chmod(folder, 0o555) == 0)
    defer {
      chmod(folder, 0o700)
      chmod(sandbox.database, 0o600)
    }
    try #require(sideFiles(sandbox.database).isEmpty)
    let before = try FileState(sandbox.database)

    for (command, output) in zip(Self.reads, expected) {
      let result = try sandbox.run(command, launcher: launcher, binary: binary)
      #expect(result.status == 0, "spendly \(command): \(result.stderr)")
      #expect(result.stdout == output, "spendly \(command)")
      #expect(result.stderr.isEmpty)
    }
    for command in Self.writes {
      let result = try sandbox.run(command, launcher: launcher, binary: binary)
      #expect(result.status == 73, "spendly \(command): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderrLines == ["spendly: database '\(sandbox.database)' is read-only for you: nothing can be saved"])
    }
    // The shell opens it too: questions are answered, an entry's save is refused with one line.
    let shell = try sandbox.run(
      [], input: Data("spent this month\n420 upi food\n\n".utf8), launcher: launcher, binary: binary)
    #expect(shell.status == 65, "\(shell.stderr)")
    #expect(shell.stdout.contains("spent this month"), "\(shell.stdout)")
    #expect(!shell.stdout.contains("saved #"))
    #expect(shell.stderr.contains("is read-only for you"), "\(shell.stderr)")
    // Bytes untouched; the mode only ever loses group and other access, on the user's own file.
    let after = try FileState(sandbox.database)
    #expect(after.bytes == before.bytes && after.size == before.size)
    #expect(after.mode == (geteuid() == 0 ? before.mode : before.mode & ~0o077))
    #expect(sideFiles(sandbox.database).isEmpty)
  }

  /// Copies the binary through a close-on-exec descriptor: a copy made with an inheritable one
  /// stays open for writing in whatever another test spawns meanwhile, and running it then
  /// fails with "Text file busy".
  static func copyExecutable(_ source: String, to target: String) throws {
    let bytes = try #require(FileManager.default.contents(atPath: source))
    let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    try #require(fd >= 0, "cannot create \(target)")
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    try #require(written == bytes.count, "short write to \(target)")
  }
}
