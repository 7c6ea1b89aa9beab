import SpendlyCore
import SpendlyParse
import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// Parse throughput with many known merchants in history.
///
/// Builds a temporary on-disk database in /tmp with N distinct merchants (through the store's
/// one write path, in batches), a parser whose history asks that store (indexed queries),
/// then parses a realistic corpus in a loop on one core and prints phrases per second.
/// `spendly-bench parse [--merchants N] [--phrases N] [--corpus N]`
enum ParseBench {
  static func run(_ arguments: [String]) {
    var merchantCount = 100_000
    var phraseCount = 2_000_000
    var corpusSize = 20_000
    var index = 0
    while index + 1 < arguments.count {
      let value = Int(arguments[index + 1].filter { $0 != "_" && $0 != "," })
      switch arguments[index] {
      case "--merchants": merchantCount = value ?? merchantCount
      case "--phrases": phraseCount = value ?? phraseCount
      case "--corpus": corpusSize = value ?? corpusSize
      default: break
      }
      index += 2
    }
    pinToOneCore()
    let now = LocalDateTime(iso: "2026-11-29T13:05")!
    let directory = temporaryDirectory()
    defer { removeDatabase(in: directory) }
    let store: Store
    do {
      store = try Store(path: directory + "/spendly.db", clock: { now })
    } catch {
      print("parse bench: cannot open a store in \(directory): \(error)")
      exit(1)
    }
    var random = SplitMix64(seed: 7)
    let merchants = BenchMerchants.make(merchantCount, random: &random)
    let fillStart = seconds()
    fill(store, merchants, now: now)
    let fillTime = seconds() - fillStart

    let corpus = BenchCorpus.make(corpusSize, merchants: merchants, random: &random)
    let catalog = (try? store.catalog.current()) ?? .defaults
    let direct = store.merchants
    let uncached = measure(PhraseParser(catalog: catalog, history: direct), corpus, phraseCount, now)
    let cached = measure(PhraseParser(catalog: catalog, history: CachingHistory(direct)), corpus, phraseCount, now)
    print(
      "parse: \(group(Int(cached.rate))) phrases/s on one core with history answers cached per name "
        + "(CachingHistory), \(group(Int(uncached.rate))) phrases/s with every look-up a SQLite query "
        + "(\(format(1e6 / cached.rate, 2)) / \(format(1e6 / uncached.rate, 2)) µs a phrase)")
    print(
      "corpus: \(group(corpus.count)) distinct phrases parsed in a loop, \(group(cached.parsed)) parses a run; "
        + "history: \(group(merchantCount)) distinct merchants in an on-disk store in /tmp (filled in "
        + "\(format(fillTime, 1)) s through the import write path), looked up on the merchant index")
    let check = uncached.check
    func percent(_ count: Int) -> String { format(100 * Double(count) / Double(uncached.parsed), 1) + "%" }
    print(
      "drafts: \(percent(check.withMerchant)) with a merchant, \(percent(check.methodFromHistory)) with the method "
        + "from history, \(percent(check.errors)) errors, \(percent(check.missingAmount)) missing an amount"
        + (cached.check == uncached.check
          ? "; cached and uncached drafts agree" : "; CACHED AND UNCACHED DRAFTS DIFFER"))
  }

  /// Parses the corpus once untimed (warming SQLite's pages and statements, and the cache if
  /// any), then in a loop until `count` parses, timed.
  static func measure(_ parser: PhraseParser, _ corpus: [String], _ count: Int, _ now: LocalDateTime)
    -> (rate: Double, parsed: Int, check: Checksum)
  {
    for phrase in corpus { _ = parse(phrase, parser, now) }
    var check = Checksum()
    var parsed = 0
    let start = seconds()
    while parsed < count {
      for phrase in corpus { check.add(parse(phrase, parser, now)) }
      parsed += corpus.count
    }
    return (Double(parsed) / (seconds() - start), parsed, check)
  }

  static func parse(_ phrase: String, _ parser: PhraseParser, _ now: LocalDateTime) -> TransactionDraft? {
    do {
      return try parser.parse(phrase, now: now)
    } catch {
      return nil
    }
  }

  /// What the parses produced, so the work cannot be optimised away and can be sanity-checked.
  struct Checksum: Equatable {
    var withMerchant = 0
    /// Method inferred and not the default (Cash): it came from history.
    var methodFromHistory = 0
    var errors = 0
    var missingAmount = 0
    mutating func add(_ draft: TransactionDraft?) {
      guard let draft else {
        errors += 1
        return
      }
      if draft.merchant != nil { withMerchant += 1 }
      if draft.inferred.contains(.method) && draft.method != "Cash" { methodFromHistory += 1 }
      if draft.amount == nil { missingAmount += 1 }
    }
  }

  /// Each merchant gets one transaction, imported in batches through the one write path.
  static func fill(_ store: Store, _ merchants: [BenchMerchants.Merchant], now: LocalDateTime) {
    let batch = 5_000
    var start = 0
    while start < merchants.count {
      let writes = merchants[start..<min(start + batch, merchants.count)].enumerated().map { offset, merchant in
        TransactionWrite.add(
          TransactionFields(
            kind: .expense, amount: Money(minorUnits: Int64(10_000 + offset * 7 % 90_000), currency: .inr),
            category: merchant.category, method: merchant.method, merchant: merchant.name,
            date: now.date.adding(days: -(offset % 700)), time: nil, importSource: "bench"))
      }
      do {
        _ = try store.transactions.apply(action: .import, writes)
      } catch {
        print("parse bench: import failed: \(error)")
        exit(1)
      }
      start += batch
    }
  }

  // MARK: Process helpers

  /// Runs the measurement on CPU 0 alone, so the figure is one core's. (sched_setaffinity is a
  /// GNU extension Swift does not import, so it is looked up by name.)
  static func pinToOneCore() {
    typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "sched_setaffinity") else { return }
    var mask = [UInt64](repeating: 0, count: 16)  // a cpu_set_t: 1024 bits
    mask[0] = 1
    let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
    if mask.withUnsafeBytes({ setAffinity(0, $0.count, $0.baseAddress!) }) != 0 {
      print("parse bench: could not pin to CPU 0; measuring on one thread anyway")
    }
  }

  static func temporaryDirectory() -> String {
    var template = Array("/tmp/spendly-parse-bench-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      print("parse bench: cannot create a directory in /tmp")
      exit(1)
    }
    return String(cString: made)
  }

  static func removeDatabase(in directory: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(directory + "/spendly.db" + suffix) }
    rmdir(directory)
  }

  static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func format(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = Int((value * scale).rounded())
    let whole = rounded / Int(scale)
    let fraction = String(rounded % Int(scale))
    return decimals == 0
      ? "\(whole)" : "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  static func group(_ value: Int) -> String {
    let digits = String(value)
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}

/// Distinct, word-like merchant names ("Kavoreni", "Tamisu Lobe"), each with a category and method.
enum BenchMerchants {
  struct Merchant {
    let name: String
    let category: String
    let method: String
  }

  static let syllables = [
    "ka", "vo", "re", "mi", "ta", "su", "lo", "be", "na", "di", "po", "ru", "se", "fa", "gu", "ho", "ji", "ke", "la",
    "mo", "nu", "pe", "qi", "ra", "so", "tu", "ve", "wa", "xi", "yo", "ze", "bri", "dra", "fle", "gro", "kli", "pra",
    "sta", "tre", "vin", "zor", "mel", "dan", "kor", "lum", "sar", "tel", "bon",
  ]
  static let categories = ["Food", "Groceries", "Shopping", "Travel", "Transport", "Bills", "Health", "Entertainment"]
  static let methods = ["UPI", "UPI", "Credit Card", "Debit Card", "Cash", "Bank Transfer"]

  static func make(_ count: Int, random: inout SplitMix64) -> [Merchant] {
    let n = syllables.count
    return (0..<count).map { i in
      // Four syllables by mixed radix: distinct for the first n^4 (5.3 million) indexes.
      var word = ""
      var rest = i
      for _ in 0..<4 {
        word += syllables[rest % n]
        rest /= n
      }
      var name = word.prefix(1).uppercased() + word.dropFirst()
      if i % 5 == 0 { name += " " + ["Cafe", "Store", "Mart", "Travels", "Hub"][random.below(5)] }
      return Merchant(name: name, category: random.pick(categories), method: random.pick(methods))
    }
  }
}

/// A realistic mix: most phrases name a merchant from history (at X, bare word, @X), some a
/// brand or an unknown place, some none; amounts, methods, dates and times vary.
enum BenchCorpus {
  static let fixed = [
    "420 upi food lunch at Social", "₹1,250.50 cc shopping shirt at Zara yesterday", "coffee 180 cash",
    "paid 600 for groceries at DMart via gpay", "uber 340 travel yesterday 9pm",
    "50 eur dinner at Chez Paul card on 14 aug", "1.2k rent neft", "salary 150000 credited", "+2500 freelance",
    "refund 899 amazon", "spent 60 on chai", "2 coffees 360", "2 coffees ₹360", "swiggy 350", "petrol 2000 card",
  ]
  static let items = [
    "lunch", "dinner", "coffee", "groceries", "snacks", "tickets", "shirt", "medicine", "books", "cab",
  ]
  static let methods = ["upi", "gpay", "cc", "card", "cash", "debit", "neft", ""]
  static let dates = [
    "", "", "", "yesterday", "friday", "last sunday", "3 days ago", "on 14 aug", "14/08", "9pm", "at 10:30",
  ]

  static func make(_ count: Int, merchants: [BenchMerchants.Merchant], random: inout SplitMix64) -> [String] {
    var corpus: [String] = []
    corpus.reserveCapacity(count)
    while corpus.count < count {
      let merchant = merchants[random.below(merchants.count)].name
      let amount = [
        String(10 + random.below(5000)), "₹\(1 + random.below(19)),\(100 + random.below(900)).50",
        "\(1 + random.below(9)).5k",
      ][
        random.below(3)]
      let item = random.pick(items)
      let method = random.pick(methods)
      let date = random.pick(dates)
      let phrase: String
      switch random.below(10) {
      case 0, 1, 2: phrase = "\(amount) \(method) \(item) at \(merchant) \(date)"
      case 3, 4: phrase = "\(merchant.lowercased()) \(amount) \(method) \(date)"
      case 5: phrase = "\(item) \(amount) @\(merchant.split(separator: " ")[0]) \(method)"
      case 6: phrase = "paid \(amount) for \(item) at \(merchant) via \(method.isEmpty ? "upi" : method)"
      case 7: phrase = "\(amount) \(item) \(date) \(method)"
      default: phrase = random.pick(fixed)
      }
      corpus.append(phrase.split(separator: " ").joined(separator: " "))
    }
    return corpus
  }
}
