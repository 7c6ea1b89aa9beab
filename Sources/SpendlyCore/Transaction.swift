/// Whether money went out (expense) or came in (income). The kind gives an amount its sign.
public enum Kind: String, Sendable, Hashable, CaseIterable {
  case expense
  case income

  /// The categories' side that matches this kind.
  public var side: Category.Side { self == .expense ? .expense : .income }
}

/// Whether a transaction has settled; imports may bring pending ones.
public enum TransactionStatus: String, Sendable, Hashable, CaseIterable {
  case booked
  case pending
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
  /// The conversion rate as decimal text ("83.25"), never a float.
  public var rate: String?

  public init(
    kind: Kind, amount: Money, category: String, method: String, merchant: String? = nil,
    note: String? = nil, date: LocalDate, time: LocalTime? = nil, recurringID: Int64? = nil,
    importSource: String? = nil, externalReference: String? = nil, status: TransactionStatus = .booked,
    foreignAmount: Money? = nil, rate: String? = nil, debtID: Int64? = nil
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
  }

  /// The amount with its sign: negative for an expense.
  public var signedMinorUnits: Int64 { kind == .expense ? -amount.minorUnits : amount.minorUnits }
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
