import CSQLite
import SpendlyCore

/// A value bound to or read from a statement.
enum SQLValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case text(String)
}

extension SQLValue {
  init(_ text: String?) { self = text.map { .text($0) } ?? .null }
  init(_ int: Int64?) { self = int.map { .integer($0) } ?? .null }
}

extension SQLValue {
  /// A `spendly_sum` result: the total, or why there is none (a damaged stored amount; one
  /// past Int64 failed the statement instead).
  var checkedSum: Result<Int64, TotalProblem> {
    switch self {
    case .integer(let total): return .success(total)
    default: return .failure(.damaged)
    }
  }
  /// A checked sum, or the error that says it cannot be given (a damaged stored amount), for
  /// `field` of `value`.
  func checkedTotal(field: String, value: String) throws(StoreError) -> Int64 {
    switch checkedSum {
    case .success(let total): return total
    case .failure:
      throw .invalid(ValidationError(field: field, value: value, reason: "includes a damaged stored amount"))
    }
  }

}
