import SpendlyTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A small model of what a terminal shows: a grid of rows that grows downwards, fed with the
/// bytes a program writes. It understands what libedit and the shell emit — printable UTF-8,
/// `\r`, `\n`, backspace, tab, CSI cursor moves and erases, insert/delete characters — and
/// ignores colours (SGR) and modes. Rows that scroll off the top are kept, so `text` is the
/// whole session as a person would have seen it.
struct Screen {
  let width: Int
  let height: Int
  private(set) var rows: [[Unicode.Scalar]] = [[]]
  private(set) var row = 0
  private(set) var column = 0
  /// The first row of the visible window; rows above it have scrolled off.
  private var top = 0
  /// After a character in the last column the cursor waits there; the next character wraps.
  private var pendingWrap = false
  /// Bytes of an escape sequence or UTF-8 character not yet complete.
  private var pending: [UInt8] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Each row without trailing blanks.
  var lines: [String] {
    rows.map { row in
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: row)
      var text = String(scalars)
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// All rows, one a line, without trailing blank rows.
  var text: String {
    var lines = lines
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// The row the cursor is on.
  var cursorLine: String { lines[row] }

  mutating func feed(_ bytes: some Sequence<UInt8>) {
    pending.append(contentsOf: bytes)
    var index = 0
    while index < pending.count {
      guard let used = step(at: index) else { break }  // incomplete: wait for more bytes
      index += used
    }
    pending.removeFirst(index)
  }

  /// Handles the sequence starting at `index`; the number of bytes used, or nil if incomplete.
  private mutating func step(at index: Int) -> Int? {
    let byte = pending[index]
    switch byte {
    case 0x1B:
      guard index + 1 < pending.count else { return nil }
      let kind = pending[index + 1]
      if kind == UInt8(ascii: "[") {
        var end = index + 2
        while end < pending.count && !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        csi(parameters: Array(pending[(index + 2)..<end]), final: pending[end])
        return end - index + 1
      }
      if kind == UInt8(ascii: "]") {  // OSC: up to BEL or ESC \
        var end = index + 2
        while end < pending.count {
          if pending[end] == 0x07 { return end - index + 1 }
          if pending[end] == 0x1B && end + 1 < pending.count && pending[end + 1] == UInt8(ascii: "\\") {
            return end - index + 2
          }
          end += 1
        }
        return nil
      }
      if [UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(kind) {
        return index + 2 < pending.count ? 3 : nil  // character set designation
      }
      return 2  // ESC =, ESC >, ESC 7, ...: nothing to show
    case 0x0D:
      column = 0
      pendingWrap = false
    case 0x0A, 0x0B, 0x0C:
      lineFeed()
    case 0x08:
      column = max(0, column - 1)
      pendingWrap = false
    case 0x09:
      column = min(width - 1, (column / 8 + 1) * 8)
    case 0x00..<0x20, 0x7F:
      break  // BEL and other controls show nothing
    default:
      let length: Int
      switch byte {
      case 0xC0..<0xE0: length = 2
      case 0xE0..<0xF0: length = 3
      case 0xF0..<0xF8: length = 4
      default: length = 1
      }
      guard index + length <= pending.count else { return nil }
      let decoded = String(decoding: pending[index..<(index + length)], as: UTF8.self)
      for scalar in decoded.unicodeScalars { put(scalar) }
      return length
    }
    return 1
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    if pendingWrap {
      column = 0
      lineFeed()
    }
    ensureCell(row, column)
    rows[row][column] = scalar
    if column == width - 1 {
      pendingWrap = true
    } else {
      column += 1
    }
  }

  private mutating func lineFeed() {
    pendingWrap = false
    if row == top + height - 1 { top += 1 }
    row += 1
    while rows.count <= row { rows.append([]) }
  }

  private mutating func ensureCell(_ row: Int, _ column: Int) {
    while rows.count <= row { rows.append([]) }
    while rows[row].count <= column { rows[row].append(" ") }
  }

  private mutating func csi(parameters raw: [UInt8], final: UInt8) {
    pendingWrap = false
    let text = String(decoding: raw, as: UTF8.self)
    if text.hasPrefix("?") || text.hasPrefix(">") || text.hasPrefix("=") { return }  // private modes
    let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func number(_ position: Int, default value: Int) -> Int {
      guard position < numbers.count, let given = numbers[position] else { return value }
      return given == 0 && value == 1 ? 1 : given
    }
    let n = number(0, default: 1)
    switch Character(Unicode.Scalar(final)) {
    case "A": row = max(top, row - n)
    case "B", "e":
      row = min(top + height - 1, row + n)
      while rows.count <= row { rows.append([]) }
    case "C", "a": column = min(width - 1, column + n)
    case "D": column = max(0, column - n)
    case "G", "`": column = min(width - 1, max(0, n - 1))
    case "H", "f":
      row = top + min(height - 1, max(0, number(0, default: 1) - 1))
      column = min(width - 1, max(0, number(1, default: 1) - 1))
      while rows.count <= row { rows.append([]) }
    case "K":
      switch number(0, default: 0) {
      case 0: if column < rows[row].count { rows[row].removeSubrange(column...) }
      case 1:
        ensureCell(row, column)
        for index in 0...column { rows[row][index] = " " }
      default: rows[row] = []
      }
    case "J":
      switch number(0, default: 0) {
      case 0:
        if column < rows[row].count { rows[row].removeSubrange(column...) }
        for index in (row + 1)..<rows.count { rows[index] = [] }
      case 1:
        for index in top..<row { rows[index] = [] }
        ensureCell(row, column)
        for index in 0...column { rows[row][index] = " " }
      default:
        for index in top..<rows.count { rows[index] = [] }
      }
    case "P":
      if column < rows[row].count { rows[row].removeSubrange(column..<min(rows[row].count, column + n)) }
    case "@":
      if column < rows[row].count {
        rows[row].insert(contentsOf: repeatElement(" ", count: n), at: column)
        if rows[row].count > width { rows[row].removeSubrange(width...) }
      }
    case "X":
      ensureCell(row, min(width - 1, column + n - 1))
      for index in column..<min(width, column + n) { rows[row][index] = " " }
    default:
      break  // SGR colours (m), scrolling regions, modes: nothing the tests look at
    }
  }
}

/// Why a terminal session failed: what was awaited and what the screen showed then.
struct PTYError: Error, CustomStringConvertible {
  let description: String
}

/// A program running on a fresh pseudo-terminal as its controlling terminal, in its own session.
///
/// Synchronisation is by `poll` with deadlines only: wait for the screen to show something,
/// and before typing wait until the line editor has the terminal out of canonical mode
/// (`ICANON` off) — libedit prints its prompt before it switches the mode, and keys typed in
/// canonical mode would be echoed by the terminal and ^C would raise SIGINT.
final class PTYSession {
  let pid: pid_t
  private var master: Int32
  /// The parent keeps the slave open too, so the master never sees a hang-up before the child
  /// has opened it; the child's end is detected with `waitpid`.
  private var slave: Int32
  private(set) var screen: Screen
  /// Every byte the program wrote, for diagnostics and byte-level checks.
  private(set) var output: [UInt8] = []
  private(set) var status: Int32?

  /// How long any one wait may take before the test fails (generous: CI machines are slow).
  static let timeout: Duration = .seconds(10)

  init(executable: String, arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 40)
    throws
  {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw PTYError(description: "openpty failed: errno \(errno)")
    }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    self.master = master
    self.slave = slave
    screen = Screen(width: columns, height: rows)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      close(master)
      close(slave)
      throw PTYError(description: "TIOCSWINSZ failed: errno \(errno)")
    }
    var name = [CChar](repeating: 0, count: 256)
    guard ttyname_r(slave, &name, name.count) == 0 else {
      close(master)
      close(slave)
      throw PTYError(description: "ttyname_r failed")
    }
    let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid, the terminal becomes the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    PTYSession.closeOtherDescriptors(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(PTYSession.spawnSetSID | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      close(master)
      close(slave)
      throw PTYError(description: "posix_spawn \(executable) failed: \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
  }

  deinit { terminate() }

  /// `POSIX_SPAWN_SETSID` (glibc ≥ 2.26; the Glibc module hides it): see /usr/include/spawn.h.
  static let spawnSetSID: Int32 = 0x80

  /// Closes descriptors ≥ 3 in the child (glibc ≥ 2.34), so no other test's terminal leaks into it.
  private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return }
    _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
  }

  // MARK: Reading

  /// Waits up to `milliseconds` for output and feeds what came to the screen; false if none came.
  @discardableResult
  func pump(milliseconds: Int32) -> Bool {
    guard master >= 0 else { return false }
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, milliseconds)
    guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 8192)
    let count = read(master, &buffer, buffer.count)
    guard count > 0 else { return false }
    output.append(contentsOf: buffer[0..<count])
    screen.feed(buffer[0..<count])
    return true
  }

  /// Polls until `condition` holds, failing after `timeout` with the screen in the message.
  func wait(for what: String, timeout: Duration = PTYSession.timeout, until condition: () -> Bool) throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      guard ContinuousClock.now < deadline else {
        throw PTYError(description: "timed out waiting for \(what); the screen shows:\n\(screen.text)")
      }
      if !pump(milliseconds: 10) { reap() }
      if status != nil && !condition() {
        while pump(milliseconds: 0) {}
        if condition() { return }
        throw PTYError(
          description: "program exited (\(status!)) while waiting for \(what); the screen shows:\n\(screen.text)")
      }
    }
  }

  func waitForScreen(containing text: String, timeout: Duration = PTYSession.timeout) throws {
    try wait(for: "the screen to contain '\(text)'", timeout: timeout) { screen.text.contains(text) }
  }

  /// True while the line editor has the terminal out of canonical mode, reading keys.
  var isEditing: Bool {
    var modes = termios()
    guard tcgetattr(master, &modes) == 0 else { return false }
    return modes.c_lflag & tcflag_t(ICANON) == 0
  }

  /// Waits until the line editor reads keys (ICANON off on the terminal).
  func waitUntilEditing(timeout: Duration = PTYSession.timeout) throws {
    try wait(for: "the line editor to switch off ICANON", timeout: timeout) { isEditing }
  }

  // MARK: Writing

  func send(_ text: String) {
    var bytes = Array(text.utf8)
    while !bytes.isEmpty {
      let written = write(master, bytes, bytes.count)
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      bytes.removeFirst(written)
    }
  }

  // MARK: The end

  /// Collects the exit status if the child has ended.
  private func reap() {
    guard status == nil else { return }
    var raw: Int32 = 0
    if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
  }

  /// Waits for the program to exit; its exit code (a signal death fails).
  func waitForExit(timeout: Duration = PTYSession.timeout) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while status == nil {
      guard ContinuousClock.now < deadline else {
        throw PTYError(description: "timed out waiting for the program to exit; the screen shows:\n\(screen.text)")
      }
      if !pump(milliseconds: 10) { reap() }
    }
    while pump(milliseconds: 0) {}
    let raw = status!
    guard raw & 0x7F == 0 else {
      throw PTYError(description: "program killed by signal \(raw & 0x7F); the screen shows:\n\(screen.text)")
    }
    return (raw >> 8) & 0xFF
  }

  /// Kills the child if it still runs, reaps it and closes the terminal.
  func terminate() {
    reap()
    if status == nil {
      kill(pid, SIGKILL)
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
      status = raw
    }
    if master >= 0 { close(master) }
    if slave >= 0 { close(slave) }
    master = -1
    slave = -1
  }
}
