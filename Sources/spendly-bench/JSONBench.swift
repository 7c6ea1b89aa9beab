#if canImport(Glibc)
  import Glibc
#endif

/// `spendly-bench json`: a database of N generated transactions exported as Spendly's JSON, and
/// that file imported into a fresh database (restored: ids, history, undo), with rows per second
/// and peak memory; then merged into a database that has data of its own.
enum JSONBench {
  static func run(_ arguments: [String]) {
    var spendly = "spendly"
    var count = 100_000
    var runs = 3
    var index = 0
    while index + 1 < arguments.count {
      switch arguments[index] {
      case "--spendly": spendly = arguments[index + 1]
      case "--count": count = Int(arguments[index + 1]) ?? count
      case "--runs": runs = Int(arguments[index + 1]) ?? runs
      default: break
      }
      index += 2
    }
    let folder = "/tmp/spendly-json-bench"
    _ = runProcess(["rm", "-rf", folder])
    mkdir(folder, 0o755)
    let source = folder + "/source.db"
    let file = folder + "/all.json"
    // The generator is this binary's own `generate`.
    _ = runProcess([CommandLine.arguments[0], "generate", "--count", String(count), "--db", source, "--journal", "-"])
    let exported = runProcess([spendly, "--db", source, "export", "json", file])
    let megabytes = fileSize(file) / (1 << 20)
    print("export of \(count) transactions as JSON: \(ImportBench.format(exported.milliseconds)) ms, \(megabytes) MB")
    var times: [Double] = []
    var peak = 0
    var line = ""
    for run in 0..<runs {
      let target = "\(folder)/restore-\(run).db"
      let result = runProcess([spendly, "--db", target, "import", file])
      times.append(result.milliseconds)
      peak = max(peak, result.peakKilobytes)
      line = result.output.split(separator: "\n").first.map(String.init) ?? ""
      remove(target)
    }
    let perSecond = Int(Double(count) / max(median(times), 1) * 1000)
    // The archive's rows: its transactions, their revisions, the change log and the rest.
    let rows = Int(line.split(separator: " ").reversed().dropFirst().first?.filter(\.isNumber) ?? "") ?? 0
    let rowsPerSecond = Int(Double(rows) / max(median(times), 1) * 1000)
    print(
      "import of that file into an empty database: median \(ImportBench.format(median(times))) ms over \(runs) runs, "
        + "\(rowsPerSecond) rows/s (\(perSecond) transactions/s), peak RSS \(peak / 1024) MB "
        + "(target: 50,000 rows/s or more, memory flat in the file size) (\(line))"
    )
    let target = folder + "/merge.db"
    _ = runProcess([spendly, "--db", target, "add", "--yes", "99", "cash", "snacks"])
    let merged = runProcess([spendly, "--db", target, "import", file])
    let mergedPerSecond = Int(Double(count) / max(merged.milliseconds, 1) * 1000)
    print(
      "merge of that file into a database with data: \(ImportBench.format(merged.milliseconds)) ms, "
        + "\(mergedPerSecond) transactions/s, peak RSS \(merged.peakKilobytes / 1024) MB "
        + "(\(merged.output.split(separator: "\n").first.map(String.init) ?? ""))")
    remove(target)
  }

  static func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  static func remove(_ db: String) {
    for suffix in ["", "-wal", "-shm"] { unlink(db + suffix) }
  }
}
