/// Whether money went out (expense), came in (income), or moved between two of the person's
/// own accounts or methods (transfer, never counted as income or spending). The kind gives an
/// amount its sign.
public enum Kind: String, Sendable, Hashable, CaseIterable {
  case expense
  case income
  case transfer

  /// The categories' side that matches this kind. A transfer has no category of its own (it is
  /// always `Transfer.category`): callers check for a transfer before asking for its side.
  public var side: Category.Side { self == .income ? .income : .expense }

  /// The entry an expense or income makes on its account; a transfer's is debit on its source.
  public var entry: Entry { self == .income ? .credit : .debit }
}

/// A transaction's side on its account, as banks write it: a debit takes money out of an
/// asset account (or charges a liability), a credit brings money in (or pays a liability down).
public enum Entry: String, Sendable, Hashable, CaseIterable {
  case debit
  case credit

  public var opposite: Entry { self == .debit ? .credit : .debit }
}

/// A transfer's fixed category, shown where others show theirs; it is not in the catalog.
public enum Transfer {
  public static let category = "Transfer"
}

/// Whether a transaction has settled: typed entries are booked; a bank's feed also brings
/// pending and authorized ones (counted unless the person excludes them), memo lines and
/// rejected ones (never counted).
public enum TransactionStatus: String, Sendable, Hashable, CaseIterable {
  case booked
  case pending
  case authorized
  case memo
  case rejected

  /// Whether a row with this status counts in totals, balances and budgets.
  public func counts(pendingExcluded: Bool) -> Bool {
    switch self {
    case .booked: true
    case .pending, .authorized: !pendingExcluded
    case .memo, .rejected: false
    }
  }

  /// The statuses that count, for SQL filters.
  public static func counted(pendingExcluded: Bool) -> [TransactionStatus] {
    allCases.filter { $0.counts(pendingExcluded: pendingExcluded) }
  }

  /// Not yet settled: marked in listings.
  public var isUnsettled: Bool { self == .pending || self == .authorized }
}

/// The editable content of a transaction: everything but its identity and timestamps.
public struct TransactionFields: Hashable, Sendable {
  public var kind: Kind
  public var amount: Money
  public var category: String
  public var method: String
  public var merchant: String?
  public var note: String?
  public var date: LocalDate
  public var time: LocalTime?
  public var recurringID: Int64?
  /// The debt this transaction pays (`debts pay`): it lowers that debt's balance.
  public var debtID: Int64?
  public var importSource: String?
  public var externalReference: String?
  public var status: TransactionStatus
  /// The charge in its original currency, for a card charge abroad.
  public var foreignAmount: Money?
  /// The conversion rate, exact decimal text ("83.25"), never a float.
  public var rate: ExchangeRate?
  /// The account the money left (expense, transfer) or reached (income); nil without accounts.
  public var account: String?
  /// A transfer's other end: the account money reached (or came from, for a credit).
  public var counterAccount: String?
  /// A transfer's other end as a method, when there are no accounts (Cash for `atm 5000`).
  public var counterMethod: String?
  /// Debit or credit on `account` (see `Entry`); an expense is a debit, income a credit.
  public var entry: Entry
  /// The day the bank booked it, when that differs from the transaction date; totals use `date`.
  public var postedDate: LocalDate?
  /// The merchant category code a card statement gave (ISO 18245).
  public var mcc: Int?
  /// A transfer seen on both statements: the other statement's reference for it.
  public var counterReference: String?

  public init(
    kind: Kind, amount: Money, category: String, method: String, merchant: String? = nil,
    note: String? = nil, date: LocalDate, time: LocalTime? = nil, recurringID: Int64? = nil,
    importSource: String? = nil, externalReference: String? = nil, status: TransactionStatus = .booked,
    foreignAmount: Money? = nil, rate: ExchangeRate? = nil, debtID: Int64? = nil, account: String? = nil,
    counterAccount: String? = nil, counterMethod: String? = nil, entry: Entry? = nil, postedDate: LocalDate? = nil
  ) {
    self.kind = kind
    self.amount = amount
    self.category = category
    self.method = method
    self.merchant = merchant
    self.note = note
    self.date = date
    self.time = time
    self.recurringID = recurringID
    self.debtID = debtID
    self.importSource = importSource
    self.externalReference = externalReference
    self.status = status
    self.foreignAmount = foreignAmount
    self.rate = rate
    self.account = account
    self.counterAccount = counterAccount
    self.counterMethod = counterMethod
    self.entry = entry ?? kind.entry
    self.postedDate = postedDate
  }

  /// The amount with its sign: negative for an expense, zero for a transfer (it moves money
  /// without gaining or spending any).
  public var signedMinorUnits: Int64 {
    switch kind {
    case .expense: -amount.minorUnits
    case .income: amount.minorUnits
    case .transfer: 0
    }
  }
}

/// A stored transaction: its id, its current fields and when it was created and last changed.
public struct Transaction: Hashable, Sendable {
  public let id: Int64
  public var fields: TransactionFields
  public let createdAt: LocalDateTime
  public var updatedAt: LocalDateTime

  public init(id: Int64, fields: TransactionFields, createdAt: LocalDateTime, updatedAt: LocalDateTime) {
    self.id = id
    self.fields = fields
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
