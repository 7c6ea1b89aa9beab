import SpendlyCore
import SpendlyParse
import SpendlyStore

/// A transaction named on the command line by its id.
enum TransactionReference {
  /// Reads a transaction id: `12` or `#12`.
  static func id(_ text: String) throws(CLIError) -> Int64 {
    guard let id = LineClassifier.transactionID(text) else {
      throw .usage("id '\(text)': expected a transaction number, like 12")
    }
    return id
  }

  /// The stored transaction `id`, or the error that it is not there.
  static func existing(_ id: Int64, _ store: Store) throws(CLIError) -> Transaction {
    let found: Transaction?
    do {
      found = try store.transactions.transaction(id: id)
    } catch {
      throw error.cli
    }
    guard let found else {
      // One that was, and is no more: its history still has it.
      if let history = try? store.transactions.history(id: id), !history.isEmpty {
        throw .data("id '\(id)': transaction #\(id) was deleted or undone (see: spendly history \(id))")
      }
      throw StoreError.notFound(id).cli
    }
    return found
  }
}
