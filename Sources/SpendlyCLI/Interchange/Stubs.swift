import SpendlyCore
import SpendlyStore

enum WorkbookExport {
  static func write(_ file: String, filter: TransactionFilter, store: Store, context: Context) throws(CLIError)
    -> String
  { "" }
}
enum JournalFlavor: String { case ledger, hledger, beancount }
enum JournalExport {
  static func write(_ file: String?, flavor: JournalFlavor, filter: TransactionFilter, store: Store, context: Context)
    throws(CLIError) -> String
  { "" }
}
