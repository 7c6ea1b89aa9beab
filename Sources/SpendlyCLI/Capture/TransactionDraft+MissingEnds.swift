import SpendlyCore
import SpendlyParse

extension TransactionDraft {
  /// What a transfer still needs, worded for the person: the end to name. (A destination that
  /// is a method no account takes, to Cash with only a bank account, is money Spendly does not
  /// keep, and nothing is missing.)
  var missingEndHint: String? {
    if missing.contains(.account) { return "say the account it leaves: from ACCOUNT, or --account" }
    guard missing.contains(.to) else { return nil }
    return "say where it goes: to ACCOUNT, or --to"
  }
}
