import CSQLite
import SpendlyCore

/// Holds a Swift function while SQLite may call it.
private final class FunctionBox {
  let body: (String?, String?) -> Bool
  init(_ body: @escaping (String?, String?) -> Bool) { self.body = body }
}

extension Database {
  /// Registers a deterministic SQL function of two text arguments that answers 1 or 0,
  /// so a query can use exactly the same rule as the Swift code (Unicode case folding).
  func defineFunction(_ name: String, _ body: @escaping (String?, String?) -> Bool) throws(DatabaseError) {
    let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
    let rc = sqlite3_create_function_v2(
      handle, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
      { context, _, arguments in
        let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
        func text(_ i: Int) -> String? {
          guard let value = arguments?[i], let bytes = sqlite3_value_text(value) else { return nil }
          return String(cString: bytes)
        }
        sqlite3_result_int(context, box.body(text(0), text(1)) ? 1 : 0)
      }, nil, nil,
      { pointer in
        if let pointer { Unmanaged<FunctionBox>.fromOpaque(pointer).release() }
      })
    guard rc == SQLITE_OK else { throw error(rc, "create function \(name)") }
  }
}

/// What `spendly_sum` keeps per group: the sum so far and what went wrong (1 overflow, 2 damaged).
private struct CheckedSum {
  var sum: Int64
  var flags: Int32
}

extension Database {
  /// Registers `spendly_sum(x)`: the sum of positive integers as an integer, and the text
  /// 'damaged' when a value is not a positive integer. A sum that passes Int64 fails the
  /// statement with `DatabaseError.sumTooLarge`, which the store turns into the error naming
  /// the figure: the one overflow rule, as in `Money`. Never NULL, never capped.
  ///
  /// Also `spendly_month_total(x)`, the same sum for the `month_totals` cache alone: there a sum
  /// past Int64 is kept as the REAL 1e19, as the triggers keep one, so that a budget adds that
  /// month up again from its transactions with `spendly_sum` (and so meets the error).
  func defineCheckedSum() throws(DatabaseError) {
    for (name, cache) in [("spendly_sum", false), ("spendly_month_total", true)] {
      let rc = sqlite3_create_function_v2(
        handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, cache ? UnsafeMutableRawPointer(bitPattern: 1) : nil,
        nil,
        { context, _, arguments in
          guard
            let state = sqlite3_aggregate_context(context, Int32(MemoryLayout<CheckedSum>.size))?
              .assumingMemoryBound(to: CheckedSum.self), let value = arguments?[0]
          else { return sqlite3_result_error_nomem(context) }
          // NULL adds nothing, as in SQL's sum (a stored amount is never NULL).
          if sqlite3_value_type(value) == SQLITE_NULL { return }
          let amount = sqlite3_value_int64(value)
          guard sqlite3_value_type(value) == SQLITE_INTEGER, amount > 0 else { return state.pointee.flags |= 2 }
          let (next, overflow) = state.pointee.sum.addingReportingOverflow(amount)
          if overflow { state.pointee.flags |= 1 } else { state.pointee.sum = next }
        },
        { context in
          let state = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: CheckedSum.self).pointee
          let flags = state?.flags ?? 0
          if flags & 2 != 0 {
            sqlite3_result_text(context, "damaged", -1, SQLITE_TRANSIENT)
          } else if flags & 1 != 0 {
            if sqlite3_user_data(context) != nil {
              sqlite3_result_double(context, 1e19)
            } else {
              sqlite3_result_error(context, DatabaseError.sumTooLarge, -1)
            }
          } else {
            sqlite3_result_int64(context, state?.sum ?? 0)
          }
        }, nil)
      guard rc == SQLITE_OK else { throw error(rc, "create function \(name)") }
    }
  }
}
