import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly export csv`: the transactions in Spendly's CSV layout, rows read in place and
/// their bytes written straight out (a million rows in about the time sqlite3 takes).
enum CSVExport {
  static func write(
    _ file: String?, filter: TransactionFilter, allFields: Bool, excel: Bool, store: Store, context: Context
  ) throws(CLIError) -> ExportSummary {
    var count = 0
    try ExportDestination.writing(file, output: context.output, what: "csv") { destination in
      var writer = SpendlyCSVWriter(allFields: allFields, excel: excel) { bytes in try destination.write(bytes) }
      try writer.header()
      try store.transactions.eachStored(filter) { row in
        try writer.write(row)
        count += 1
      }
      try writer.finish()
    }
    return ExportSummary(
      text: "exported \(MoneyFormat.count(count)) transaction\(count == 1 ? "" : "s") as CSV", rows: count)
  }
}
