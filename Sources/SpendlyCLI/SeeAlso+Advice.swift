import SpendlyCore
import SpendlyParse

extension SeeAlso {
  /// The advice the CLI adds after a refusal: `(see: spendly accounts)`.
  var advice: String {
    self == .addAccount ? "(add one: spendly \(rawValue))" : "(see: spendly \(rawValue))"
  }
}

extension ValidationError {
  /// The error as the CLI shows it: its description, then where the remedy lies.
  var shown: String { description + (seeAlso.map { " " + $0.advice } ?? "") }
}

extension DraftWarning {
  /// The warning as the CLI shows it: its description, then where the remedy lies.
  var shown: String { description + (seeAlso.map { " " + $0.advice } ?? "") }
}
