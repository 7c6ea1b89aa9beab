import SpendlyApp
import SpendlyCore

extension ExportFile.Failure {
  /// A file that could not be written, as the person's one line.
  var cli: CLIError {
    switch self {
    case .isADirectory(let path): return CLIError(.cannotCreate, "\(Render.safe(path)): is a directory")
    case .cannotCreate(let path, let reason):
      return CLIError(.cannotCreate, "\(Render.safe(path)): cannot create the file (\(reason))")
    case .cannotWrite(let path, let reason):
      return CLIError(.ioError, "\(Render.safe(path ?? "stdout")): cannot write (\(reason))")
    case .cannotMove(let path, let reason):
      return CLIError(.cannotCreate, "\(Render.safe(path)): cannot write (\(reason))")
    }
  }
}

extension Exporting.Refusal {
  /// A refused export as the person's one line, `command` as typed (`export csv`).
  func cli(_ command: String) -> CLIError {
    switch self {
    case .protected(let path, let reason):
      return CLIError(.cannotCreate, "\(command): \(Render.safe(path)) \(reason.reason): nothing was written")
    case .needsFile: return .usage("export xlsx: give a FILE (spendly export xlsx FILE)")
    case .file(let failure): return failure.cli
    case .store(let error): return error.cli
    case .tooLarge(let error): return .data(Render.safe(error.message))
    case .failed(let description): return CLIError(.software, description)
    }
  }
}

/// How an export reads: what was written, in a line.
enum ExportView {
  /// What the plain CSV left out, and how to keep it: "2 rows that totals leave out (memo,
  /// rejected) are not in it: --all-fields keeps every row with its Status".
  static func leftOutNote(_ outcome: Exporting.Outcome) -> String? {
    guard outcome.format == .csv, outcome.leftOut > 0 else { return nil }
    let count = outcome.leftOut
    return "\(MoneyFormat.count(count)) row\(count == 1 ? "" : "s") that totals leave out (memo, rejected"
      + "\(outcome.pendingExcluded ? ", pending" : "")) \(count == 1 ? "is" : "are") not in it: --all-fields keeps every row with its Status"
  }

  static func summary(_ outcome: Exporting.Outcome) -> String {
    let rows = outcome.rows
    let transactions = "\(MoneyFormat.count(rows)) transaction\(rows == 1 ? "" : "s")"
    switch outcome.format {
    case .csv: return "exported \(transactions) as CSV"
    case .json: return "exported everything (\(MoneyFormat.count(rows)) rows) as JSON"
    case .xlsx: return "exported \(transactions) as an Excel workbook"
    case .ledger, .hledger, .beancount:
      let left = outcome.leftOut > 0 ? " (\(MoneyFormat.count(outcome.leftOut)) that never count left out)" : ""
      return "exported \(MoneyFormat.count(rows)) transactions as a \(outcome.format.rawValue) journal\(left)"
    }
  }
}
