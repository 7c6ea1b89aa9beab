import SpendlyCore
import SpendlyInterchange
import SpendlyStore

extension Exporting {
  /// Spendly's CSV layout: rows read in place and their bytes written straight out (a million
  /// rows in about the time sqlite3 takes). The count of rows written, and of those left out:
  /// the plain layout has no Status column, so it holds only the rows totals count (no memo or
  /// rejected row, no pending one under `config pending exclude`), or a re-import would book them.
  func csv(store: Store) throws(Refusal) -> (written: Int, leftOut: Int, pendingExcluded: Bool) {
    var count = 0
    var filter = self.filter
    var leftOut = 0
    let pendingExcluded: Bool
    do {
      pendingExcluded = try store.settings.pendingExcluded()
      if !request.allFields && filter.statuses.isEmpty {
        let all = try store.transactions.count(filter)
        filter.statuses = TransactionStatus.counted(pendingExcluded: pendingExcluded)
        leftOut = all - (try store.transactions.count(filter))
      }
    } catch {
      throw .store(error)
    }
    var names: [Int64: String] = [:]
    var types: [String: String] = [:]
    var lineage = ""
    if request.allFields {
      do {
        lineage = try store.settings.lineage()
        // An export of every transaction names how far it went (the newest revision then), so
        // `import --sync-deletes` knows every row it held, the newest and the edges too.
        if filter == TransactionFilter() { lineage += "@\(try store.transactions.latestRevision())" }
        for schedule in try store.schedules.all() { names[schedule.id] = schedule.name }
        for account in try store.accounts.all() { types[account.name] = account.type.rawValue }
      } catch {
        throw .store(error)
      }
    }
    try writing { destination in
      var writer = SpendlyCSVWriter(allFields: request.allFields, excel: request.excel, scheduleNames: names, accountTypes: types, database: lineage) {
        bytes in
        try destination.write(bytes)
      }
      try writer.header()
      try store.transactions.eachStored(filter) { row in
        try writer.write(row)
        count += 1
      }
      try writer.finish()
    }
    return (count, leftOut, pendingExcluded)
  }

  /// Every table of the database, streamed: the count of rows written.
  func json(store: Store) throws(Refusal) -> Int {
    var rows = 0
    try writing { destination in
      var writer = SpendlyJSONWriter { bytes in try destination.write(bytes) }
      let archive = store.archive
      try writer.begin(
        formatVersion: ArchiveRecords.formatVersion, schema: archive.schemaVersion, sequences: try archive.sequences())
      for table in try archive.tables() {
        try writer.table(table)
        try archive.rows(table) { values in
          try writer.row(values)
          rows += 1
        }
      }
      try writer.finish()
    }
    return rows
  }

  /// A journal the tool accepts, streamed an entry at a time after a first pass that learns what
  /// its header declares: the entries written, and the transactions that never count, left out.
  /// From `--from` on, each account opens at its balance the day before, so the tools' balances
  /// at the end equal Spendly's.
  func journal(_ flavor: JournalFlavor, store: Store) throws(Refusal) -> (written: Int, leftOut: Int) {
    let filter = self.filter
    var writer: JournalWriter
    do {
      let catalog = try store.catalog.current()
      let start = try filter.from.map { (from) throws(StoreError) in
        let day = from.adding(days: -1)
        let balances = try store.accounts.balances(asOf: day)
        let byName = Dictionary(balances.map { (NameKey($0.account.name), $0.balance) }, uniquingKeysWith: { a, _ in a })
        return JournalWriter.Start(day: day, balances: catalog.accounts.map { byName[NameKey($0.name)] ?? 0 })
      }
      writer = JournalWriter(
        flavor: flavor, catalog: catalog, defaultCurrency: try store.settings.defaultCurrency(),
        pendingExcluded: try store.settings.pendingExcluded(), start: start, through: filter.to)
      try store.transactions.each(filter) { writer.prepare($0) }
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.database("\(error)"))
    }
    try writing { destination in
      var buffer = writer.header()
      try store.transactions.each(filter) { transaction in
        buffer += try writer.entry(transaction)
        if buffer.utf8.count >= 1 << 20 {
          try destination.write(Array(buffer.utf8))
          buffer = ""
        }
      }
      buffer += try writer.footer()
      try destination.write(Array(buffer.utf8))
    }
    return (writer.written, writer.leftOut)
  }
}
