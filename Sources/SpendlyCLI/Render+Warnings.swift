import SpendlyCore
import SpendlyStore

/// The warnings under a listing: rows that could not be read back (by id), and currencies found in
/// stored rows that spendly does not know (shown by their code, never as ₹).
extension Render {
  static func warnings(_ listing: Listing<Transaction>) -> [String] {
    warnings(damaged: listing.damaged, fields: listing.items.map(\.fields))
  }

  static func warnings(_ listing: Listing<Revision>) -> [String] {
    warnings(damaged: listing.damaged, fields: listing.items.map(\.fields))
  }

  static func warnings(damaged: [DamagedRow], fields: [TransactionFields]) -> [String] {
    let currencies = fields.flatMap { [$0.amount.currency] + ($0.foreignAmount.map { [$0.currency] } ?? []) }
    return damaged.map(\.description) + Set(currencies.filter { !$0.isKnown }.map(\.code)).sorted().map(unknownCurrency)
  }

  static func unknownCurrency(_ code: String) -> String {
    "currency '\(code)' is not one spendly knows: its amounts are shown in minor units"
  }
}
