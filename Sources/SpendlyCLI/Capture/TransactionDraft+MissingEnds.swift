import SpendlyCore
import SpendlyParse

extension TransactionDraft {
  /// What a transfer still needs, worded for the person: the end to name, or, when its
  /// destination is a method no account takes (to Cash with only a bank account), how to add one.
  var missingEndHint: String? {
    if missing.contains(.account) { return "say the account it leaves: from ACCOUNT, or --account" }
    guard missing.contains(.to) else { return nil }
    if let method = counterMethod, let type = AccountRules.fallbackTypes(method)?.first?.first {
      return "no account takes \(method): name one with to ACCOUNT, or add one: "
        + "spendly accounts add NAME --type \(type.rawValue)"
    }
    return "say where it goes: to ACCOUNT, or --to"
  }
}
