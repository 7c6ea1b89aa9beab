import Foundation
import SpendlyApp
import SpendlyCore

extension SpendlyFileImporting.Refusal {
  /// The one line a refused import of Spendly's own file prints, and its exit code.
  var cli: CLIError {
    switch self {
    case .cannotRead(let path): return CLIError(.noInput, "\(Render.safe(path)): cannot read the file")
    case .unreadableCSV(let error, let file): return .data(Render.safe(error.described(file: file)))
    case .store(let error): return error.cli
    case .restoring(let file, let error): return .data(Render.safe("\(file): \(error.shown)"))
    }
  }
}

/// Runs the import of a Spendly file, turning its refusal into the CLI's one line and exit code.
func spendlyImported<T>(_ body: () throws(SpendlyFileImporting.Refusal) -> T) throws(CLIError) -> T {
  do {
    return try body()
  } catch {
    throw error.cli
  }
}

/// A line on stderr saying how far a big import is, rewritten in place; only on a terminal.
final class Progress {
  let total: Int
  let enabled: Bool
  private var shown = false

  init(total: Int, enabled: Bool) {
    self.total = total
    self.enabled = enabled
  }

  func show(_ bytes: Int, rows: Int) {
    guard enabled, total > 0 else { return }
    shown = true
    let percent = min(100, bytes * 100 / total)
    FileHandle.standardError.write(Data("\rimporting… \(percent)% · \(MoneyFormat.count(rows)) rows\u{1B}[K".utf8))
  }

  func clear() {
    guard shown else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    shown = false
  }
}
