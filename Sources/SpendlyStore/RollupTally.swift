import SpendlyCore

/// The rollups of the rows a bulk load adds, summed in memory as the rows are written (the
/// insert trigger is off for it) and added to the table at its end (`Rollups.withBulkLoad`), or
/// sooner: when it holds many groups (`isFull`), and before an edit or delete in the same load,
/// whose trigger must find every row added so far. A million rows cost one pass in memory, not
/// a sort of every row of their months per dimension.
/// It keeps three groupings a row, from which every dimension follows: by month and the catalog
/// ids (kind alone, category, method, account), by month and merchant (and so by year), by day.
/// Keys group as SQLite's do (a merchant by its bytes), and totals add up as the trigger's do
/// (`Rollups.addedTotal`). A dimension added to `Rollups.dimensions` needs its grouping here too:
/// `RollupConsistencyTests`' bulk import fails until it has one.
final class RollupTally {
  /// A row's period (`yyyymm` or `yyyymmdd`; `yyyy` for a year) and its currency, status and
  /// kind (as `places`).
  struct Place: Hashable {
    var period: Int32
    var place: Int32
  }
  struct Fine: Hashable {
    var place: Place
    var category: Int64
    var method: Int64
    var account: Int64
  }
  struct MerchantKey: Hashable {
    var place: Place
    var merchant: Int32
  }
  /// A total and a count; a total past Int64 is `nil`, kept as 1e19 (as the trigger keeps it).
  struct Sum {
    var total: Int64? = 0
    var count: Int64 = 0

    /// One row's amount.
    mutating func add(_ amount: Int64) { add(Sum(total: amount, count: 1)) }

    mutating func add(_ other: Sum) {
      count += other.count
      guard let sum = total, let more = other.total else { return total = nil }
      let (next, overflow) = sum.addingReportingOverflow(more)
      total = overflow ? nil : next
    }
  }
  /// A merchant's text compared and hashed by its bytes, as SQLite groups it (Swift's `String`
  /// equality would merge "Café" composed and decomposed).
  struct Bytes: Hashable {
    let text: String

    static func == (a: Bytes, b: Bytes) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  /// The currency, status and kind of each place, in the order first met.
  private var places: [(currency: String, status: String, kind: String)] = []
  private var merchants: [String] = []
  private var merchantIDs: [Bytes: Int32] = [:]
  private var fine: [Fine: Sum] = [:]
  private var byMerchant: [MerchantKey: Sum] = [:]
  private var byDay: [Place: Sum] = [:]

  var isEmpty: Bool { fine.isEmpty && byMerchant.isEmpty && byDay.isEmpty }

  /// Enough groups held that they are better added to the table now (`write`), so memory stays
  /// flat in the file's size: a file's rows come mostly in date order, so few groups are met again.
  var isFull: Bool { fine.count + byMerchant.count + byDay.count >= Self.capacity }

  /// How many groups `isFull` allows (tests make it small, to write a tally in many parts).
  @TaskLocal static var capacity = 50_000

  /// Adds a row as the insert trigger would (a transfer adds nothing). An amount not above zero
  /// (which the trigger would mark 'damaged') never gets here: the table's CHECK refuses its row
  /// and the whole load with it.
  func add(_ resolved: ResolvedFields) {
    let fields = resolved.fields
    guard fields.kind != .transfer else { return }
    let amount = fields.amount.minorUnits
    let date = fields.date
    let place = placeID(fields.amount.currency.code, fields.status.rawValue, fields.kind.rawValue)
    let month = Place(period: Int32(date.year * 100 + date.month), place: place)
    fine[
      Fine(
        place: month, category: resolved.category?.rawValue ?? 0, method: resolved.method.rawValue,
        account: resolved.account?.rawValue ?? 0), default: Sum()
    ].add(amount)
    byMerchant[MerchantKey(place: month, merchant: merchantID(fields.merchant ?? "—")), default: Sum()].add(amount)
    byDay[Place(period: Int32(date.year * 10_000 + date.month * 100 + date.day), place: place), default: Sum()]
      .add(amount)
  }

  private func placeID(_ currency: String, _ status: String, _ kind: String) -> Int32 {
    // A file has few of these: a look along them beats hashing three strings a row.
    if let found = places.firstIndex(where: { $0.currency == currency && $0.status == status && $0.kind == kind }) {
      return Int32(found)
    }
    places.append((currency, status, kind))
    return Int32(places.count - 1)
  }

  private func merchantID(_ name: String) -> Int32 {
    let key = Bytes(text: name)
    if let id = merchantIDs[key] { return id }
    let id = Int32(merchants.count)
    merchants.append(name)
    merchantIDs[key] = id
    return id
  }

  /// Adds what was tallied to the rollups (each row added to any that is there, as the trigger
  /// adds a row) and empties the tally.
  func write(_ db: Database) throws {
    guard !isEmpty else { return }
    let upsert = try db.statement(
      """
      INSERT INTO rollups(dim, month, currency, status, kind, key, total, count) VALUES (?, ?, ?, ?, ?, ?, coalesce(?, 1e19), ?)
      ON CONFLICT DO UPDATE SET count = count + excluded.count, \(Rollups.addedTotal)
      """)
    func put(_ dim: String, _ period: String, _ place: Int32, _ key: SQLValue, _ sum: Sum) throws {
      let (currency, status, kind) = places[Int(place)]
      upsert.reset()
      try upsert.bind([
        .text(dim), .text(period), .text(currency), .text(status), .text(kind), key,
        SQLValue(sum.total), .integer(sum.count),
      ])
      while try upsert.step() {}
    }
    // The coarser groupings, added up from the fine one and the merchants' months.
    var kinds: [Place: Sum] = [:]
    var categories: [Fine: Sum] = [:]
    var methods: [Fine: Sum] = [:]
    var accounts: [Fine: Sum] = [:]
    for (key, sum) in fine {
      kinds[key.place, default: Sum()].add(sum)
      categories[Fine(place: key.place, category: key.category, method: 0, account: 0), default: Sum()].add(sum)
      methods[Fine(place: key.place, category: 0, method: key.method, account: 0), default: Sum()].add(sum)
      accounts[Fine(place: key.place, category: 0, method: 0, account: key.account), default: Sum()].add(sum)
    }
    var years: [MerchantKey: Sum] = [:]
    for (key, sum) in byMerchant {
      years[
        MerchantKey(place: Place(period: key.place.period / 100, place: key.place.place), merchant: key.merchant),
        default: Sum()
      ]
      .add(sum)
    }
    // In the dictionaries' order: sorting the rows into the table's key order first was
    // measured (1M and 100k rows) and did not pay.
    for (key, sum) in kinds { try put("kind", Self.text(key.period, 7), key.place, .text(""), sum) }
    for (dim, rows, id) in [
      ("category", categories, \Fine.category), ("method", methods, \Fine.method), ("account", accounts, \Fine.account),
    ] {
      for (key, sum) in rows {
        try put(dim, Self.text(key.place.period, 7), key.place.place, .integer(key[keyPath: id]), sum)
      }
    }
    for (dim, rows, length) in [("merchant", byMerchant, 7), ("merchant_year", years, 4)] {
      for (key, sum) in rows {
        try put(dim, Self.text(key.place.period, length), key.place.place, .text(merchants[Int(key.merchant)]), sum)
      }
    }
    for (key, sum) in byDay { try put("kind_day", Self.text(key.period, 10), key.place, .text(""), sum) }
    fine = [:]
    byMerchant = [:]
    byDay = [:]
    // No group names a merchant or a place now: the next part starts its own lists.
    places = []
    merchants = []
    merchantIDs = [:]
  }

  /// A period (`yyyy`, `yyyymm` or `yyyymmdd`) as the trigger names it: the first `length`
  /// characters (4, 7 or 10) of its first day as a row stores it (`LocalDate.description`).
  private static func text(_ period: Int32, _ length: Int) -> String {
    let p = Int(period)
    let (year, month, day) =
      switch length {
      case 4: (p, 1, 1)
      case 7: (p / 100, p % 100, 1)
      default: (p / 10_000, p / 100 % 100, p % 100)
      }
    // Every period was made from a stored row's date, so it is a real day.
    return LocalDate(year: year, month: month, day: day).map { String($0.description.prefix(length)) } ?? "damaged"
  }
}
