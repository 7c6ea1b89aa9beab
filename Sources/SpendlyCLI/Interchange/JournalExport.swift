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
    var writer = JournalWriter(
      flavor: flavor, catalog: catalog, defaultCurrency: currency, pendingExcluded: pendingExcluded)
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
