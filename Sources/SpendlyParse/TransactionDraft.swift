import SpendlyCore

/// The fields of a draft, by the names used in `inferred`, `missing` and the review.
public enum DraftField: String, Sendable, CaseIterable, Hashable {
  case amount, kind, currency, category, method, merchant, note, date, time
}

/// What Spendly understood from a phrase, before it is saved.
///
/// Each field is typed (the person said it) or inferred (lexicon, history, default);
/// `missing` names what must still be given, and nothing missing means it can be saved.
public struct TransactionDraft: Sendable, Equatable {
  public var kind: Kind = .expense
  public var amount: Money?
  public var currency: Currency
  public var category: String?
  public var method: String?
  public var merchant: String?
  public var note: String?
  public var date: LocalDate
  public var time: LocalTime?
  public var inferred: Set<DraftField> = []
  public var missing: [DraftField] = []
  public var warnings: [String] = []

  public init(currency: Currency, date: LocalDate) {
    self.currency = currency
    self.date = date
  }

  /// The fields to store, or nil while something is missing.
  public var fields: TransactionFields? {
    guard missing.isEmpty, let amount, let category, let method else { return nil }
    return TransactionFields(
      kind: kind, amount: amount, category: category, method: method, merchant: merchant, note: note,
      date: date, time: time)
  }

  /// The draft of existing fields, everything typed (for edits and reviews).
  public init(_ fields: TransactionFields) {
    self.init(currency: fields.amount.currency, date: fields.date)
    kind = fields.kind
    amount = fields.amount
    category = fields.category
    method = fields.method
    merchant = fields.merchant
    note = fields.note
    time = fields.time
  }

  /// Field names in the fixed order used by the JSON output.
  public static func names(_ set: Set<DraftField>) -> [String] {
    DraftField.allCases.filter(set.contains).map(\.rawValue)
  }
}

/// A phrase the parser cannot accept, pointing at the offending text.
public struct PhraseError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String
  /// 1-based column (in characters) of the offending text.
  public let column: Int
  /// How many characters it spans (at least 1).
  public let length: Int

  public init(_ message: String, column: Int, length: Int) {
    self.message = message
    self.column = column
    self.length = max(1, length)
  }

  public var description: String { "input:1:\(column): \(message)" }

  /// `input:1:5: message`, the input, and a caret line under the offending text.
  public func rendered(input: String) -> String {
    let line = TextSanitizer.printable(input)
    let caret = String(repeating: " ", count: column - 1) + "^" + String(repeating: "~", count: length - 1)
    return "\(description)\n  \(line)\n  \(caret)"
  }
}
