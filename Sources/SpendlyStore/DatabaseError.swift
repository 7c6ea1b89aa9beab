import CSQLite
import SpendlyCore

/// A failed SQLite call: the result code, SQLite's message and the statement.
struct DatabaseError: Error, CustomStringConvertible, Sendable {
  let code: Int32
  let message: String
  let sql: String?

  var description: String {
    "database error \(code): \(message)" + (sql.map { " (in: \($0.prefix(80)))" } ?? "")
  }

}

extension DatabaseError {
  /// What `spendly_sum` fails its statement with when a sum passes Int64.
  static let sumTooLarge = "spendly_sum: a total too large to keep"

  /// A `spendly_sum` that passed Int64: the store names the figure (see `StoreError.tooLarge`).
  var isSumTooLarge: Bool { message == Self.sumTooLarge }
}
