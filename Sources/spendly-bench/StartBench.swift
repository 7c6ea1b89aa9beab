#if canImport(Glibc)
  import Glibc
#endif

/// What a one-shot command pays before its own work, part by part, as whole-process medians:
/// start-up alone (`--version`), then opening the store with its migration check, then the same
/// with the integrity memo read and kept, then a one-month question on top.
enum StartBench {
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
    let now = ShellBench.now
    let base = "/tmp/spendly-bench-start-\(getpid())"
    let bare = base + "-bare"
    let memo = base + "-memo"
    mkdir(bare, 0o700)
    mkdir(memo, 0o700)
    defer {
      for folder in [bare, memo] {
        for file in listing(folder + "/spendly") { unlink(folder + "/spendly/" + file) }
        rmdir(folder + "/spendly")
        rmdir(folder)
      }
    }
    // A write and its undo in the memo's folder: the memo then says the file is intact (the first
    // write's full check is no part of any figure).
    setenv("XDG_STATE_HOME", memo, 1)
    _ = runProcess([spendly, "--db", db, "--now", now, "add", "--yes", "1", "cash", "bench", "warm-up"])
    _ = runProcess([spendly, "--db", db, "--now", now, "undo"])
    let open = [spendly, "--db", db, "--now", now, "config"]
    let question = [spendly, "--db", db, "--now", now, "query", "by", "category", "aug", "2025"]
    // The four taken in turn in every round (each with its state folder), so a burst of another
    // machine's work on this VM falls on all of them alike; the question's distance from
    // --version is the median of each round's own difference.
    let states = [bare, bare, memo, memo]
    let times = interleavedTimes([[spendly, "--version"], open, open, question], runs) {
      setenv("XDG_STATE_HOME", states[$0], 1)
    }
    let (version, opened, memoed, asked) = (median(times[0]), median(times[1]), median(times[2]), median(times[3]))
    func line(_ name: String, _ value: Double, above: Double?) {
      let step = above.map { value - $0 }.map { " (\($0 >= 0 ? "+" : "")\(ReportBench.format($0)) ms)" } ?? ""
      print("\(name): median \(ReportBench.format(value)) ms over \(runs) runs\(step)")
    }
    line("--version (start-up alone; target: at most 3 ms)", version, above: nil)
    line("open and migration check (`config`, no integrity memo)", opened, above: version)
    line("with the integrity memo read and kept (`config`)", memoed, above: opened)
    line(
      "one question (`query by category aug 2025`; target: at most 2 ms above --version)", asked, above: memoed)
    let above = median(zip(times[3], times[0]).map { $0 - $1 })
    print(
      "one question above --version (the median of each round's difference): \(ReportBench.format(above)) ms "
        + "(target: at most 2 ms; "
        + (above <= 2 ? "met)" : "**not met**)"))
  }

  /// The median time of each command, the commands taken in turn in every round: a burst of
  /// another machine's work on this VM then falls on all of them alike, not on the few that ran
  /// during it, and the ratios between them hold.
  static func interleaved(_ commands: [[String]], _ runs: Int) -> [Double] {
    interleavedTimes(commands, runs).map(median)
  }

  /// Each command's times over `runs` rounds, the commands taken in turn in every round after
  /// one unmeasured round; `before(i)` runs before command `i` each time (its environment).
  static func interleavedTimes(_ commands: [[String]], _ runs: Int, before: (Int) -> Void = { _ in }) -> [[Double]] {
    var times = Array(repeating: [Double](), count: commands.count)
    for round in -1..<runs {
      for (i, command) in commands.enumerated() {
        before(i)
        let elapsed = runProcess(command).milliseconds
        if round >= 0 { times[i].append(elapsed) }
      }
    }
    return times
  }

  /// The names in a folder (none when it cannot be read).
  static func listing(_ folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
