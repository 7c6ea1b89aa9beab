#if canImport(Glibc)
  import Glibc
#endif

/// `spendly-bench import`: a generated OFX statement of N transactions imported into a fresh
/// database, against sqlite3 loading the same rows from CSV; then `sync` of that folder with
/// nothing new.
enum ImportBench {
  static func run(_ arguments: [String]) {
    var spendly = "spendly"
    var count = 100_000
    var runs = 3
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--spendly": spendly = arguments[index + 1]
      case "--count": count = Int(arguments[index + 1]) ?? count
      case "--runs": runs = Int(arguments[index + 1]) ?? runs
      default: break
      }
      index += 2
    }
    let folder = "/tmp/spendly-import-bench"
    _ = runProcess(["rm", "-rf", folder])
    mkdir(folder, 0o755)
    mkdir(folder + "/statements", 0o755)
    let ofx = folder + "/statements/big.ofx"
    let csv = folder + "/big.csv"
    writeStatement(ofx: ofx, csv: csv, count: count)
    var times: [Double] = []
    var peak = 0
    var added = ""
    for run in 0..<runs {
      let db = "\(folder)/spendly-\(run).db"
      _ = runProcess([spendly, "--db", db, "accounts", "add", "Bench Savings", "--type", "savings", "--last4", "9876"])
      let result = runProcess([spendly, "--db", db, "--json", "import", ofx])
      times.append(result.milliseconds)
      peak = max(peak, result.peakKilobytes)
      if let line = result.output.split(separator: "\n").first(where: { $0.contains("\"added\"") }) {
        added = String(line.filter(\.isNumber))
      }
    }
    print(
      "import of \(count) OFX transactions into a fresh database: median \(format(median(times))) ms over \(runs) runs, "
        + "peak RSS \(peak / 1024) MB, \(added) added (target: 3,000 ms or less)")
    if commandExists("sqlite3") {
      var reference: [Double] = []
      for run in 0..<runs {
        let db = "\(folder)/sqlite-\(run).db"
        let result = runProcess([
          "sqlite3", db, "CREATE TABLE t(date TEXT, amount INTEGER, fitid TEXT, name TEXT);", ".mode csv",
          ".import \(csv) t",
        ])
        reference.append(result.milliseconds)
      }
      print("reference: sqlite3 loading the same \(count) rows from CSV: median \(format(median(reference))) ms")
    }
    let db = "\(folder)/spendly-0.db"
    var syncs: [Double] = []
    for _ in 0..<20 { syncs.append(runProcess([spendly, "--db", db, "sync", folder + "/statements"]).milliseconds) }
    print(
      "sync of that folder with nothing new: median \(format(median(syncs))) ms over 20 runs (target: 50 ms or less)")
  }

  static func writeStatement(ofx: String, csv: String, count: Int) {
    guard let out = fopen(ofx, "w"), let rows = fopen(csv, "w") else { return }
    defer {
      fclose(out)
      fclose(rows)
    }
    fputs(
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>INR\n",
      out)
    fputs("<BANKACCTFROM><ACCTID>00019876<ACCTTYPE>SAVINGS</BANKACCTFROM>\n<BANKTRANLIST>\n", out)
    var random = SplitMix64Bench(seed: 2026)
    let payees = ["UPI/SOCIAL/1234@okhdfc", "POS DMART MUMBAI", "SWIGGY", "UBER INDIA", "AMAZON PAY", "NETFLIX.COM"]
    for i in 0..<count {
      let day = 1 + i % 28
      let month = 1 + (i / 28) % 12
      let year = 2020 + (i / 336) % 6
      let date = "\(year)\(month < 10 ? "0" : "")\(month)\(day < 10 ? "0" : "")\(day)"
      let amount = Int(random.next() % 500_000) + 100
      let signed = i % 25 == 0 ? amount * 10 : -amount
      let text = "\(signed < 0 ? "-" : "")\(abs(signed) / 100).\(String(format2(abs(signed) % 100)))"
      let payee = payees[i % payees.count]
      fputs(
        "<STMTTRN><TRNTYPE>\(signed < 0 ? "DEBIT" : "CREDIT")<DTPOSTED>\(date)<TRNAMT>\(text)<FITID>B\(i)<NAME>\(payee)</STMTTRN>\n",
        out)
      fputs("\(date),\(signed),B\(i),\"\(payee)\"\n", rows)
    }
    fputs("</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n", out)
  }

  static func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

/// The bench's own generator (the data need not match Core's).
struct SplitMix64Bench {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
