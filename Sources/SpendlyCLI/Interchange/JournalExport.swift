import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly export ledger|hledger|beancount`: a journal the tool accepts, streamed an entry at a time.
enum JournalExport {
  static func write(
    _ file: String?, flavor: JournalFlavor, filter: TransactionFilter, store: Store, context: Context
  ) throws(CLIError) -> ExportSummary {
    let (catalog, currency, pendingExcluded) = try reporting {
      (try store.catalog.current(), try store.settings.defaultCurrency(), try store.settings.pendingExcluded())
    }
    // From a day on, each account opens at its balance the day before, so the tools' balances
    // at the end equal Spendly's.
    let start = try filter.from.map { (from) throws(CLIError) in
      let day = from.adding(days: -1)
      let balances = try reporting { try store.accounts.balances(asOf: day) }
      let byName = Dictionary(balances.map { (NameKey($0.account.name), $0.balance) }, uniquingKeysWith: { a, _ in a })
      return JournalWriter.Start(day: day, balances: catalog.accounts.map { byName[NameKey($0.name)] ?? 0 })
    }
    var writer = JournalWriter(
      flavor: flavor, catalog: catalog, defaultCurrency: currency, pendingExcluded: pendingExcluded, start: start)
    // The first pass learns what the header declares; the second writes the entries.
    try reporting { try store.transactions.each(filter) { writer.prepare($0) } }
    try ExportDestination.writing(file, output: context.output, what: flavor.rawValue) { destination in
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
    let left = writer.leftOut > 0 ? " (\(MoneyFormat.count(writer.leftOut)) that never count left out)" : ""
    return ExportSummary(
      text: "exported \(MoneyFormat.count(writer.written)) transactions as a \(flavor.rawValue) journal\(left)",
      rows: writer.written)
  }
}
