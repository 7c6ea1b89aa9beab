import SpendlyCore
import SpendlyStore

#if canImport(Glibc)
  import Glibc
#endif

/// Writes N realistic transactions into a Spendly database (through the store's one write
/// path) and the same data as a ledger/hledger journal, deterministically from a seed.
enum Generate {
  struct Merchant {
    let name: String
    let category: String
    let method: String
    let typical: Int64  // minor units
  }

  static let first = [
    "Blue", "Green", "Royal", "City", "Fresh", "Golden", "Urban", "Happy", "Little", "Grand",
    "Silver", "Corner", "Daily", "Metro", "Spice", "Sunny", "Lotus", "Apex", "Prime", "Star",
  ]
  static let kinds: [(String, [String], Int64)] = [
    ("Food", ["Cafe", "Kitchen", "Dhaba", "Bistro", "Bakery"], 35_000),
    ("Groceries", ["Mart", "Bazaar", "Provisions", "Fresh"], 120_000),
    ("Shopping", ["Store", "Fashions", "Mall", "Outlet"], 250_000),
    ("Transport", ["Cabs", "Fuels", "Motors"], 30_000),
    ("Travel", ["Travels", "Hotel", "Airways"], 900_000),
    ("Bills", ["Telecom", "Power", "Broadband"], 150_000),
    ("Health", ["Pharmacy", "Clinic"], 80_000),
    ("Entertainment", ["Cinemas", "Games"], 60_000),
    ("Education", ["Books", "Academy"], 200_000),
  ]
  static let methods = ["UPI", "UPI", "UPI", "Credit Card", "Debit Card", "Cash"]

  static func merchants(_ count: Int, rng: inout SplitMix64) -> [Merchant] {
    (0..<count).map { i in
      let (category, suffixes, typical) = kinds[i % kinds.count]
      let name = "\(first[(i / kinds.count) % first.count]) \(suffixes[(i / 7) % suffixes.count]) \(i)"
      return Merchant(name: name, category: category, method: methods[rng.below(methods.count)], typical: typical)
    }
  }

  static func run(_ arguments: [String]) {
    var count = 1_000_000
    var db = "bench/data/bench.db"
    var journal: String? = "bench/data/bench.journal"
    var index = 0
    while index < arguments.count {
      let value = index + 1 < arguments.count ? arguments[index + 1] : ""
      switch arguments[index] {
      case "--count": count = Int(value) ?? count
      case "--db": db = value
      case "--journal": journal = value == "-" ? nil : value
      default: break
      }
      index += 2
    }
    unlink(db)
    unlink(db + "-wal")
    unlink(db + "-shm")
    var rng = SplitMix64(seed: 42)
    let shops = merchants(4000, rng: &rng)
    let start = LocalDate(year: 2021, month: 1, day: 1)!
    let end = LocalDate(year: 2026, month: 11, day: 28)!
    let days = end.daysSinceEpoch - start.daysSinceEpoch + 1
    let clock = LocalDateTime(date: end, time: LocalTime(hour: 23, minute: 0)!)
    let store: Store
    do {
      store = try Store(path: db, clock: { clock })
    } catch {
      fatalError("cannot open \(db): \(error)")
    }
    let out = journal.flatMap { fopen($0, "w") }
    var batch: [TransactionWrite] = []
    var written = 0
    var salaryMonth = -1
    func flush() {
      guard !batch.isEmpty else { return }
      do {
        try store.transactions.apply(action: .import, batch)
      } catch {
        fatalError("import failed: \(error)")
      }
      batch.removeAll(keepingCapacity: true)
    }
    for n in 0..<count {
      let day = start.adding(days: n * days / count)
      let monthIndex = day.year * 12 + day.month
      let fields: TransactionFields
      if monthIndex != salaryMonth {
        salaryMonth = monthIndex
        fields = TransactionFields(
          kind: .income, amount: Money(minorUnits: 15_000_000, currency: .inr), category: "Salary",
          method: "Bank Transfer", merchant: "Acme Corp", note: "salary", date: day.startOfMonth)
      } else {
        // Skewed popularity: a few merchants take most visits.
        let u = rng.unit()
        let shop = shops[Int(Double(shops.count) * u * u * u)]
        let roll = rng.below(100)
        let currency: Currency = roll < 94 ? .inr : roll < 97 ? .usd : .eur
        var amount = shop.typical / 2 + Int64(rng.below(Int(shop.typical)))
        if currency != .inr { amount = max(100, amount / 80) }
        fields = TransactionFields(
          kind: .expense, amount: Money(minorUnits: amount, currency: currency), category: shop.category,
          method: rng.below(10) < 8 ? shop.method : methods[rng.below(methods.count)], merchant: shop.name,
          date: day, time: LocalTime(hour: 8 + rng.below(14), minute: rng.below(60)))
      }
      batch.append(.add(fields))
      if let out { writeJournal(fields, out) }
      written += 1
      if batch.count == 20_000 { flush() }
    }
    flush()
    if let out { fclose(out) }
    print("generated \(written) transactions into \(db)" + (journal.map { " and \($0)" } ?? ""))
  }

  /// One journal entry; payment methods are `Payments:` accounts so "by method" is a balance.
  static func writeJournal(_ f: TransactionFields, _ out: UnsafeMutablePointer<FILE>) {
    let amount = "\(f.amount.currency.code) \(f.amount.decimalString)"
    let entry: String
    if f.kind == .expense {
      entry = "\(f.date) \(f.merchant ?? "-")\n    Expenses:\(f.category)  \(amount)\n    Payments:\(f.method)\n\n"
    } else {
      entry = "\(f.date) \(f.merchant ?? "-")\n    Assets:\(f.method)  \(amount)\n    Income:\(f.category)\n\n"
    }
    fputs(entry, out)
  }
}
