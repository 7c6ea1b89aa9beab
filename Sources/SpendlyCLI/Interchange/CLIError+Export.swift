import SpendlyCore
import SpendlyStore

extension CLIError {
  /// An export's error as the person's one line.
  static func exporting(_ error: Error) -> CLIError {
    switch error {
    case let error as CLIError: error
    case let error as StoreError: error.cli
    case let error as FigureTooLarge: .data(Render.safe(error.message))
    default: CLIError(.software, "\(error)")
    }
  }
}
