import SpendlyCore

/// The fields of a draft, by the names used in `inferred`, `missing` and the review.
public enum DraftField: String, Sendable, CaseIterable, Hashable {
  case amount, kind, currency, category, method, merchant, note, date, time
  /// The account the entry is on (a transfer's source).
  case account
  /// A transfer's other end: an account, or a method when there are no accounts.
  case to
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
  /// The inferred fields the merchant's history gave over a word's guess (shown `? from your history`).
  public var fromHistory: Set<DraftField> = []
  public var missing: [DraftField] = []
  public var warnings: [DraftWarning] = []
  /// True when the phrase had any word with a meaning for an entry (an amount, a category or a
  /// word suggesting one, a method, a merchant, a kind marker, a date): "hello" has none.
  public var recognized = false
  /// The schedule this entry is a period's charge of (offered when it matches one that is
  /// due): saving links it, so that period is no longer due.
  public var recurringID: Int64?
  /// What the link says with the draft: "Netflix · Jan period".
  public var recurringLabel: String?
  /// The debt record this entry is a payment to ("car loan emi 12000" with a debt "Car loan").
  public var debtID: Int64?
  /// The account (a transfer's source); nil without accounts.
  public var account: String?
  /// A transfer's destination account, or its destination method when there are no accounts.
  public var counterAccount: String?
  public var counterMethod: String?
  /// The amount in the currency it was charged in ("1046.50 for $12.50"): shown, never counted.
  public var foreignAmount: Money?

  public init(currency: Currency, date: LocalDate) {
    self.currency = currency
    self.date = date
  }

  /// The fields to store, or nil while something is missing.
  /// The stored fields a draft of an existing transaction started from; what the draft does not
  /// show (import source, bank reference, status, foreign amount) is kept from them.
  public var base: TransactionFields?

  public var fields: TransactionFields? {
    guard missing.isEmpty, let amount, let category, let method else { return nil }
    var result =
      base
      ?? TransactionFields(kind: kind, amount: amount, category: category, method: method, date: date)
    result.kind = kind
    result.amount = amount
    result.category = category
    result.method = method
    result.merchant = merchant
    result.note = note
    result.date = date
    result.time = time
    result.account = account
    result.counterAccount = counterAccount
    result.counterMethod = counterMethod
    // A transfer read from a statement keeps its side; anything else takes its kind's.
    if kind != .transfer || base?.kind != .transfer { result.entry = kind.entry }
    if let foreignAmount, foreignAmount != base?.foreignAmount {
      result.foreignAmount = foreignAmount
      result.rate = ExchangeRate.between(amount, per: foreignAmount)
    }
    if let recurringID { result.recurringID = recurringID }
    if let debtID { result.debtID = debtID }
    return result
  }

  /// The draft of existing fields, everything typed (for edits and reviews).
  public init(_ fields: TransactionFields) {
    self.init(currency: fields.amount.currency, date: fields.date)
    base = fields
    kind = fields.kind
    amount = fields.amount
    category = fields.category
    method = fields.method
    merchant = fields.merchant
    note = fields.note
    time = fields.time
    account = fields.account
    counterAccount = fields.counterAccount
    counterMethod = fields.counterMethod
    foreignAmount = fields.foreignAmount
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
  /// Whether `message` already shows an example of what to type.
  public var showsExample = false
  /// Where the remedy lies, for the edge to word after the message.
  public var seeAlso: SeeAlso?

  public init(_ message: String, column: Int, length: Int) {
    self.message = message
    self.column = column
    self.length = max(1, length)
  }

  public var description: String { "input:1:\(column): \(message)" }

  /// `input:1:5: message`, the input, and a caret line under the offending text; `advice`,
  /// the edge's words for `seeAlso`, ends the first line.
  /// A long input is shown as a window of about 60 characters around the offending text.
  public func rendered(input: String, advice: String? = nil) -> String {
    // Control characters become spaces (not dropped) so the caret stays under its column.
    let characters = input.map {
      $0.isNewline || ($0.unicodeScalars.first?.properties.generalCategory == .control) ? " " : $0
    }
    var start = 0
    if characters.count > 80 { start = max(0, min(column - 30, characters.count - 60)) }
    let end = min(characters.count, start + (characters.count > 80 ? 60 : characters.count))
    let before = start > 0 ? "…" : ""
    let after = end < characters.count ? "…" : ""
    let window = before + TextSanitizer.printable(String(characters[start..<end])) + after
    let offset = column - 1 - start + before.count
    let span = min(length, max(1, end - (column - 1)))
    let caret = String(repeating: " ", count: max(0, offset)) + "^" + String(repeating: "~", count: max(0, span - 1))
    return "\(description)\(advice.map { " " + $0 } ?? "")\n  \(window)\n  \(caret)"
  }
}
