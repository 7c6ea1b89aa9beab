import SpendlyCore

/// A comma-separated option value (`--methods UPI,"Debit Card"`, `--status booked,pending`).
enum CommaList {
  /// "UPI, Debit Card" as its names.
  static func items(_ text: String) -> [String] {
    text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
  }
}
