#if canImport(Glibc)
  import Glibc
#endif

/// Time from exec to the first prompt on a pty, and from Enter on a phrase's `save?` to
/// `saved` printed, against a given (large) database. Prints medians of several runs.
enum ShellBench {
  static func run(_ arguments: [String]) {
    var db = "bench/data/bench.db"
    var spendly = ".build/release/spendly"
    var runs = 20
    var index = 0
    while index + 1 < arguments.count {
      switch arguments[index] {
      case "--db": db = arguments[index + 1]
      case "--spendly": spendly = arguments[index + 1]
      case "--runs": runs = Int(arguments[index + 1]) ?? runs
      default: break
      }
      index += 2
    }
    let state = "/tmp/spendly-bench-state-\(getpid())"
    mkdir(state, 0o700)
    setenv("XDG_STATE_HOME", state, 1)
    setenv("TERM", "xterm", 1)
    setenv("NO_COLOR", "1", 1)
    // The first open migrates a database made by an older build, and the first write checks
    // every page (integrity_check, then remembered by the memo in this state folder): neither
    // is part of any figure, so a save and its undo come first.
    _ = runProcess([spendly, "--db", db, "--now", now, "budget"])
    _ = runProcess([spendly, "--db", db, "--now", now, "add", "--yes", "1", "cash", "bench", "warm-up"])
    _ = runProcess([spendly, "--db", db, "--now", now, "undo"])
    guard let plain = series(spendly, db, runs) else { return }
    // The same with a budget on the saved category and an overall one, both rolling over since
    // the first month of data, so each save reads the longest carry-over chain there is; on a
    // copy, so the bench database stays as generated.
    let copy = "/tmp/spendly-bench-budgets-\(getpid()).db"
    guard copyFile(db, to: copy) else {
      print("cannot copy \(db) to \(copy)")
      return
    }
    defer { unlink(copy) }
    // quick on the copy: it is abandoned with ^C after its first question, so nothing is saved.
    guard let quick = quickSeries(spendly, copy, runs) else { return }
    for words in [["food", "8000"], ["40k"]] {
      _ = runProcess(
        [spendly, "--db", copy, "--now", now, "budget", "set"] + words + ["--from", "2021-01", "--rollover"])
    }
    // And 12 schedules (half of them anchored in 2021, so years of periods are looked at), for
    // the start-up notice of what is due.
    for index in 0..<12 {
      let anchor = index % 2 == 0 ? "2021-01-\(10 + index)" : "2026-11-\(10 + index)"
      _ = runProcess(
        [
          spendly, "--db", copy, "--now", now, "recurring", "add", "--yes", "bill\(index)", "\(100 + index)", "monthly",
          "from", anchor,
        ])
    }
    let budgeted = series(spendly, copy, runs, expecting: "Food this month")
    rmdir(state + "/spendly")
    unlink(state + "/spendly/history")
    rmdir(state)
    guard let budgeted else { return }
    print("exec to first prompt: median \(ReportBench.format(median(plain.startups))) ms over \(runs) runs")
    print("Enter to saved: median \(ReportBench.format(median(plain.saves))) ms over \(runs) runs")
    print(
      "exec to quick's first question (amount): median \(ReportBench.format(median(quick))) ms over \(runs) runs (target: at most 10 ms)"
    )
    print(
      "exec to first prompt with budgets and 12 schedules due (the notice of what is due): median \(ReportBench.format(median(budgeted.startups))) ms over \(runs) runs"
    )
    let added = median(budgeted.saves) - median(plain.saves)
    print(
      "Enter to saved with Food and overall budgets rolling over since Jan 2021: median \(ReportBench.format(median(budgeted.saves))) ms over \(runs) runs (\(added >= 0 ? "+" : "")\(ReportBench.format(added)) ms for the budget line; target: at most +1 ms)"
    )
  }

  static let now = "2026-11-29T12:00"

  /// Copies a closed database file (its write-ahead log is checkpointed on close).
  static func copyFile(_ source: String, to target: String) -> Bool {
    guard let input = fopen(source, "rb"), let output = fopen(target, "wb") else { return false }
    defer {
      fclose(input)
      fclose(output)
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = fread(&buffer, 1, buffer.count, input)
      if count == 0 { return ferror(input) == 0 }
      guard fwrite(buffer, 1, count, output) == count else { return false }
    }
  }

  /// Runs of the shell: exec to prompt, then Enter on a phrase's `save?` to `saved`, then undo.
  /// With `expecting`, the saved line must say it (the budget is shown).
  static func series(_ spendly: String, _ db: String, _ runs: Int, expecting: String? = nil)
    -> (startups: [Double], saves: [Double])?
  {
    var startups: [Double] = []
    var saves: [Double] = []
    for _ in 0..<runs {
      guard let terminal = Terminal(command: [spendly, "--db", db, "--now", now]) else {
        print("cannot start \(spendly) on a pty")
        return nil
      }
      guard terminal.wait(for: "spendly> "), terminal.waitForRawMode() else {
        print("no prompt: \(terminal.screen.suffix(200))")
        terminal.finish()
        return nil
      }
      startups.append(terminal.elapsed())
      terminal.send("420 upi food lunch at Social\r")
      guard terminal.wait(for: "save? [Y/e/n] "), terminal.waitForRawMode() else {
        print("no save question: \(terminal.screen.suffix(200))")
        terminal.finish()
        return nil
      }
      let before = terminal.elapsed()
      terminal.send("\r")
      guard terminal.wait(for: "saved #") && terminal.wait(for: "\r\n", after: "saved #") else {
        print("not saved: \(terminal.screen.suffix(200))")
        terminal.finish()
        return nil
      }
      saves.append(terminal.elapsed() - before)
      if let expecting, terminal.screen.firstRange(of: expecting) == nil {
        print("the saved line lacks '\(expecting)': \(terminal.screen.suffix(200))")
        terminal.finish()
        return nil
      }
      terminal.send("undo\r")
      _ = terminal.wait(for: "undid")
      terminal.send("\u{4}")
      terminal.finish()
    }
    return (startups, saves)
  }
}

extension ShellBench {
  /// Runs of `spendly quick`: exec to its first question, the amount, with the line editor
  /// reading keys; then ^C, which abandons it with nothing saved.
  static func quickSeries(_ spendly: String, _ db: String, _ runs: Int) -> [Double]? {
    var startups: [Double] = []
    for _ in 0..<runs {
      guard let terminal = Terminal(command: [spendly, "--db", db, "--now", now, "quick"]) else {
        print("cannot start \(spendly) quick on a pty")
        return nil
      }
      guard terminal.wait(for: "amount   : "), terminal.waitForRawMode() else {
        print("no amount question: \(terminal.screen.suffix(200))")
        terminal.finish()
        return nil
      }
      startups.append(terminal.elapsed())
      terminal.send("\u{3}")
      _ = terminal.wait(for: "nothing saved")
      terminal.finish()
    }
    return startups
  }
}

/// A child process on a pseudo-terminal, with everything it printed so far.
final class Terminal {
  let master: Int32
  let pid: pid_t
  var screen = ""
  var start = timespec()

  init?(command: [String]) {
    // posix_openpt and unlockpt are hidden by Glibc's module: open /dev/ptmx and unlock by ioctl.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0 else { return nil }  // TIOCSPTLCK
    var number: UInt32 = 0
    guard ioctl(master, UInt(0x8004_5430), &number) == 0 else { return nil }  // TIOCGPTN
    let slave = "/dev/pts/\(number)"
    var size = winsize(ws_row: 30, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID: the pty becomes the controlling terminal
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    clock_gettime(CLOCK_MONOTONIC, &start)
    var child: pid_t = 0
    let rc = posix_spawn(&child, command[0], &actions, &attributes, argv, environ)
    posix_spawn_file_actions_destroy(&actions)
    posix_spawnattr_destroy(&attributes)
    guard rc == 0 else { return nil }
    pid = child
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  func elapsed() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec - start.tv_sec) * 1000 + Double(now.tv_nsec - start.tv_nsec) / 1e6
  }

  /// Reads until `text` appears (after `marker`, if given), up to 10 s.
  func wait(for text: String, after marker: String? = nil) -> Bool {
    let deadline = elapsed() + 10_000
    while true {
      var haystack = Substring(screen)
      if let marker, let found = haystack.firstRange(of: marker) { haystack = haystack[found.upperBound...] }
      if haystack.firstRange(of: text) != nil && (marker == nil || screen.firstRange(of: marker!) != nil) {
        return true
      }
      let left = deadline - elapsed()
      if left <= 0 { return false }
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(left)) > 0 else { return false }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let n = read(master, &buffer, buffer.count)
      if n <= 0 { return false }
      screen += String(decoding: buffer[0..<n], as: UTF8.self)
    }
  }

  /// libedit prints the prompt before leaving canonical mode: wait until it has.
  func waitForRawMode() -> Bool {
    let deadline = elapsed() + 10_000
    while elapsed() < deadline {
      var attributes = termios()
      if tcgetattr(master, &attributes) == 0 && attributes.c_lflag & UInt32(ICANON) == 0 { return true }
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      _ = poll(&poller, 1, 1)
    }
    return false
  }

  /// Clears what was read so far, so the next wait sees only new output.
  func send(_ text: String) {
    screen = ""
    _ = text.withCString { write(master, $0, strlen($0)) }
  }

  func finish() {
    var status: Int32 = 0
    for _ in 0..<200 {
      if waitpid(pid, &status, WNOHANG) == pid {
        close(master)
        return
      }
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 10) > 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(master, &buffer, buffer.count)
      }
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
    close(master)
  }
}
