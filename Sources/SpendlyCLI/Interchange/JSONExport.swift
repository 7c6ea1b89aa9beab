import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly export json`: every table of the database, streamed.
enum JSONExport {
  static func write(_ file: String?, store: Store, context: Context) throws(CLIError) -> ExportSummary {
    var rows = 0
    try ExportDestination.writing(file, output: context.output, what: "json") { destination in
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
    return ExportSummary(
      text: "exported everything (\(MoneyFormat.count(rows)) rows) as JSON", rows: rows)
  }
}
