import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The questions of `spendly quick`, in order; `<` steps back one.
enum QuickStep: Int {
  case amount, method, category, merchant, note, done

  var next: QuickStep { QuickStep(rawValue: rawValue + 1) ?? .done }
  var previous: QuickStep { QuickStep(rawValue: max(0, rawValue - 1)) ?? .amount }
}

/// What `quick` has so far: the draft, its parser, the recent entries of its kind, and the
/// method and category it suggested (one chosen otherwise is a correction for the merchant).
struct QuickState {
  var draft: TransactionDraft?
  var parser: PhraseParser?
  var entries: [PastEntry]?
  var suggested: [MerchantCorrection.Field: String?] = [:]
}
