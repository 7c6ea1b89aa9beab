import SpendlyCore

/// One bank statement as a file gives it, before the domain decides anything: the account it is
/// for, its rows and its balances. Every format reader makes these; none of them touches the store.
public struct Statement: Sendable, Equatable {
  /// The account as the bank names it: an account number, a card's last digits, an IBAN.
  public var accountID: String?
  /// What the file says the account is: a bank account, a credit card, cash.
  public var accountKind: AccountKind
  public var currency: Currency
  public var rows: [StatementRow]
  /// The closing booked balance and the available balance, as the bank reads them (a card's
  /// ledger balance is negative when money is owed).
  public var ledgerBalance: StatementAmount?
  public var availableBalance: StatementAmount?
  /// The dates the statement covers, when it says.
  public var start: LocalDate?
  public var end: LocalDate?
  /// The file's format ("OFX", "QIF", "CAMT.053", "CSV").
  public var format: String
  /// What the reader noticed and decided (a sign convention turned), for the summary.
  public var warnings: [String] = []
  /// The balance the statement opens with (CAMT's OPBD), when it gives one.
  public var openingBalance: StatementAmount?
  /// Lines after the last row that are no rows (a bank CSV's summary and notes), skipped.
  public var skippedFooterLines = 0
  /// False when the file names no currency (a QIF, a CSV without a currency column): `currency`
  /// is the one assumed, and the account the statement goes to may keep another.
  public var currencyGiven = true

  public enum AccountKind: String, Sendable {
    case bank, card, cash
  }

  public init(
    accountID: String? = nil, accountKind: AccountKind = .bank, currency: Currency, rows: [StatementRow] = [],
    format: String
  ) {
    self.accountID = accountID
    self.accountKind = accountKind
    self.currency = currency
    self.rows = rows
    self.format = format
  }
}

/// A balance the statement gives, with its day.
public struct StatementAmount: Sendable, Equatable {
  public var minorUnits: Int64
  public var date: LocalDate?
}

/// One row of a statement: signed from the account's side (negative is money out, or a charge
/// on a card), with whatever the file says of it.
public struct StatementRow: Sendable, Equatable {
  /// The transaction date (DTUSER, the value date) and the day the bank booked it (DTPOSTED).
  public var date: LocalDate
  public var postedDate: LocalDate?
  /// Minor units of the statement's currency, negative for money out.
  public var amount: Int64
  public var payee: String?
  public var memo: String?
  /// FITID, a CAMT entry reference, a CSV reference column; nil when the file has none.
  public var reference: String?
  public var mcc: Int?
  public var pending = false
  /// The original charge, in its currency, and the rate the bank used (decimal text).
  public var foreign: Money?
  public var rate: ExchangeRate?
  /// OFX's TRNTYPE (DEBIT, ATM, XFER, …), or the CSV's DR/CR text.
  public var type: String?
  /// The category the file names (QIF's L), and the account a QIF transfer goes to (L[Savings]).
  public var category: String?
  public var transferAccount: String?
  /// A cheque's number (OFX's CHECKNUM), kept in the note.
  public var cheque: String?
  /// Where it is in the file, for messages: "statement.ofx:120".
  public var line: Int

  public init(date: LocalDate, amount: Int64, line: Int) {
    self.date = date
    self.amount = amount
    self.line = line
  }
}

/// A file that cannot be read: `FILE:LINE: what is wrong`.
public struct StatementError: Error, Sendable, Equatable, CustomStringConvertible {
  public let line: Int
  public let message: String

  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  public func described(file: String) -> String { "\(file):\(line): \(message)" }
  public var description: String { "line \(line): \(message)" }
}
